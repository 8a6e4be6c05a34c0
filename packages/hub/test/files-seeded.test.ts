import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { downloadFile, listFiles, snapshotDownload } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSeed } from "../src/seed/load.js";
import { PLACEHOLDER_MAX_BYTES } from "../src/seed/seed-blobs.js";
import { DiskBlobStore } from "../src/storage/disk-store.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { seedModel } from "./support/seed-records.js";

// The seed loader's output, served: real content where the record has it, capped
// placeholders where it only claims a size (a 440 MB weights file, here).
describe("file routes over the seed loader's repositories", () => {
	let database: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let storeRoot: string;

	beforeAll(async () => {
		database = await startTestDatabase("sqlite");
		storeRoot = mkdtempSync(join(tmpdir(), "hubkit-seeded-store-"));
		hub = await openTestHub(database.config, new DiskBlobStore(storeRoot));
		await loadSeed(hub.deps, [seedModel("acme/seeded")]);
		server = await listen(hub.app);
	});
	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await database?.cleanup();
		rmSync(storeRoot, { recursive: true, force: true });
	});

	it("lists the claimed sizes, with the weights as an LFS file", async () => {
		const entries = [];
		for await (const entry of listFiles({ repo: "acme/seeded", hubUrl: server.url })) entries.push(entry);
		const byPath = new Map(entries.map((entry) => [entry.path, entry]));
		expect([...byPath.keys()].sort()).toEqual(["README.md", "config.json", "model.safetensors"]);
		expect(byPath.get("model.safetensors")?.size).toBe(440_000_000);
		expect(byPath.get("model.safetensors")?.lfs?.size).toBe(440_000_000);
		expect(byPath.get("config.json")?.lfs).toBeUndefined();
	});

	it("serves the README and config the record holds", async () => {
		const readme = await downloadFile({ repo: "acme/seeded", path: "README.md", hubUrl: server.url });
		expect(await readme?.text()).toContain("# acme/seeded");
		const config = await fetch(`${server.url}/acme/seeded/resolve/main/config.json`);
		expect(await config.text()).toBe('{"model_type":"bert"}\n');
	});

	it("serves a placeholder at its stored size, with HEAD, Range and X-Linked-Size agreeing with the body", async () => {
		const url = `${server.url}/acme/seeded/resolve/main/model.safetensors`;
		const head = await fetch(url, { method: "HEAD" });
		expect(head.headers.get("x-linked-size")).toBe(String(PLACEHOLDER_MAX_BYTES));
		expect(head.headers.get("content-length")).toBe(String(PLACEHOLDER_MAX_BYTES));
		const probe = await fetch(url, { headers: { Range: "bytes=0-0" } });
		expect(probe.headers.get("content-range")).toBe(`bytes 0-0/${PLACEHOLDER_MAX_BYTES}`);
		await probe.arrayBuffer();
		const body = await (await fetch(url)).arrayBuffer();
		expect(body.byteLength).toBe(PLACEHOLDER_MAX_BYTES);
		expect(new TextDecoder().decode(body.slice(0, 26))).toBe("hubkit sample placeholder:");
	});

	it("downloads the whole repository with @huggingface/hub snapshotDownload (model info, tree, paths-info, resolve)", async () => {
		const cacheDir = mkdtempSync(join(tmpdir(), "hubkit-hf-cache-"));
		try {
			const snapshot = await snapshotDownload({ repo: "acme/seeded", cacheDir, hubUrl: server.url });
			expect(readFileSync(join(snapshot, "config.json"), "utf8")).toBe('{"model_type":"bert"}\n');
			expect(readFileSync(join(snapshot, "README.md"), "utf8")).toContain("# acme/seeded");
			expect(readFileSync(join(snapshot, "model.safetensors")).byteLength).toBe(PLACEHOLDER_MAX_BYTES);
		} finally {
			rmSync(cacheDir, { recursive: true, force: true });
		}
	});
});
