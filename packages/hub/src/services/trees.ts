/**
 * Repository trees in the database: the one module that reads and writes `trees` and
 * `tree_entries`. A commit names its root tree (`commits.tree_oid`); a tree is stored once
 * by its git tree id (storage/git-trees.ts computes them) and shared by every commit and
 * repository holding the same directory, so a commit adds only the trees it changed.
 * Trees are never deleted with a repository (another may share them): a tree no commit
 * reaches stays: it keeps no blob alive (`blobsCommitsReach`).
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import { EMPTY_TREE_OID } from "../db/migrations/0017-content-addressed-trees.js";
import type { Database } from "../db/schema.js";
import { DIRECTORY_MODE, type EntryMode, type SnapshotFile, type TreeEntryRecord } from "../storage/git-trees.js";

export { EMPTY_TREE_OID };

/** A snapshot's file, with the bytes the blob store holds for it when asked for. */
export interface StoredFile extends SnapshotFile {
	/** Differs from `size` only for seeded placeholders, which store a capped stand-in. */
	storedSize?: number;
}

export interface StoredSnapshot {
	files: Map<string, StoredFile>;
	/** Directory path ("" = root) → tree id: where a change on top of it starts (git-trees.ts `TreeBase`). */
	directories: Map<string, string>;
}

interface EntryRow {
	tree_oid: string;
	name: string;
	mode: string;
	object_oid: string;
	blob_sha256: string | null;
	size: number | string | null;
	lfs: number | string;
	stored_size?: number | string | null;
}

/** Ids per IN list, and rows per INSERT (seven columns: well under SQLite's parameter limit). */
const ID_CHUNK = 500;
const INSERT_CHUNK = 400;

function chunks<T>(items: readonly T[], size: number): T[][] {
	const result: T[][] = [];
	for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
	return result;
}

/** Stores the trees not stored yet (a tree already there, from any commit or repository, is kept as it is). */
export async function storeTrees(db: Kysely<Database>, trees: ReadonlyMap<string, TreeEntryRecord[]>): Promise<void> {
	const existing = new Set<string>();
	for (const chunk of chunks([...trees.keys()], ID_CHUNK)) {
		const rows = await db.selectFrom("trees").select("oid").where("oid", "in", chunk).execute();
		for (const row of rows) existing.add(row.oid);
	}
	const missing = [...trees].filter(([oid]) => !existing.has(oid));
	await insertTrees(db, missing);
}

/**
 * Inserts trees as they are; one that another writer stored meanwhile is left alone (same id,
 * same content). Used directly where the caller already knows which trees are new.
 */
export async function insertTrees(db: Kysely<Database>, trees: readonly [string, TreeEntryRecord[]][]): Promise<void> {
	for (const chunk of chunks(trees, INSERT_CHUNK)) {
		await db
			.insertInto("trees")
			.values(chunk.map(([oid, entries]) => ({ oid, entry_count: entries.length })))
			.onConflict((conflict) => conflict.column("oid").doNothing())
			.execute();
	}
	const rows = trees.flatMap(([oid, entries]) =>
		entries.map((entry) => ({
			tree_oid: oid,
			name: entry.name,
			mode: entry.mode,
			object_oid: entry.objectOid,
			blob_sha256: entry.blobSha256,
			size: entry.size,
			lfs: entry.lfs ? 1 : 0,
		})),
	);
	for (const chunk of chunks(rows, INSERT_CHUNK)) {
		await db
			.insertInto("tree_entries")
			.values(chunk)
			.onConflict((conflict) => conflict.columns(["tree_oid", "name"]).doNothing())
			.execute();
	}
}

/** The root tree of a commit (by id alone: equal ids in two repositories hold the same files). */
export async function commitTreeOid(db: Kysely<Database>, commitSha: string): Promise<string | undefined> {
	const row = await db
		.selectFrom("commits")
		.select("tree_oid")
		.where("sha", "=", commitSha)
		.limit(1)
		.executeTakeFirst();
	return row?.tree_oid;
}

/** Every tree reachable from `roots`, each read once, by id. */
async function loadTrees(
	db: Kysely<Database>,
	roots: Iterable<string>,
	storedSizes: boolean,
): Promise<Map<string, EntryRow[]>> {
	const trees = new Map<string, EntryRow[]>();
	let level = [...new Set(roots)];
	while (level.length > 0) {
		for (const oid of level) trees.set(oid, []);
		const next = new Set<string>();
		for (const chunk of chunks(level, ID_CHUNK)) {
			const rows: EntryRow[] = storedSizes
				? await db
						.selectFrom("tree_entries")
						.leftJoin("blobs", "blobs.sha256", "tree_entries.blob_sha256")
						.select([
							"tree_entries.tree_oid",
							"tree_entries.name",
							"tree_entries.mode",
							"tree_entries.object_oid",
							"tree_entries.blob_sha256",
							"tree_entries.size",
							"tree_entries.lfs",
							"blobs.size as stored_size",
						])
						.where("tree_entries.tree_oid", "in", chunk)
						.execute()
				: await db
						.selectFrom("tree_entries")
						.select(["tree_oid", "name", "mode", "object_oid", "blob_sha256", "size", "lfs"])
						.where("tree_oid", "in", chunk)
						.execute();
			for (const row of rows) {
				trees.get(row.tree_oid)?.push(row);
				if (row.mode === DIRECTORY_MODE && !trees.has(row.object_oid)) next.add(row.object_oid);
			}
		}
		level = [...next];
	}
	return trees;
}

