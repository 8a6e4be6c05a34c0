/**
 * Xet objects through gc, the storage quota and several hubs, with the xorb and shard a real
 * hf_xet 1.6 upload sent (src/xet/fixtures/): a xorb lives while a referenced file is made of it
 * (services/blob-references.ts) and then goes with its rows (services/gc.ts), counted apart in the
 * report; a new xorb is charged to the namespace that uploaded it and a shard's files to theirs
 * (services/quota.ts); and one hub's Xet token and xorbs serve another hub of the same database.
 */
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { MIGRATION_TABLE, migrateToLatest } from "../src/db/migrate.js";
import { allMigrations } from "../src/db/migrations/index.js";
import { openDatabase } from "../src/db/open.js";
import { UNCOMMITTED_OBJECT_RETENTION_MS } from "../src/services/blob-references.js";
import { collectGarbage } from "../src/services/gc.js";
import { namespaceUsage } from "../src/services/quota.js";
import { DEDUPE_ANSWER_LIFETIME_SECONDS, XetDedupe } from "../src/services/xet-dedupe.js";
import { parseShard } from "../src/xet/shard.js";
import { commitRaw, createRepoRaw, header } from "./commits-fixture.js";
import { runCli } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { openTestStore, type TestStore } from "./support/stores.js";
import { NOTES_SHA256, SHARD, TEXT, TEXT_SHA256, XORB, XORB_HASH } from "./support/xet-fixtures.js";

const FILES_BYTES = parseShard(SHARD).files.reduce(
	(sum, file) => sum + file.terms.reduce((total, term) => total + term.size, 0),
	0,
);

const HOUR = 60 * 60 * 1000;
const WEEK_ON = () => new Date(Date.now() + UNCOMMITTED_OBJECT_RETENTION_MS + HOUR);
const SOON = () => new Date(Date.now() + 2 * HOUR);

interface Hub {
	testDb: TestDatabase;
	testStore: TestStore;
	hub: TestHub;
	server: Listening;
}

async function openHub(engine: "sqlite" | "postgres", storageQuotaBytes?: number): Promise<Hub> {
	const testDb = await startTestDatabase(engine);
	const testStore = await openTestStore("disk", testDb.config.dataDir);
	const hub = await openTestHub({ ...testDb.config, storageQuotaBytes }, testStore.store);
	return { testDb, testStore, hub, server: await listen(hub.app) };
}

async function closeHub(opened: Hub): Promise<void> {
	await opened.server.close();
	await opened.hub.close();
	await opened.testDb.cleanup();
	await opened.testStore.cleanup();
}

/** The Xet calls hf_xet makes for `repo`, with `hubToken`, against the hub at `url`. */
function xetClient(url: string, hubToken: string, repo: string) {
	const token = async () => {
		const answer = await fetch(`${url}/api/models/${repo}/xet-write-token/main`, {
			headers: { authorization: `Bearer ${hubToken}` },
		});
		expect(answer.status).toBe(200);
		return ((await answer.json()) as { accessToken: string }).accessToken;
	};
	const post = async (path: string, body: Uint8Array, xetToken?: string, casUrl = url) =>
		fetch(`${casUrl}${path}`, {
			method: "POST",
			headers: { authorization: `Bearer ${xetToken ?? (await token())}` },
			body: Buffer.from(body),
		});
	return {
		token,
		xorb: (xetToken?: string, casUrl?: string) => post(`/v1/xorbs/default/${XORB_HASH}`, XORB, xetToken, casUrl),
		shard: (xetToken?: string, casUrl?: string) => post("/v1/shards", SHARD, xetToken, casUrl),
		commitText: (path = "table.csv") =>
			commitRaw(url, hubToken, repo, [
				header(`add ${path}`),
				{ key: "lfsFile", value: { path, algo: "sha256", oid: TEXT_SHA256, size: Buffer.byteLength(TEXT) } },
			]),
	};
}

