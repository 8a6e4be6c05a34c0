/**
 * `checkIntegrity` (what `hubkit check` prints): a seeded hub is whole; a blob
 * gone from the store, a blob whose bytes changed, and a branch naming a commit
 * that is not there are each reported.
 */
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSeed } from "../src/seed/load.js";
import { checkIntegrity } from "../src/services/integrity.js";
import { DiskBlobStore } from "../src/storage/disk-store.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { openTestHub, type TestHub } from "./support/hub.js";
import { seedModel } from "./support/seed-records.js";

/** The path of a stored blob on disk (the disk store's layout: blobs/ab/cdef…). */
function blobPath(root: string, sha256: string): string {
	return join(root, "blobs", sha256.slice(0, 2), sha256.slice(2));
}

describe.each(ENGINES)("checkIntegrity (%s)", (engine) => {
	let database: TestDatabase;
	let hub: TestHub;
	let root: string;

	async function seeded() {
		database = await startTestDatabase(engine);
		root = join(database.config.dataDir, "store");
		hub = await openTestHub(database.config, new DiskBlobStore(root));
		await loadSeed(hub.deps, [
			seedModel("someone/first", { files: [{ path: "config.json", content: '{"model_type":"bert"}\n' }] }),
			seedModel("someone/second", { files: [{ path: "notes.txt", content: "notes\n" }] }),
		]);
		const notes = await hub.deps.db
			.selectFrom("commit_files")
			.select("blob_sha256")
			.where("path", "=", "notes.txt")
			.executeTakeFirstOrThrow();
		return notes.blob_sha256;
	}

	afterEach(async () => {
		await hub.close();
		await database.cleanup();
	});

	it("finds a seeded hub whole", async () => {
		await seeded();
		const report = await checkIntegrity(hub.deps, { deep: true });
		expect(report.problems).toEqual([]);
		expect(report.repositories).toBe(2);
		expect(report.commits).toBe(2);
		expect(report.blobs).toBeGreaterThanOrEqual(4);
		expect(readdirSync(join(root, "blobs")).length).toBeGreaterThan(0);
	});

	it("reports a missing blob, changed bytes (deep only) and a branch naming no commit", async () => {
		const notes = await seeded();
		writeFileSync(blobPath(root, notes), "NOTES\n");
		expect((await checkIntegrity(hub.deps)).problems).toEqual([]);
		expect((await checkIntegrity(hub.deps, { deep: true })).problems).toEqual([
			`blob ${notes} does not hash to its address: its bytes changed on disk`,
		]);

		rmSync(blobPath(root, notes));
		await hub.deps.db
			.updateTable("refs")
			.set({ commit_sha: "0".repeat(40) })
			.where("repo_id", "=", "someone/first")
			.execute();
		const { problems } = await checkIntegrity(hub.deps);
		expect(problems).toContain(`blob ${notes} is referenced by a commit but missing from the store`);
		expect(problems).toContain(`someone/first: branch main names ${"0".repeat(40)}, which is not a commit of it`);
		expect(problems.some((line) => line.startsWith("model someone/first: its record says"))).toBe(true);
	});
});