function expand(trees: Map<string, EntryRow[]>, root: string): StoredSnapshot {
	const files = new Map<string, StoredFile>();
	const directories = new Map<string, string>([["", root]]);
	const visit = (oid: string, prefix: string) => {
		for (const row of trees.get(oid) ?? []) {
			const path = prefix === "" ? row.name : `${prefix}/${row.name}`;
			if (row.mode === DIRECTORY_MODE) {
				directories.set(path, row.object_oid);
				visit(row.object_oid, path);
				continue;
			}
			// Number(): sizes are bigint columns, which a PostgreSQL driver may hand back as strings.
			const stored = row.stored_size;
			files.set(path, {
				path,
				blobSha256: row.blob_sha256 ?? "",
				size: Number(row.size),
				gitOid: row.object_oid,
				lfs: Number(row.lfs) === 1,
				...(row.mode === "100644" ? {} : { mode: row.mode as Exclude<EntryMode, typeof DIRECTORY_MODE> }),
				...(stored === null || stored === undefined ? {} : { storedSize: Number(stored) }),
			});
		}
	};
	visit(root, "");
	return { files, directories };
}

/** The files and directories under a root tree; with `storedSizes`, each file's stored bytes too. */
export async function readTree(db: Kysely<Database>, root: string, storedSizes = false): Promise<StoredSnapshot> {
	return expand(await loadTrees(db, [root], storedSizes), root);
}

/** A commit's files (empty for an unknown commit). */
export async function commitSnapshot(
	db: Kysely<Database>,
	commitSha: string,
	storedSizes = false,
): Promise<StoredSnapshot> {
	const root = await commitTreeOid(db, commitSha);
	return readTree(db, root ?? EMPTY_TREE_OID, storedSizes);
}

/**
 * Path and size of every file of each commit, sorted by path. Model info and listings ask for
 * this on every uncached answer: the root trees' entries come with the commits in one query, and
 * only folders cost more (one query per level, trees the commits share read once).
 */
export async function filesOfCommits(
	db: Kysely<Database>,
	commitShas: readonly string[],
): Promise<Map<string, { path: string; size: number }[]>> {
	const roots = new Map<string, string>();
	const trees = new Map<string, EntryRow[]>();
	for (const chunk of chunks([...new Set(commitShas)], ID_CHUNK)) {
		const rows = await db
			.selectFrom("commits")
			.leftJoin("tree_entries", "tree_entries.tree_oid", "commits.tree_oid")
			.select([
				"commits.sha",
				"commits.tree_oid as root",
				"tree_entries.name",
				"tree_entries.mode",
				"tree_entries.object_oid",
				"tree_entries.size",
			])
			.where("commits.sha", "in", chunk)
			.execute();
		for (const row of rows) {
			roots.set(row.sha, row.root);
			let entries = trees.get(row.root);
			if (!entries) {
				entries = [];
				trees.set(row.root, entries);
			}
			// A commit id held by two repositories comes twice: its root's entries are kept once.
			if (row.name === null || entries.some((entry) => entry.name === row.name)) continue;
			entries.push({
				tree_oid: row.root,
				name: row.name,
				mode: row.mode ?? "",
				object_oid: row.object_oid ?? "",
				blob_sha256: null,
				size: row.size,
				lfs: 0,
			});
		}
	}
	const folders = [...trees.values()].flatMap((entries) =>
		entries.filter((entry) => entry.mode === DIRECTORY_MODE).map((entry) => entry.object_oid),
	);
	if (folders.length > 0) for (const [oid, entries] of await loadTrees(db, folders, false)) trees.set(oid, entries);
	const result = new Map<string, { path: string; size: number }[]>();
	for (const [sha, root] of roots) {
		const files = [...expand(trees, root).files.values()].map((file) => ({ path: file.path, size: file.size }));
		result.set(
			sha,
			files.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0)),
		);
	}
	return result;
}

