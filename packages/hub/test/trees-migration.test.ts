/**
 * A data directory from before migration 0017 (every commit's full file list in
 * `commit_files`) answers the tree listing, paths-info and resolve after the migration
 * exactly as the file routes answered from `commit_files` (a RepoTree over its rows),
 * for the head and an older commit; `commit_files` is gone and repositories holding an
 * equal folder share its tree. Both engines.
 */
import { type Kysely, Migrator } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../src/db/migrate.js";
import { allMigrations } from "../src/db/migrations/index.js";
import { openDatabase } from "../src/db/open.js";
import type { Database } from "../src/db/schema.js";
import { gitBlobOid } from "../src/git-oid.js";
import type { BlobStore } from "../src/storage/blob-store.js";
import { RepoTree, type RevisionFile, type TreeEntry } from "../src/storage/repo-tree.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { memoryBlobStore } from "./support/memory-blob-store.js";

const MIGRATION = "0017-content-addressed-trees";

/** The tables as version 16 had them. */
interface OldTables {
	models: Database["models"];
	commits: Omit<Database["commits"], "tree_oid">;
	refs: Database["refs"];
	blobs: Database["blobs"];
	commit_files: { commit_sha: string; path: string; blob_sha256: string; size: number; git_oid: string };
}

type Files = Record<string, string>;

const WEIGHTS = "weights ".repeat(100);
const FIRST: Files = {
	"README.md": "# old\n",
	"config.json": '{"model_type":"bert"}\n',
	"onnx/model.onnx": "onnx v1",
	"onnx/extra/notes.txt": "notes\n",
	"gone.txt": "deleted later\n",
};
const SECOND: Files = {
	"README.md": "# old, again\n",
	"config.json": '{"model_type":"bert"}\n',
	"onnx/model.onnx": "onnx v2",
	"onnx/extra/notes.txt": "notes\n",
	"model.safetensors": WEIGHTS,
};
/** Another repository with the same `onnx/extra` folder. */
const OTHER: Files = { "README.md": "# other\n", "onnx/extra/notes.txt": "notes\n" };

/** Writes a commit the way version 16 did: blobs, the commit row and its whole file list. */
async function insertOldCommit(
	db: Kysely<OldTables>,
	store: BlobStore,
	repo: string,
	sha: string,
	parent: string | null,
	files: Files,
): Promise<RevisionFile[]> {
	await db
		.insertInto("commits")
		.values({ repo_id: repo, sha, parent_sha: parent, message: `commit ${sha.slice(0, 4)}`, created_at: "2024-01-01" })
		.execute();
	const stored: RevisionFile[] = [];
	for (const [path, content] of Object.entries(files)) {
		const bytes = new TextEncoder().encode(content);
		const blob = await store.put(bytes);
		await db
			.insertInto("blobs")
			.values({ sha256: blob.sha256, size: blob.size })
			.onConflict((conflict) => conflict.column("sha256").doNothing())
			.execute();
		await db
			.insertInto("commit_files")
			.values({ commit_sha: sha, path, blob_sha256: blob.sha256, size: blob.size, git_oid: gitBlobOid(bytes) })
			.execute();
		stored.push({ path, size: blob.size, storedSize: blob.size, blobSha256: blob.sha256, gitOid: gitBlobOid(bytes) });
	}
	return stored;
}

async function insertOldModel(db: Kysely<OldTables>, id: string, head: string): Promise<void> {
	const [author = "", name = ""] = id.split("/");
	await db
		.insertInto("models")
		.values({
			id,
			author,
			name,
			pipeline_tag: null,
			library_name: null,
			private: 0,
			gated: null,
			downloads: 0,
			likes: 0,
			trending_score: 0,
			created_at: "2024-01-01T00:00:00.000Z",
			last_modified: "2024-01-01T00:00:00.000Z",
			sha: head,
			tags: "[]",
			config: null,
			card_data: null,
			widget_data: null,
			transformers_info: null,
			owner: author,
			main_size: 0,
			num_parameters: null,
		})
		.execute();
	await db.insertInto("refs").values({ repo_id: id, name: "main", commit_sha: head }).execute();
}

