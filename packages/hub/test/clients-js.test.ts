/**
 * The public JavaScript clients, pinned as npm installs them (@huggingface/hub, @huggingface/inference),
 * run everyday workflows against a hub on loopback with their public APIs only
 * (test/clients/workflows-js.ts). The hub serves its static-embedding model and a tiny llama GGUF written
 * here. One line per step: every step must say `ok`.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeTinyLlama } from "@hubkit/runtime/models";
import { describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { STATIC_EMBEDDINGS_MODEL, staticEmbeddings } from "../src/seed/catalogue/static-embeddings.js";
import { runJsWorkflows } from "./clients/workflows-js.js";
import { useLocalHub } from "./support/local-hub.js";
import { seedModel } from "./support/seed-records.js";

const CHAT_MODEL = "acme/tiny-llama-gguf";

async function tinyLlamaBytes(): Promise<Uint8Array> {
	const directory = await mkdtemp(join(tmpdir(), "hubkit-js-clients-"));
	try {
		await writeTinyLlama(join(directory, "model.gguf"), { seed: 7 });
		return new Uint8Array(await readFile(join(directory, "model.gguf")));
	} finally {
		await rm(directory, { recursive: true, force: true });
	}
}

describe("JavaScript clients against a hub on loopback", () => {
	const hub = useLocalHub(
		"sqlite",
		async () => {
			const chat = seedModel(CHAT_MODEL, {
				pipeline_tag: "text-generation",
				library_name: "gguf",
				tags: ["gguf", "text-generation", "conversational"],
				files: [{ path: "tiny-llama-F32.gguf", content: await tinyLlamaBytes() }],
			});
			return [...staticEmbeddings(), chat];
		},
		// llama.cpp's threads spin waiting for each other: one thread on a shared machine.
		{ runtime: { completionThreads: 1 } },
	);

	it("@huggingface/hub 2.17 and @huggingface/inference 4.13: every everyday step passes", async () => {
		const token = (await createAccessToken(hub.deps.db, "dana", { role: "write" })).token;
		const lines = await runJsWorkflows({
			hubUrl: hub.url,
			accessToken: token,
			user: "dana",
			embeddingsModel: STATIC_EMBEDDINGS_MODEL,
			chatModel: CHAT_MODEL,
		});
		expect(lines.filter((line) => !line.startsWith("ok "))).toEqual([]);
		expect(lines).toHaveLength(11);
	}, 180_000);
});
