/**
 * A chat model the e2e hub runs itself: a llama GGUF with random weights that
 * the setup writes (packages/hub's tiny-llama, as the hub's own tests do). Its
 * text is nonsense, letters and spaces, and it almost never ends on its own, so
 * an answer runs to the widget's token limit: long enough to watch it stream and
 * to stop it halfway.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { SeedModel } from "@hubkit/hub";
// @ts-expect-error the hub's built test helper, outside the package's exports (as bench/llama-stream.mjs loads it)
import { writeTinyLlama } from "@hubkit/runtime/models";

export const LOCAL_CHAT_MODEL = "hubkit-test/tiny-chat-gguf";

/** Writes the GGUF into `directory` and returns the seed record that carries it. */
export async function localChatModel(directory: string): Promise<SeedModel> {
	const path = join(directory, "tiny-chat-F32.gguf");
	await writeTinyLlama(path, { seed: 7, context: 4096, name: "tiny-chat" });
	return {
		id: LOCAL_CHAT_MODEL,
		author: "hubkit-test",
		pipeline_tag: "text-generation",
		library_name: "gguf",
		tags: ["gguf", "text-generation", "conversational", "license:mit"],
		downloads: 1,
		likes: 0,
		createdAt: "2025-01-01T00:00:00.000Z",
		lastModified: "2025-01-02T00:00:00.000Z",
		cardData: { license: "mit" },
		readme: `# ${LOCAL_CHAT_MODEL}\n\nA llama model with random weights: it writes nonsense, quickly.\n`,
		files: [{ path: "tiny-chat-F32.gguf", content: new Uint8Array(await readFile(path)) }],
		inferenceProviderMapping: [],
	};
}
