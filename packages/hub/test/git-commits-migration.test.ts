/**
 * A data directory from before migration 0023 (commit ids of the hub's own making) after it:
 * every commit has its git id and stored object (git agrees on the id), parents, a merge's
 * other parent, branches, tags and the records follow, and the old ids still answer on the
 * API (tree, resolve, a commit's `parentCommit`) through `commit_aliases`. `hubkit check`
 * finds nothing wrong. Both engines.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, Migrator } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { allMigrations } from "../src/db/migrations/index.js";
import { openDatabase } from "../src/db/open.js";
import type { Database } from "../src/db/schema.js";
import { parseCommit } from "../src/git/objects.js";
import { gitBlobOid } from "../src/git-oid.js";
import { checkIntegrity } from "../src/services/integrity.js";
import { storeTrees } from "../src/services/trees.js";
import type { BlobStore } from "../src/storage/blob-store.js";
import { buildTrees } from "../src/storage/git-trees.js";
import { commitRaw, header, inline } from "./commits-fixture.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { memoryBlobStore } from "./support/memory-blob-store.js";

const MIGRATION = "0023-git-commit-objects";

/** The tables as version 22 had them. */
interface OldTables extends Omit<Database, "commits"> {
	commits: Omit<Database["commits"], "git_object">;
}

const ROOT = "a".repeat(40);
const LEFT = "b".repeat(40);
const RIGHT = "c".repeat(40);
const MERGE = "d".repeat(40);
const DATASET = "e".repeat(40);

async function insertOldCommit(
	db: Kysely<OldTables>,
	store: BlobStore,
	repo: string,
	sha: string,
	parents: string[],
	files: Record<string, string>,
	author: string | null,
): Promise<void> {
	const snapshot = [];
	for (const [path, content] of Object.entries(files)) {
		const blob = await store.put(new TextEncoder().encode(content));
		await db
			.insertInto("blobs")
			.values({ sha256: blob.sha256, size: blob.size })
			.onConflict((conflict) => conflict.column("sha256").doNothing())
			.execute();
		snapshot.push({ path, blobSha256: blob.sha256, size: blob.size, gitOid: gitBlobOid(content) });
	}
	const trees = buildTrees(snapshot);
	await storeTrees(db as unknown as Kysely<Database>, trees.trees);
	await db
		.insertInto("commits")
		.values({
			repo_id: repo,
			sha,
			parent_sha: parents[0] ?? null,
			message: `commit ${sha.slice(0, 4)}`,
			created_at: "2024-05-01T12:00:00.250Z",
			author,
			tree_oid: trees.root,
		})
		.execute();
	for (const [index, parent] of parents.slice(1).entries()) {
		await db
			.insertInto("commit_merge_parents")
			.values({ repo_id: repo, commit_sha: sha, position: index + 1, parent_sha: parent })
			.execute();
	}
}

function record(id: string, sha: string) {
	const [author = "", name = ""] = id.split("/");
	return {
		id,
		author,
		name,
		private: 0,
		gated: null,
		downloads: 0,
		likes: 0,
		trending_score: 0,
		created_at: "2024-05-01T12:00:00.000Z",
		last_modified: "2024-05-01T12:00:00.000Z",
		sha,
		tags: "[]",
		card_data: null,
		owner: author,
		main_size: 0,
	};
}

