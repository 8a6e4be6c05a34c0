import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleCatalogue } from "../src/seed/catalogue/index.js";
import { loadSeed } from "../src/seed/load.js";
import type { SeedModel } from "../src/seed/types.js";
import { DiskBlobStore } from "../src/storage/disk-store.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

interface Entry {
	type: string;
	path: string;
	size: number;
	lfs?: { oid: string };
}

// Every public model of the sample catalogue lists its files and serves them with the right headers.
describe("file routes over the whole sample catalogue", () => {
	let database: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let storeRoot: string;
	let models: SeedModel[];

	beforeAll(async () => {
		database = await startTestDatabase("sqlite");
		storeRoot = mkdtempSync(join(tmpdir(), "hubkit-catalogue-store-"));
		hub = await openTestHub(database.config, new DiskBlobStore(storeRoot));
		models = sampleCatalogue();
		await loadSeed(hub.deps, models);
		server = await listen(hub.app);
	});
	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await database?.cleanup();
		rmSync(storeRoot, { recursive: true, force: true });
	});

	it("lists each public model's files and answers HEAD with the metadata huggingface_hub needs", async () => {
		const publicModels = models.filter((model) => !model.private);
		expect(publicModels.length).toBeGreaterThan(100);
		for (const model of publicModels) {
			const response = await fetch(`${server.url}/api/models/${model.id}/tree/main?recursive=true`);
			expect(response.status, model.id).toBe(200);
			const files = ((await response.json()) as Entry[]).filter((entry) => entry.type === "file");
			expect(files.map((file) => file.path).sort(), model.id).toEqual(
				[...new Set(["README.md", ...model.files.map((file) => file.path)])].sort(),
			);
			// Three files per model keep this quick: the first, one LFS file if any, and the last.
			const sample = new Set([files[0], files.find((file) => file.lfs), files.at(-1)]);
			await Promise.all(
				[...sample].map(async (file) => {
					if (!file) return;
					const where = `${model.id}/${file.path}`;
					const head = await fetch(`${server.url}/${model.id}/resolve/main/${file.path}`, { method: "HEAD" });
					if (model.gated && file.path !== "README.md" && file.path !== ".gitattributes") {
						expect(head.status, where).toBe(401);
						return;
					}
					expect(head.status, where).toBe(200);
					expect(head.headers.get("x-repo-commit"), where).toMatch(/^[0-9a-f]{40}$/);
					if (file.lfs) {
						expect(head.headers.get("etag"), where).toBe(`"${file.lfs.oid}"`);
						expect(head.headers.get("x-linked-etag"), where).toBe(`"${file.lfs.oid}"`);
					} else {
						expect(head.headers.get("etag"), where).toMatch(/^"[0-9a-f]{40}"$/);
					}
				}),
			);
		}
	});
	it("redirects an old bare id's downloads to the renamed model, and answers other bare names as missing", async () => {
		const manual = await fetch(`${server.url}/distilroberta-base/resolve/main/config.json?download=true`, {
			redirect: "manual",
		});
		expect(manual.status).toBe(307);
		expect(manual.headers.get("location")).toBe(
			"/distilbert/distilroberta-base/resolve/main/config.json?download=true",
		);
		const followed = await fetch(`${server.url}/distilroberta-base/resolve/main/config.json`);
		const direct = await fetch(`${server.url}/distilbert/distilroberta-base/resolve/main/config.json`);
		expect(followed.status).toBe(200);
		expect(await followed.text()).toBe(await direct.text());
		const raw = await fetch(`${server.url}/distilroberta-base/raw/main/README.md`, { redirect: "manual" });
		expect(raw.headers.get("location")).toBe("/distilbert/distilroberta-base/raw/main/README.md");
		const unknown = await fetch(`${server.url}/no-such-bare-model/resolve/main/config.json`);
		expect(unknown.status).toBe(401);
		expect(unknown.headers.get("x-error-code")).toBe("RepoNotFound");
		expect(await unknown.json()).toEqual({ error: expect.stringContaining("no-such-bare-model") });
	});
});