describe.each(ENGINES)("Xet objects in gc (%s)", (engine) => {
	let opened: Hub;
	let alice = "";
	const rows = async () => {
		const db = opened.hub.deps.db;
		return {
			xorbs: (await db.selectFrom("xet_xorbs").select("hash").execute()).length,
			files: (await db.selectFrom("xet_files").select("sha256").orderBy("sha256").execute()).map((row) => row.sha256),
			fileXorbs: (await db.selectFrom("xet_file_xorbs").select("xorb_hash").execute()).length,
			dedupe: (await db.selectFrom("xet_dedupe_chunks").select("chunk_hash").execute()).length,
		};
	};
	const xorbBlob = async () =>
		(await opened.hub.deps.db.selectFrom("xet_xorbs").select("blob_sha256").executeTakeFirst())?.blob_sha256;

	beforeAll(async () => {
		opened = await openHub(engine);
		alice = (await createAccessToken(opened.hub.deps.db, "alice", { role: "write" })).token;
		for (const name of ["squashed", "gone"]) {
			expect((await createRepoRaw(opened.server.url, alice, { name })).status).toBe(200);
		}
	});
	afterAll(() => closeHub(opened));

	it("keeps a xorb no shard named within the grace period, and removes it and its rows after", async () => {
		const client = xetClient(opened.server.url, alice, "alice/squashed");
		expect((await client.xorb()).status).toBe(200);
		const blob = await xorbBlob();
		expect(blob).toBeDefined();
		expect((await collectGarbage(opened.hub.deps, { graceMs: 3 * HOUR, now: SOON })).removedXorbs).toBe(0);
		expect(await opened.hub.deps.blobStore.size(blob ?? "")).toBe(XORB.length);

		const dry = await collectGarbage(opened.hub.deps, { dryRun: true, graceMs: HOUR, now: SOON });
		expect(dry.removedXorbs).toBe(1);
		expect(dry.removedXorbBytes).toBe(XORB.length);
		expect(dry.removed).toContainEqual({ sha256: blob, size: XORB.length });
		expect((await rows()).xorbs).toBe(1);

		// `hubkit gc` prints the xorbs apart.
		const env = { ...opened.testStore.env, ...opened.testDb.cliEnv };
		const printed = await runCli(
			["gc", "--dry-run", "--grace-minutes", "0", "--data", opened.testDb.config.dataDir],
			env,
		);
		expect(printed.code, printed.output).toBe(0);
		expect(printed.output).toContain(`of them 1 Xet xorbs, ${XORB.length} bytes`);

		const run = await collectGarbage(opened.hub.deps, { graceMs: HOUR, now: SOON });
		expect(run.removedXorbs).toBe(1);
		expect(await opened.hub.deps.blobStore.size(blob ?? "")).toBeUndefined();
		expect(await rows()).toEqual({ xorbs: 0, files: [], fileXorbs: 0, dedupe: 0 });
	});

	it("keeps a xorb a dedupe answer named for as long as clients may build on that answer", async () => {
		const client = xetClient(opened.server.url, alice, "alice/squashed");
		expect((await client.xorb()).status).toBe(200);
		const chunk = "d".repeat(64);
		await opened.hub.deps.db
			.insertInto("xet_dedupe_chunks")
			.values({ chunk_hash: chunk, xorb_hash: XORB_HASH })
			.execute();
		const dedupe = new XetDedupe(opened.hub.deps);
		expect(await dedupe.answer(chunk)).toBeDefined();

		expect((await collectGarbage(opened.hub.deps, { graceMs: HOUR, now: SOON })).removedXorbs).toBe(0);
		const afterAnswer = () => new Date(Date.now() + DEDUPE_ANSWER_LIFETIME_SECONDS * 1000 + HOUR);
		expect((await collectGarbage(opened.hub.deps, { graceMs: HOUR, now: afterAnswer })).removedXorbs).toBe(1);
		expect(await rows()).toEqual({ xorbs: 0, files: [], fileXorbs: 0, dedupe: 0 });
	});

	it("keeps the xorb while a commit names a file made of it, past the claims' week", async () => {
		const client = xetClient(opened.server.url, alice, "alice/squashed");
		const token = await client.token();
		expect(await (await client.xorb(token)).json()).toEqual({ was_inserted: true });
		expect((await client.shard(token)).status).toBe(200);
		expect((await client.commitText()).status).toBe(200);
		// The shard indexed each file's first chunk for dedupe; one more entry, to see them all kept.
		await opened.hub.deps.db
			.insertInto("xet_dedupe_chunks")
			.values({ chunk_hash: "c".repeat(64), xorb_hash: XORB_HASH })
			.execute();
		const before = await rows();
		expect(before).toEqual({ xorbs: 1, files: [NOTES_SHA256, TEXT_SHA256].sort(), fileXorbs: 2, dedupe: 3 });

		const report = await collectGarbage(opened.hub.deps, { graceMs: HOUR, now: WEEK_ON });
		expect(report.removedXorbs).toBe(0);
		// The small file was claimed and never committed: its blob and its row go, the xorb stays.
		expect(report.removed.map((blob) => blob.sha256)).toContain(NOTES_SHA256);
		expect(await opened.hub.deps.blobStore.size((await xorbBlob()) ?? "")).toBe(XORB.length);
		expect(await rows()).toMatchObject({ xorbs: 1, files: [TEXT_SHA256], dedupe: before.dedupe });
		const read = await fetch(`${opened.server.url}/alice/squashed/resolve/main/table.csv`);
		expect(await read.text()).toBe(TEXT);
	});

	it("keeps it while any commit names the file: deleted at the head, the history squashed", async () => {
		const url = opened.server.url;
		const deleted = await commitRaw(url, alice, "alice/squashed", [
			header("drop the table"),
			{ key: "deletedFile", value: { path: "table.csv" } },
		]);
		expect(deleted.status).toBe(200);
		const squash = await fetch(`${url}/api/models/alice/squashed/super-squash/main`, {
			method: "POST",
			headers: { authorization: `Bearer ${alice}`, "content-type": "application/json" },
			body: JSON.stringify({ message: "afresh" }),
		});
		expect(squash.status).toBe(200);
		// The squashed commits stay in the database (gc keeps what any commit row names), and so the xorb.
		const report = await collectGarbage(opened.hub.deps, { graceMs: HOUR, now: WEEK_ON });
		expect(report.removedXorbs).toBe(0);
		expect(report.removed.map((removed) => removed.sha256)).not.toContain(TEXT_SHA256);
		expect(await rows()).toMatchObject({ xorbs: 1, files: [TEXT_SHA256] });
	});

	it("reclaims the xorb and its rows once the repository is deleted, like its LFS blobs", async () => {
		const url = opened.server.url;
		const blob = await xorbBlob();
		const gone = await fetch(`${url}/api/repos/delete`, {
			method: "DELETE",
			headers: { authorization: `Bearer ${alice}`, "content-type": "application/json" },
			body: JSON.stringify({ name: "squashed", type: "model" }),
		});
		expect(gone.status).toBe(200);
		const dry = await collectGarbage(opened.hub.deps, { dryRun: true, graceMs: HOUR, now: WEEK_ON });
		expect(dry.removedXorbs).toBe(1);
		expect((await rows()).xorbs).toBe(1);
		const report = await collectGarbage(opened.hub.deps, { graceMs: HOUR, now: WEEK_ON });
		expect(report.removedXorbs).toBe(1);
		expect(report.removedXorbBytes).toBe(XORB.length);
		const removed = report.removed.map((entry) => entry.sha256);
		expect(removed).toContain(blob);
		expect(removed).toContain(TEXT_SHA256);
		expect(await rows()).toEqual({ xorbs: 0, files: [], fileXorbs: 0, dedupe: 0 });
		// Uploaded again afterwards, it is stored afresh.
		const again = xetClient(url, alice, "alice/gone");
		const fresh = await again.token();
		expect(await (await again.xorb(fresh)).json()).toEqual({ was_inserted: true });
		expect((await again.shard(fresh)).status).toBe(200);
		expect((await again.commitText()).status).toBe(200);
		expect(await (await fetch(`${url}/alice/gone/resolve/main/table.csv`)).text()).toBe(TEXT);
	});
});

