/**
 * The public JavaScript clients, pinned as npm installs them (@huggingface/hub, @huggingface/inference),
 * run everyday workflows against a hub on loopback with their public APIs only
 * (test/clients/workflows-js.ts). The hub serves its static-embedding model and a tiny llama GGUF written
 * here. One line per step: every step must say `ok`. @huggingface/hub offers `xet` in its LFS batch
 * call and uploads through Xet only when the answer's transfer is `xet`: this hub answers `basic`
 * (its Xet upload path serves hf_xet's own protocol), so the 12 MB file goes over the LFS batch.
 */
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { STATIC_EMBEDDINGS_MODEL, staticEmbeddings } from "../src/seed/catalogue/static-embeddings.js";
import { runJsWorkflows } from "./clients/workflows-js.js";
import { createRepoRaw } from "./commits-fixture.js";
import { batch } from "./lfs-fixture.js";
import { useLocalHub } from "./support/local-hub.js";
import { requestCounts, requestsTo } from "./support/metrics.js";
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
		// The 12 MB files went over the LFS batch and its upload URLs; nothing through Xet.
		const requests = await requestCounts(hub.url);
		expect(requestsTo(requests, /^POST .*\/info\/lfs\/objects\/batch$/)).toBeGreaterThan(0);
		expect(requestsTo(requests, /^PUT .*\/info\/lfs\/uploads\//)).toBeGreaterThan(0);
		expect(requestsTo(requests, /xet-(write|read)-token|^\S+ \/v\d\/(xorbs|shards|chunks)/)).toBe(0);
		expect(await hub.deps.db.selectFrom("xet_xorbs").select("hash").execute()).toEqual([]);
	}, 180_000);

	it("answers @huggingface/hub's batch call, which offers xet, with the basic transfer", async () => {
		const token = (await createAccessToken(hub.deps.db, "dana", { role: "write" })).token;
		expect((await createRepoRaw(hub.url, token, { name: "batch-js" })).status).toBe(200);
		const bytes = randomBytes(1024);
		const oid = createHash("sha256").update(bytes).digest("hex");
		// The transfers, hash_algo and ref @huggingface/hub 2.17 sends (lfs-fixture.ts).
		const answer = await batch(hub.url, "/dana/batch-js", token, [{ oid, size: bytes.length }]);
		expect(answer.status).toBe(200);
		expect(answer.transfer).toBe("basic");
		expect(answer.objects[0]?.actions?.upload.href).toContain("/dana/batch-js.git/info/lfs/uploads/");
	});
});
