/**
 * Version 17: a revision's files are git trees stored by content (`trees`, `tree_entries`),
 * named from `commits.tree_oid`, instead of a full copy of every path per commit
 * (`commit_files`, dropped here once every commit is converted). A small commit on a big
 * repository then adds the trees of the directories it touched, not the whole file list.
 * `commit_merge_parents` holds a merge's second and later parents. `commits_by_sha` finds a
 * commit by id alone, as `commit_files` (keyed by it) did.
 */
import { type Kysely, type Migration, sql } from "kysely";
import { buildTrees, type SnapshotFile, type TreeEntryRecord } from "../../storage/git-trees.js";

/** Git's id of the tree with no entries. */
export const EMPTY_TREE_OID = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

interface Tables {
	commits: { repo_id: string; sha: string; tree_oid: string };
	commit_files: { commit_sha: string; path: string; blob_sha256: string; size: number; git_oid: string };
	trees: { oid: string; entry_count: number };
	tree_entries: {
		tree_oid: string;
		name: string;
		mode: string;
		object_oid: string;
		blob_sha256: string | null;
		size: number | null;
		lfs: number;
	};
	commit_trees_0017: { repo_id: string; sha: string; tree_oid: string };
}

/** Commits converted per round: one read of their files, one write of their new trees. */
const PAGE = 500;
const INSERT_CHUNK = 400;
/** Tree ids this run has written, so trees many commits share are not sent again (bounded). */
const KNOWN_LIMIT = 200_000;

export const contentAddressedTreesMigration: Migration = {
	async up(untyped: Kysely<unknown>) {
		const db = untyped as Kysely<Tables>;
		await db.schema
			.createTable("trees")
			.addColumn("oid", "text", (column) => column.primaryKey())
			.addColumn("entry_count", "integer", (column) => column.notNull())
			.execute();
		await db.schema
			.createTable("tree_entries")
			.addColumn("tree_oid", "text", (column) => column.notNull())
			.addColumn("name", "text", (column) => column.notNull())
			.addColumn("mode", "text", (column) => column.notNull())
			.addColumn("object_oid", "text", (column) => column.notNull())
			.addColumn("blob_sha256", "text")
			.addColumn("size", "bigint")
			.addColumn("lfs", "integer", (column) => column.notNull().defaultTo(0))
			.addPrimaryKeyConstraint("tree_entries_pk", ["tree_oid", "name"])
			.execute();
		// "Which blobs does any tree name?" (the integrity check, garbage collection, LFS ownership).
		await db.schema.createIndex("tree_entries_by_blob").on("tree_entries").column("blob_sha256").execute();
		// "Which folders hold this tree?": walking up from a blob to the commits that reach it (gc, quota).
		await db.schema.createIndex("tree_entries_by_object").on("tree_entries").column("object_oid").execute();
		await db.schema
			.createTable("commit_merge_parents")
			.addColumn("repo_id", "text", (column) => column.notNull())
			.addColumn("commit_sha", "text", (column) => column.notNull())
			.addColumn("position", "integer", (column) => column.notNull())
			.addColumn("parent_sha", "text", (column) => column.notNull())
			.addPrimaryKeyConstraint("commit_merge_parents_pk", ["repo_id", "commit_sha", "position"])
			.execute();
		// The default only lets the column be added to existing rows: every writer names the tree.
		await db.schema
			.alterTable("commits")
			.addColumn("tree_oid", "text", (column) => column.notNull().defaultTo(EMPTY_TREE_OID))
			.execute();
		await db.schema.createIndex("commits_by_sha").on("commits").column("sha").execute();
		await db.schema.createIndex("commits_by_tree").on("commits").column("tree_oid").execute();
		await convertCommitFiles(db);
		await db.schema.dropTable("commit_files").execute();
	},
};

async function convertCommitFiles(db: Kysely<Tables>): Promise<void> {
	await db.schema
		.createTable("commit_trees_0017")
		.addColumn("repo_id", "text", (column) => column.notNull())
		.addColumn("sha", "text", (column) => column.notNull())
		.addColumn("tree_oid", "text", (column) => column.notNull())
		.addPrimaryKeyConstraint("commit_trees_0017_pk", ["repo_id", "sha"])
		.execute();
	const known = new Set<string>();
	let after: { repo_id: string; sha: string } | undefined;
	for (;;) {
		const cursor = after;
		const commits = await db
			.selectFrom("commits")
			.select(["repo_id", "sha"])
			.$if(cursor !== undefined, (query) =>
				query.where(({ eb, refTuple, tuple }) =>
					eb(refTuple("repo_id", "sha"), ">", tuple(cursor?.repo_id ?? "", cursor?.sha ?? "")),
				),
			)
			.orderBy("repo_id")
			.orderBy("sha")
			.limit(PAGE)
			.execute();
		if (commits.length === 0) break;
		after = commits[commits.length - 1];
		const files = await db
			.selectFrom("commit_files")
			.select(["commit_sha", "path", "blob_sha256", "size", "git_oid"])
			.where("commit_sha", "in", [...new Set(commits.map((commit) => commit.sha))])
			.execute();
		const bySha = new Map<string, SnapshotFile[]>();
		for (const row of files) {
			const list = bySha.get(row.commit_sha) ?? [];
			list.push({ path: row.path, blobSha256: row.blob_sha256, size: Number(row.size), gitOid: row.git_oid });
			bySha.set(row.commit_sha, list);
		}
		const fresh = new Map<string, TreeEntryRecord[]>();
		const roots: Tables["commit_trees_0017"][] = [];
		for (const commit of commits) {
			const built = buildTrees(bySha.get(commit.sha) ?? []);
			roots.push({ repo_id: commit.repo_id, sha: commit.sha, tree_oid: built.root });
			for (const [oid, entries] of built.trees) if (!known.has(oid)) fresh.set(oid, entries);
		}
		await insertTrees(db, fresh);
		if (known.size > KNOWN_LIMIT) known.clear();
		for (const oid of fresh.keys()) known.add(oid);
		for (let start = 0; start < roots.length; start += INSERT_CHUNK) {
			await db
				.insertInto("commit_trees_0017")
				.values(roots.slice(start, start + INSERT_CHUNK))
				.execute();
		}
	}
	await sql`UPDATE commits SET tree_oid = (
		SELECT commit_trees_0017.tree_oid FROM commit_trees_0017
		WHERE commit_trees_0017.repo_id = commits.repo_id AND commit_trees_0017.sha = commits.sha)`.execute(db);
	await db.schema.dropTable("commit_trees_0017").execute();
}

async function insertTrees(db: Kysely<Tables>, trees: Map<string, TreeEntryRecord[]>): Promise<void> {
	const heads = [...trees].map(([oid, entries]) => ({ oid, entry_count: entries.length }));
	for (let start = 0; start < heads.length; start += INSERT_CHUNK) {
		await db
			.insertInto("trees")
			.values(heads.slice(start, start + INSERT_CHUNK))
			.onConflict((conflict) => conflict.column("oid").doNothing())
			.execute();
	}
	const rows = [...trees].flatMap(([oid, entries]) =>
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
	for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
		await db
			.insertInto("tree_entries")
			.values(rows.slice(start, start + INSERT_CHUNK))
			.onConflict((conflict) => conflict.columns(["tree_oid", "name"]).doNothing())
			.execute();
	}
}