describe.each(ENGINES)("Xet objects and the storage quota (%s)", (engine) => {
	/** What a new repository holds (its .gitattributes) before any upload. */
	const CREATED = 1465;
	const limits = {
		tight: CREATED + XORB.length - 1,
		xorbOnly: CREATED + XORB.length + 10,
		room: 10 * (XORB.length + FILES_BYTES),
	};

	it("refuses a new xorb that would take the namespace over, before storing it", async () => {
		const opened = await openHub(engine, limits.tight);
		try {
			const alice = (await createAccessToken(opened.hub.deps.db, "alice", { role: "write" })).token;
			expect((await createRepoRaw(opened.server.url, alice, { name: "limited" })).status).toBe(200);
			const refused = await xetClient(opened.server.url, alice, "alice/limited").xorb();
			expect(refused.status).toBe(413);
			expect(refused.headers.get("x-error-code")).toBe("StorageQuotaExceeded");
			expect((await namespaceUsage(opened.hub.deps.db, "alice")).bytes).toBe(CREATED);
			expect(((await refused.json()) as { error: string }).error).toMatch(/alice uses 1\.4 KiB \(1465 bytes\)/);
			expect(await opened.hub.deps.db.selectFrom("xet_xorbs").select("hash").execute()).toEqual([]);
			expect(await opened.testStore.blobs()).toHaveLength(1);
		} finally {
			await closeHub(opened);
		}
	});

	it("charges the xorb to its uploader until a shard names it, then to the files' namespaces", async () => {
		const opened = await openHub(engine, limits.xorbOnly);
		try {
			const db = opened.hub.deps.db;
			const alice = (await createAccessToken(db, "alice", { role: "write" })).token;
			expect((await createRepoRaw(opened.server.url, alice, { name: "limited" })).status).toBe(200);
			const client = xetClient(opened.server.url, alice, "alice/limited");
			expect((await client.xorb()).status).toBe(200);
			expect((await namespaceUsage(db, "alice")).bytes).toBe(CREATED + XORB.length);
			// The files would not fit beside the xorb.
			const shard = await client.shard();
			expect(shard.status).toBe(413);
			expect(shard.headers.get("x-error-code")).toBe("StorageQuotaExceeded");
			expect(await db.selectFrom("lfs_objects").select("oid").execute()).toEqual([]);
		} finally {
			await closeHub(opened);
		}
	});

	it("counts a Xet file and its xorbs once per namespace holding it, whoever uploaded the xorb", async () => {
		const opened = await openHub(engine, limits.room);
		try {
			const db = opened.hub.deps.db;
			const url = opened.server.url;
			const alice = (await createAccessToken(db, "alice", { role: "write" })).token;
			const bob = (await createAccessToken(db, "bob", { role: "write" })).token;
			expect((await createRepoRaw(url, alice, { name: "first" })).status).toBe(200);
			expect((await createRepoRaw(url, bob, { name: "second" })).status).toBe(200);
			const aliceClient = xetClient(url, alice, "alice/first");
			expect((await aliceClient.xorb()).status).toBe(200);
			expect((await aliceClient.shard()).status).toBe(200);
			expect((await aliceClient.commitText()).status).toBe(200);
			const whole = CREATED + XORB.length + FILES_BYTES;
			expect((await namespaceUsage(db, "alice")).bytes).toBe(whole);
			expect((await namespaceUsage(db, "bob")).bytes).toBe(CREATED);

			// Bob sends the same xorb (kept once, charged to nobody new) and his own shard: charged whole too.
			const bobClient = xetClient(url, bob, "bob/second");
			expect(await (await bobClient.xorb()).json()).toEqual({ was_inserted: false });
			expect((await namespaceUsage(db, "bob")).bytes).toBe(CREATED);
			expect((await bobClient.shard()).status).toBe(200);
			expect((await namespaceUsage(db, "bob")).bytes).toBe(whole);
			expect((await namespaceUsage(db, "alice")).bytes).toBe(whole);
			// The settings page reports the same.
			const storage = await fetch(`${url}/api/settings/storage`, { headers: { authorization: `Bearer ${alice}` } });
			expect(((await storage.json()) as { usedBytes: number }).usedBytes).toBe(whole);
		} finally {
			await closeHub(opened);
		}
	});
});

