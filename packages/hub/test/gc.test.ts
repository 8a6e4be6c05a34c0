/**
 * gc removes what nothing references and keeps the rest, on every database engine and on the
 * disk and S3 stores: a deleted repository's blobs go, blobs another repository holds stay,
 * bytes being uploaded or just written stay, a dry run removes nothing, a second gc while one
 * runs does nothing, and claims on uploads no commit took up are forgotten after their week.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { withGcLockIfFree } from "../src/db/gc-lock.js";
import { loadSeed } from "../src/seed/load.js";
import { UNCOMMITTED_OBJECT_RETENTION_MS } from "../src/services/blob-references.js";
import { collectGarbage, scheduleGarbageCollection } from "../src/services/gc.js";
import { commitRaw, createRepoRaw, header, inline } from "./commits-fixture.js";
import { batch, contentOf, put, sha256Of } from "./lfs-fixture.js";
import { runCli } from "./support/cli.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { seedModel } from "./support/seed-records.js";
import { openTestStore, SETUPS, type TestStore } from "./support/stores.js";

const HOUR = 60 * 60 * 1000;
/** Past the grace period below, within the hour an upload URL lives. */
const GRACE = 10 * 60 * 1000;
const SOON = 30 * 60 * 1000;

describe.each(SETUPS)("gc ($label)", ({ engine, store }) => {
	let testDb: TestDatabase;
	let testStore: TestStore;
	let hub: TestHub;
	let server: Listening;
	let alice = "";

	const shared = Buffer.from("the same bytes in both repositories\n");
	const goneOnly = Buffer.from("only the deleted repository had these\n");
	const weightsA = contentOf(200 * 1024, 1);
	const weightsB = contentOf(150 * 1024, 2);
	const claimedC = contentOf(120 * 1024, 3);
	const orphanD = Buffer.from("written and never named by anything\n");

	async function upload(repo: string, bytes: Uint8Array): Promise<void> {
		const asked = await batch(server.url, `/${repo}`, alice, [{ oid: sha256Of(bytes), size: bytes.length }], ["basic"]);
		expect(asked.status).toBe(200);
		const href = asked.objects[0]?.actions?.upload.href;
		if (href) expect((await put(href, bytes)).status).toBe(200);
	}

	const lfsLine = (path: string, bytes: Uint8Array) => ({
		key: "lfsFile",
		value: { path, algo: "sha256", oid: sha256Of(bytes), size: bytes.length },
	});

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		testStore = await openTestStore(store, testDb.config.dataDir);
		hub = await openTestHub({ ...testDb.config, ...testStore.config }, testStore.store);
		server = await listen(hub.app);
		alice = (await createAccessToken(hub.deps.db, "alice", { role: "write" })).token;
		// Seeded files are blobs of seeded commits, like any other.
		await loadSeed(hub.deps, [seedModel("seeded/model")]);
		for (const name of ["keep", "gone"]) {
			expect((await createRepoRaw(server.url, alice, { name })).status).toBe(200);
		}
		expect(
			(await commitRaw(server.url, alice, "alice/keep", [header("shared"), inline("shared.txt", shared)])).status,
		).toBe(200);
		await upload("alice/gone", weightsA);
		await upload("alice/gone", weightsB);
		const committed = await commitRaw(server.url, alice, "alice/gone", [
			header("files"),
			inline("shared.txt", shared),
			inline("gone.txt", goneOnly),
			lfsLine("a.bin", weightsA),
			lfsLine("b.bin", weightsB),
		]);
		expect(committed.status).toBe(200);
		// Uploaded for a repository, not committed (yet).
		await upload("alice/keep", claimedC);
		await hub.deps.blobStore.put(orphanD);

		const deleted = await fetch(`${server.url}/api/repos/delete`, {
			method: "DELETE",
			headers: { authorization: `Bearer ${alice}`, "content-type": "application/json" },
			body: JSON.stringify({ name: "gone", type: "model" }),
		});
		expect(deleted.status).toBe(200);
		// After the delete, the same bytes as B are asked for again: an upload under way.
		const asked = await batch(server.url, "/alice/keep", alice, [{ oid: sha256Of(weightsB), size: weightsB.length }]);
		expect(asked.objects[0]?.actions?.upload.href).toBeDefined();
	});
	afterAll(async () => {
		await server.close();
		await hub.close();
		await testDb.cleanup();
		await testStore.cleanup();
	});

	it("leaves everything written within the grace period", async () => {
		const before = await testStore.blobs();
		const report = await collectGarbage(hub.deps);
		expect(report.ran).toBe(true);
		expect(report.removed).toEqual([]);
		expect(report.recent).toBe(report.scanned);
		expect(await testStore.blobs()).toEqual(before);
	});

	it("in a dry run, names what would go and its bytes, and removes nothing", async () => {
		const before = await testStore.blobs();
		const report = await collectGarbage(hub.deps, { dryRun: true, graceMs: GRACE, now: () => later(SOON) });
		expect(report.removed.map((blob) => blob.sha256).sort()).toEqual(
			[sha256Of(goneOnly), sha256Of(weightsA), sha256Of(orphanD)].sort(),
		);
		expect(report.removedBytes).toBe(goneOnly.length + weightsA.length + orphanD.length);
		expect(await testStore.blobs()).toEqual(before);
	});

	it("does nothing while another gc holds the lock", async () => {
		const before = await testStore.blobs();
		const held = await withGcLockIfFree(hub.deps.config, () => collectGarbage(hub.deps, { graceMs: 0 }));
		expect(held.locked).toBe(false);
		if (held.locked) return;
		expect(held.result.ran).toBe(false);
		expect(held.result.removed).toEqual([]);
		expect(await testStore.blobs()).toEqual(before);
	});

	it("removes a deleted repository's blobs, keeping those another repository, an upload or a claim holds", async () => {
		const report = await collectGarbage(hub.deps, { graceMs: GRACE, now: () => later(SOON) });
		expect(report.removed.map((blob) => blob.sha256).sort()).toEqual(
			[sha256Of(goneOnly), sha256Of(weightsA), sha256Of(orphanD)].sort(),
		);
		const left = await testStore.blobs();
		for (const gone of [goneOnly, weightsA, orphanD]) expect(left).not.toContain(sha256Of(gone));
		for (const kept of [shared, weightsB, claimedC]) expect(left).toContain(sha256Of(kept));
		const file = await fetch(`${server.url}/alice/keep/resolve/main/shared.txt`);
		expect(Buffer.from(await file.arrayBuffer())).toEqual(shared);
		// The files listing's size cache forgets removed blobs too.
		const cached = await hub.deps.db.selectFrom("blobs").select("sha256").execute();
		expect(cached.map((row) => row.sha256)).not.toContain(sha256Of(goneOnly));
		// A second run finds nothing more.
		expect((await collectGarbage(hub.deps, { graceMs: GRACE, now: () => later(SOON) })).removed).toEqual([]);
	});

	it("forgets expired uploads and claims no commit took up, then their bytes", async () => {
		const weekOn = () => later(UNCOMMITTED_OBJECT_RETENTION_MS + HOUR);
		const report = await collectGarbage(hub.deps, { graceMs: HOUR, now: weekOn });
		expect(report.forgottenClaims).toBeGreaterThan(0);
		const seeded = await fetch(`${server.url}/api/models/seeded/model/tree/main`);
		for (const entry of (await seeded.json()) as { path: string }[]) {
			expect((await fetch(`${server.url}/seeded/model/resolve/main/${entry.path}`)).status).toBe(200);
		}
		expect(report.removed.map((blob) => blob.sha256).sort()).toEqual([sha256Of(weightsB), sha256Of(claimedC)].sort());
		expect(await testStore.blobs()).toContain(sha256Of(shared));
		const uploads = await hub.deps.db.selectFrom("lfs_uploads").select("oid").execute();
		expect(uploads).toEqual([]);
	});

	it("runs as `hubkit gc`: --dry-run prints what would go, a run removes it, a held lock exits 1", async () => {
		const orphan = Buffer.from("left for the command to find\n");
		await hub.deps.blobStore.put(orphan);
		const env = { ...testStore.env, ...testDb.cliEnv };
		const args = ["gc", "--grace-minutes", "0", "--data", testDb.config.dataDir];

		const dry = await runCli([...args, "--dry-run"], env);
		expect(dry.code, dry.output).toBe(0);
		expect(dry.output).toContain(`would remove ${sha256Of(orphan)} ${orphan.length}`);
		expect(dry.output).toMatch(new RegExp(`would remove 1 blobs, ${orphan.length} bytes`));
		expect(await testStore.blobs()).toContain(sha256Of(orphan));

		const held = await withGcLockIfFree(hub.deps.config, () => runCli(args, env));
		expect(held.locked).toBe(false);
		if (!held.locked) {
			expect(held.result.code).toBe(1);
			expect(held.result.output).toContain("Another gc is running");
		}
		expect(await testStore.blobs()).toContain(sha256Of(orphan));

		const run = await runCli(args, env);
		expect(run.code, run.output).toBe(0);
		expect(run.output).toContain(`removed ${sha256Of(orphan)} ${orphan.length}`);
		expect(await testStore.blobs()).not.toContain(sha256Of(orphan));
		expect(await testStore.blobs()).toContain(sha256Of(shared));
	});

	it("runs on the hub's schedule", async () => {
		const orphan = Buffer.from("found by the scheduled run\n");
		await hub.deps.blobStore.put(orphan);
		// Every 50 ms with no grace period, so the test need not wait hours.
		const schedule = scheduleGarbageCollection({ ...hub.deps, config: { ...hub.deps.config, gcGraceMinutes: 0 } }, 50);
		try {
			while ((await testStore.blobs()).includes(sha256Of(orphan))) await sleep(50);
		} finally {
			await schedule.stop();
		}
		expect(await testStore.blobs()).toContain(sha256Of(shared));
	});
});

function later(ms: number): Date {
	return new Date(Date.now() + ms);
}