describe.each(ENGINES)("migration 0017 on %s", (engine) => {
	let testDb: TestDatabase | undefined;
	let hub: TestHub | undefined;
	let server: Listening | undefined;
	afterEach(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	it("answers tree, paths-info and resolve as commit_files did, and shares equal folders", async () => {
		testDb = await startTestDatabase(engine);
		const store = memoryBlobStore();
		const database = openDatabase(testDb.config);
		const names = Object.keys(allMigrations(engine));
		const before = names[names.indexOf(MIGRATION) - 1] as string;
		const migrator = new Migrator({
			db: database.db,
			provider: { getMigrations: async () => allMigrations(engine) },
			migrationTableName: "hubkit_migrations",
			migrationLockTableName: "hubkit_migrations_lock",
		});
		expect((await migrator.migrateTo(before)).error).toBeUndefined();
		const old = database.db as unknown as Kysely<OldTables>;
		const first = "1".repeat(40);
		const second = "2".repeat(40);
		const other = "3".repeat(40);
		const expected = new Map<string, RepoTree>([
			[first, new RepoTree(await insertOldCommit(old, store, "acme/old", first, null, FIRST))],
			[second, new RepoTree(await insertOldCommit(old, store, "acme/old", second, first, SECOND))],
			[other, new RepoTree(await insertOldCommit(old, store, "acme/other", other, null, OTHER))],
		]);
		await insertOldModel(old, "acme/old", second);
		await insertOldModel(old, "acme/other", other);
		expect(await migrateToLatest(database.db, database.engine)).toContain(MIGRATION);
		await database.close();

		hub = await openTestHub(testDb.config, store);
		server = await listen(hub.app);
		const url = server.url;
		const getJson = async (path: string, init?: RequestInit) => {
			const response = await fetch(`${url}${path}`, init);
			expect(response.status, path).toBe(200);
			return (await response.json()) as TreeEntry[];
		};

		for (const [sha, tree] of expected) {
			const repo = sha === other ? "acme/other" : "acme/old";
			expect(await getJson(`/api/models/${repo}/tree/${sha}?recursive=true`)).toEqual(tree.list("", true));
			expect(await getJson(`/api/models/${repo}/tree/${sha}/onnx`)).toEqual(tree.list("onnx", false));
			const paths = [...tree.list("", true).map((entry) => entry.path), "missing.txt"];
			const info = await getJson(`/api/models/${repo}/paths-info/${sha}`, {
				method: "POST",
				headers: { "content-type": "application/json" },
				body: JSON.stringify({ paths }),
			});
			const known = paths.flatMap((path) => {
				const entry = tree.entry(path);
				return entry ? [entry] : [];
			});
			expect(info).toEqual(known);
			for (const entry of tree.list("", true)) {
				if (entry.type !== "file") continue;
				const response = await fetch(`${url}/${repo}/resolve/${sha}/${entry.path}`);
				expect(response.status, entry.path).toBe(200);
				expect(response.headers.get("etag")).toBe(`"${entry.lfs ? entry.lfs.oid : entry.oid}"`);
				const files = sha === first ? FIRST : sha === second ? SECOND : OTHER;
				expect(await response.text()).toBe(files[entry.path]);
			}
		}
		// The LFS file lists its pointer's id, as git would.
		expect(expected.get(second)?.file("model.safetensors")?.lfs).toBeDefined();

		const db = hub.deps.db;
		// Migration 0023 gave the commits their git ids; the old ones are aliases of them.
		const commits = await db
			.selectFrom("commits")
			.innerJoin("commit_aliases", (join) =>
				join
					.onRef("commit_aliases.repo_id", "=", "commits.repo_id")
					.onRef("commit_aliases.new_sha", "=", "commits.sha"),
			)
			.select(["commit_aliases.old_sha", "commits.tree_oid"])
			.orderBy("commit_aliases.old_sha")
			.execute();
		expect(commits.map((commit) => [commit.old_sha, commit.tree_oid])).toEqual(
			[first, second, other].map((sha) => [sha, expected.get(sha)?.directoryOid("") ?? ""]),
		);
		// onnx/extra is one tree, whichever commit or repository holds it.
		const extra = expected.get(other)?.directoryOid("onnx/extra") ?? "";
		expect(expected.get(first)?.directoryOid("onnx/extra")).toBe(extra);
		const extraRows = await db.selectFrom("tree_entries").select("name").where("tree_oid", "=", extra).execute();
		expect(extraRows.map((row) => row.name)).toEqual(["notes.txt"]);
		const tables = await (engine === "sqlite"
			? db
					.selectFrom("sqlite_master" as never)
					.select("name" as never)
					.where("name" as never, "=", "commit_files" as never)
			: db
					.selectFrom("information_schema.tables" as never)
					.select("table_name" as never)
					.where("table_name" as never, "=", "commit_files" as never)
		).execute();
		expect(tables).toEqual([]);
	});
});