/** Whether any commit of the repository holds the blob (walks the repository's trees, directories only). */
export async function repoHistoryHoldsBlob(db: Kysely<Database>, repoKey: string, sha256: string): Promise<boolean> {
	const named = await db
		.selectFrom("tree_entries")
		.select("tree_oid")
		.where("blob_sha256", "=", sha256)
		.limit(1)
		.executeTakeFirst();
	if (!named) return false;
	const roots = await db.selectFrom("commits").select("tree_oid").distinct().where("repo_id", "=", repoKey).execute();
	const seen = new Set<string>();
	let level = [...new Set(roots.map((row) => row.tree_oid))];
	while (level.length > 0) {
		for (const oid of level) seen.add(oid);
		const next = new Set<string>();
		for (const chunk of chunks(level, ID_CHUNK)) {
			const rows = await db
				.selectFrom("tree_entries")
				.select(["mode", "object_oid", "blob_sha256"])
				.where("tree_oid", "in", chunk)
				.where((eb) => eb.or([eb("mode", "=", DIRECTORY_MODE), eb("blob_sha256", "=", sha256)]))
				.execute();
			for (const row of rows) {
				if (row.blob_sha256 === sha256) return true;
				if (row.mode === DIRECTORY_MODE && !seen.has(row.object_oid)) next.add(row.object_oid);
			}
		}
		level = [...next];
	}
	return false;
}

/**
 * The blobs among `candidates` that some commit reaches: from the entries naming each blob up
 * through the folders that hold them to a commit's root tree. Trees are shared and never deleted
 * (a commit being written may be reusing any of them), so a tree alone keeps nothing alive: only a
 * commit does. Walks up by index (`tree_entries_by_blob`, `…_by_object`, `commits_by_tree`).
 */
export async function blobsCommitsReach(
	db: Kysely<Database>,
	candidates: readonly string[],
	options: { outsideMirrors?: boolean } = {},
): Promise<string[]> {
	if (candidates.length === 0) return [];
	// `outsideMirrors`: only commits of repositories that are not mirrors (a mirror's blob may still be upstream).
	const mirrorsLeftOut = options.outsideMirrors
		? sql`AND NOT EXISTS (SELECT 1 FROM mirrored_repos WHERE mirrored_repos.repo_id = commits.repo_id)`
		: sql``;
	const result = await sql<{ blob: string }>`
		WITH RECURSIVE holders(oid, blob) AS (
			SELECT tree_oid, blob_sha256 FROM tree_entries WHERE blob_sha256 IN (${sql.join(candidates)})
			UNION
			SELECT parent.tree_oid, holders.blob FROM tree_entries parent
				JOIN holders ON parent.object_oid = holders.oid
				WHERE parent.mode = ${DIRECTORY_MODE}
		)
		SELECT DISTINCT holders.blob AS blob FROM holders
		WHERE EXISTS (SELECT 1 FROM commits WHERE commits.tree_oid = holders.oid ${mirrorsLeftOut})`.execute(db);
	return result.rows.map((row) => row.blob);
}

/**
 * The distinct blobs, with their sizes, of every commit `commitsWhere` selects (a condition on
 * `commits`): what a namespace's quota counts (services/quota.ts).
 */
export async function blobsOfCommits(
	db: Kysely<Database>,
	commitsWhere: RawBuilder<boolean>,
): Promise<{ sha256: string; size: number }[]> {
	const result = await sql<{ sha256: string; size: number | string }>`
		WITH RECURSIVE reach(oid) AS (
			SELECT tree_oid FROM commits WHERE ${commitsWhere}
			UNION
			SELECT entry.object_oid FROM tree_entries entry
				JOIN reach ON entry.tree_oid = reach.oid
				WHERE entry.mode = ${DIRECTORY_MODE}
		)
		SELECT DISTINCT entry.blob_sha256 AS sha256, entry.size AS size FROM tree_entries entry
			JOIN reach ON entry.tree_oid = reach.oid
			WHERE entry.blob_sha256 IS NOT NULL`.execute(db);
	return result.rows.map((row) => ({ sha256: row.sha256, size: Number(row.size) }));
}

/** The blobs trees name, in sha256 order after `after`, with the size the database recorded (null: no row). */
export async function referencedBlobs(
	db: Kysely<Database>,
	after: string,
	limit: number,
): Promise<{ sha256: string; size: number | null }[]> {
	const rows = await db
		.selectFrom("tree_entries")
		.leftJoin("blobs", "blobs.sha256", "tree_entries.blob_sha256")
		.select(["tree_entries.blob_sha256 as sha256", "blobs.size as size"])
		.where("tree_entries.blob_sha256", ">", after)
		.groupBy(["tree_entries.blob_sha256", "blobs.size"])
		.orderBy("tree_entries.blob_sha256")
		.limit(limit)
		.execute();
	return rows.map((row) => ({ sha256: row.sha256 ?? "", size: row.size === null ? null : Number(row.size) }));
}
