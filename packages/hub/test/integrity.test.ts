/**
 * `checkIntegrity` (what `hubkit check` prints): a seeded hub is whole; a blob
 * gone from the store, a blob whose bytes changed, and a branch naming a commit
 * that is not there are each reported, on the disk store and on S3.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadSeed } from "../src/seed/load.js";
import { checkIntegrity } from "../src/services/integrity.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { openTestHub, type TestHub } from "./support/hub.js";
import { seedModel } from "./support/seed-records.js";
import { openTestStore, SETUPS, type TestStore } from "./support/stores.js";

describe.each(SETUPS)("checkIntegrity ($label)", ({ engine, store }) => {
	let database: TestDatabase;
	let testStore: TestStore;
	let hub: TestHub;

	async function seeded() {
		database = await startTestDatabase(engine);
		testStore = await openTestStore(store, database.config.dataDir);
		hub = await openTestHub(database.config, testStore.store);
		await loadSeed(hub.deps, [
			seedModel("someone/first", { files: [{ path: "config.json", content: '{"model_type":"bert"}\n' }] }),
			seedModel("someone/second", { files: [{ path: "notes.txt", content: "notes\n" }] }),
		]);
		const notes = await hub.deps.db
			.selectFrom("tree_entries")
			.select("blob_sha256")
			.where("name", "=", "notes.txt")
			.executeTakeFirstOrThrow();
		return notes.blob_sha256 ?? "";
	}

	afterEach(async () => {
		await hub.close();
		await database.cleanup();
		await testStore.cleanup();
	});

	it("finds a seeded hub whole", async () => {
		await seeded();
		const report = await checkIntegrity(hub.deps, { deep: true });
		expect(report.problems).toEqual([]);
		expect(report.repositories).toBe(2);
		expect(report.commits).toBe(2);
		expect(report.blobs).toBeGreaterThanOrEqual(4);
		expect((await testStore.blobs()).length).toBeGreaterThanOrEqual(4);
	});

	it("reports a missing blob, changed bytes (deep only) and a branch naming no commit", async () => {
		const notes = await seeded();
		await testStore.overwriteBlob(notes, new TextEncoder().encode("NOTES\n"));
		expect((await checkIntegrity(hub.deps)).problems).toEqual([]);
		expect((await checkIntegrity(hub.deps, { deep: true })).problems).toEqual([
			`blob ${notes} does not hash to its address: its bytes changed in the store`,
		]);

		await testStore.removeBlob(notes);
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
