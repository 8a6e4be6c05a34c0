/**
 * The tiny llama GGUF the tests chat with (random weights, a character vocabulary, a ChatML template:
 * `packages/runtime/src/llama/tiny-llama.ts`), as bytes and as a chat model repository to seed.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type TinyLlamaOptions, writeTinyLlama } from "@hubkit/runtime/models";
import type { SeedModel } from "../../src/seed/types.js";
import { seedModel } from "./seed-records.js";

/** A tiny llama's GGUF bytes: the writer writes a file, read back here and removed. */
export async function tinyLlama(options: TinyLlamaOptions): Promise<Uint8Array> {
	const directory = await mkdtemp(join(tmpdir(), "hubkit-gguf-test-"));
	try {
		await writeTinyLlama(join(directory, "model.gguf"), options);
		return new Uint8Array(await readFile(join(directory, "model.gguf")));
	} finally {
		await rm(directory, { recursive: true, force: true });
	}
}

/** A conversational GGUF model repository `id` holding a tiny llama (seed 7), which the hub's llama.cpp engine runs. */
export async function tinyLlamaChatModel(id: string): Promise<SeedModel> {
	return seedModel(id, {
		pipeline_tag: "text-generation",
		library_name: "gguf",
		tags: ["gguf", "text-generation", "conversational"],
		files: [
			{ path: "README.md", content: "# tiny\n" },
			{ path: "tiny-llama-F32.gguf", content: await tinyLlama({ seed: 7 }) },
		],
	});
}