describe("Xet uploads across two hubs of one database and store", () => {
	let first: Hub;
	let second: TestHub;
	let secondServer: Listening;

	beforeAll(async () => {
		first = await openHub("sqlite");
		second = await openTestHub(first.testDb.config, first.testStore.store);
		secondServer = await listen(second.app);
	});
	afterAll(async () => {
		await secondServer.close();
		await second.close();
		await closeHub(first);
	});

	it("takes a token from one hub, the xorb on the other, the shard on the first and serves the file from both", async () => {
		const alice = (await createAccessToken(first.hub.deps.db, "alice", { role: "write" })).token;
		expect((await createRepoRaw(first.server.url, alice, { name: "spread" })).status).toBe(200);
		const client = xetClient(first.server.url, alice, "alice/spread");
		const token = await client.token();
		expect(await (await client.xorb(token, secondServer.url)).json()).toEqual({ was_inserted: true });
		expect((await client.shard(token, first.server.url)).status).toBe(200);
		expect((await client.commitText()).status).toBe(200);
		for (const url of [first.server.url, secondServer.url]) {
			expect(await (await fetch(`${url}/alice/spread/resolve/main/table.csv`)).text()).toBe(TEXT);
		}
	});
});

describe.each(ENGINES)("migration 0022 on %s", (engine) => {
	it("fills which xorbs each file stored before it is made of", async () => {
		const testDb = await startTestDatabase(engine);
		const database = openDatabase(testDb.config);
		try {
			const migrator = new Migrator({
				db: database.db,
				provider: { getMigrations: async () => allMigrations(engine) },
				migrationTableName: MIGRATION_TABLE,
				migrationLockTableName: "hubkit_migrations_lock",
			});
			expect((await migrator.migrateTo("0021-xet-files")).error).toBeUndefined();
			const [a, b] = ["a".repeat(64), "b".repeat(64)];
			const terms = [
				[a, 0, 2, 100],
				[b, 0, 1, 50],
				[a, 2, 3, 10],
			];
			await database.db
				.insertInto("xet_files")
				.values({
					file_hash: "f".repeat(64),
					sha256: TEXT_SHA256,
					size: 160,
					terms: JSON.stringify(terms),
					created_at: "",
				})
				.execute();
			expect(await migrateToLatest(database.db, database.engine)).toContain("0022-xet-lifecycle");
			const rows = await database.db.selectFrom("xet_file_xorbs").selectAll().orderBy("xorb_hash").execute();
			expect(rows).toEqual([
				{ file_hash: "f".repeat(64), xorb_hash: a },
				{ file_hash: "f".repeat(64), xorb_hash: b },
			]);
		} finally {
			await database.close();
			await testDb.cleanup();
		}
	});
});
