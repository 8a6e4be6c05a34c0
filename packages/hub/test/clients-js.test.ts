/**
 * The public JavaScript clients, pinned as npm installs them (@huggingface/hub, @huggingface/inference),
 * run everyday workflows against a hub on loopback with their public APIs only
 * (test/clients/workflows-js.ts). The hub serves its static-embedding model and a tiny llama GGUF written
 * here. One line per step: every step must say `ok`.
 */
import { describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { STATIC_EMBEDDINGS_MODEL, staticEmbeddings } from "../src/seed/catalogue/static-embeddings.js";
import { runJsWorkflows } from "./clients/workflows-js.js";
import { useLocalHub } from "./support/local-hub.js";
import { tinyLlamaChatModel } from "./support/tiny-llama.js";

const CHAT_MODEL = "acme/tiny-llama-gguf";

describe("JavaScript clients against a hub on loopback", () => {
	const hub = useLocalHub(
		"sqlite",
		async () => [...staticEmbeddings(), await tinyLlamaChatModel(CHAT_MODEL)],
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