describe.each(ENGINES)("migration 0023 on %s", (engine) => {
	let testDb: TestDatabase | undefined;
	let hub: TestHub | undefined;
	let server: Listening | undefined;
	let home: string | undefined;
	afterEach(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
		if (home) await rm(home, { recursive: true, force: true });
	});

	it("re-hashes every history bottom-up and keeps the old ids resolving", async () => {
		testDb = await startTestDatabase(engine);
		const store = memoryBlobStore();
		const database = openDatabase(testDb.config);
		const names = Object.keys(allMigrations(engine));
		const migrator = new Migrator({
			db: database.db,
			provider: { getMigrations: async () => allMigrations(engine) },
			migrationTableName: "hubkit_migrations",
			migrationLockTableName: "hubkit_migrations_lock",
		});
		expect((await migrator.migrateTo(names[names.indexOf(MIGRATION) - 1] as string)).error).toBeUndefined();
		const old = database.db as unknown as Kysely<OldTables>;
		await insertOldCommit(old, store, "acme/old", ROOT, [], { "README.md": "# root\n" }, null);
		await insertOldCommit(old, store, "acme/old", LEFT, [ROOT], { "README.md": "# left\n" }, "acme");
		await insertOldCommit(old, store, "acme/old", RIGHT, [ROOT], { "README.md": "# root\n", "b.txt": "b\n" }, "acme");
		await insertOldCommit(
			old,
			store,
			"acme/old",
			MERGE,
			[LEFT, RIGHT],
			{ "README.md": "# left\n", "b.txt": "b\n" },
			"acme",
		);
		await insertOldCommit(old, store, "datasets/acme/data", DATASET, [], { "README.md": "# data\n" }, "acme");
		await old
			.insertInto("models")
			.values({
				...record("acme/old", MERGE),
				pipeline_tag: null,
				library_name: null,
				config: null,
				widget_data: null,
				transformers_info: null,
				num_parameters: null,
			})
			.execute();
		await old
			.insertInto("datasets")
			.values({ ...record("acme/data", DATASET), description: null })
			.execute();
		await old
			.insertInto("refs")
			.values([
				{ repo_id: "acme/old", name: "main", commit_sha: MERGE },
				{ repo_id: "acme/old", name: "side", commit_sha: RIGHT },
				{ repo_id: "datasets/acme/data", name: "main", commit_sha: DATASET },
			])
			.execute();
		await old
			.insertInto("ref_tags")
			.values({ repo_id: "acme/old", name: "v1", commit_sha: LEFT, message: null, created_at: "2024-05-01" })
			.execute();
		expect(await migrateToLatest(database.db, database.engine)).toContain(MIGRATION);
		await database.close();

		hub = await openTestHub(testDb.config, store);
		const db = hub.deps.db;
		const aliases = await db.selectFrom("commit_aliases").selectAll().orderBy("old_sha").execute();
		expect(aliases.map((alias) => [alias.repo_id, alias.old_sha])).toEqual([
			["acme/old", ROOT],
			["acme/old", LEFT],
			["acme/old", RIGHT],
			["acme/old", MERGE],
			["datasets/acme/data", DATASET],
		]);
		const renamed = new Map(aliases.map((alias) => [alias.old_sha, alias.new_sha]));
		const now = (old: string) => renamed.get(old) ?? "";
		for (const sha of [ROOT, LEFT, RIGHT, MERGE, DATASET]) expect(now(sha)).toMatch(/^[0-9a-f]{40}$/);
		expect(new Set(renamed.values()).size).toBe(5);

		// Each stored object is what git names the commit, with the new ids of its parents.
		home = await mkdtemp(join(tmpdir(), "hubkit-migration-git-"));
		const commits = await db.selectFrom("commits").selectAll().orderBy("sha").execute();
		expect(commits.map((commit) => commit.sha).sort()).toEqual([...renamed.values()].sort());
		for (const commit of commits) {
			const bytes = Buffer.from(commit.git_object, "base64");
			const id = execFileSync("git", ["hash-object", "-t", "commit", "--stdin"], {
				input: bytes,
				env: { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0" },
			});
			expect(id.toString().trim()).toBe(commit.sha);
			expect(parseCommit(bytes).tree).toBe(commit.tree_oid);
		}
		const merge = commits.find((commit) => commit.sha === now(MERGE));
		expect(merge?.parent_sha).toBe(now(LEFT));
		expect(parseCommit(Buffer.from(merge?.git_object ?? "", "base64")).parents).toEqual([now(LEFT), now(RIGHT)]);
		const root = parseCommit(
			Buffer.from(commits.find((commit) => commit.sha === now(ROOT))?.git_object ?? "", "base64"),
		);
		expect(root.author).toEqual({
			name: "Hubkit",
			email: "hub@users.noreply.hubkit",
			seconds: Date.parse("2024-05-01T12:00:00Z") / 1000,
			timezone: "+0000",
		});
		expect(await db.selectFrom("commit_merge_parents").selectAll().execute()).toEqual([
			{ repo_id: "acme/old", commit_sha: now(MERGE), position: 1, parent_sha: now(RIGHT) },
		]);
		const refs = await db.selectFrom("refs").select(["repo_id", "name", "commit_sha"]).orderBy("name").execute();
		expect(refs.map((ref) => [ref.name, ref.commit_sha]).sort()).toEqual(
			[
				["main", now(MERGE)],
				["main", now(DATASET)],
				["side", now(RIGHT)],
			].sort(),
		);
		expect((await db.selectFrom("ref_tags").select("commit_sha").executeTakeFirst())?.commit_sha).toBe(now(LEFT));
		expect((await db.selectFrom("models").select("sha").executeTakeFirst())?.sha).toBe(now(MERGE));
		expect((await db.selectFrom("datasets").select("sha").executeTakeFirst())?.sha).toBe(now(DATASET));
		expect((await checkIntegrity({ db, blobStore: store })).problems).toEqual([]);

		// A client's cached old ids still answer.
		server = await listen(hub.app);
		const url = server.url;
		const resolved = await fetch(`${url}/acme/old/resolve/${LEFT}/README.md`);
		expect(resolved.status).toBe(200);
		expect(await resolved.text()).toBe("# left\n");
		expect(resolved.headers.get("x-repo-commit")).toBe(now(LEFT));
		const tree = await fetch(`${url}/api/models/acme/old/tree/${RIGHT}`);
		expect(tree.status).toBe(200);
		expect(((await tree.json()) as { path: string }[]).map((entry) => entry.path)).toEqual(["README.md", "b.txt"]);
		const info = await fetch(`${url}/api/datasets/acme/data/revision/${DATASET}`);
		expect(info.status).toBe(200);
		expect(((await info.json()) as { sha: string }).sha).toBe(now(DATASET));
		expect((await fetch(`${url}/api/models/acme/old/tree/${"f".repeat(40)}`)).status).toBe(404);
		const { token } = await createAccessToken(db, "acme", { role: "write" });
		const stale = await commitRaw(url, token, "acme/old", [header("stale", ROOT), inline("x.txt", "x\n")]);
		expect(stale.status).toBe(412);
		const fresh = await commitRaw(url, token, "acme/old", [
			header("on the old head id", MERGE),
			inline("x.txt", "x\n"),
		]);
		expect(fresh.status).toBe(200);
		const next = parseCommit(
			Buffer.from(
				(
					await db
						.selectFrom("commits")
						.select("git_object")
						.where("sha", "=", fresh.body.commitOid)
						.executeTakeFirstOrThrow()
				).git_object,
				"base64",
			),
		);
		expect(next.parents).toEqual([now(MERGE)]);
	});
});
