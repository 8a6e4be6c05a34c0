/**
 * Version 23: a commit is a git commit. Its id becomes the git id of the commit object the hub
 * writes for it (storage/commit-objects.ts: tree, parents, author and committer, message), whose
 * bytes `commits.git_object` keeps (base64). Every history is hashed again from its roots up, a
 * merge's other parents too, and every place that names a commit follows: parents, merge
 * parents, branches, tags and the repositories' records. `commit_aliases` keeps each old id and
 * its new one, so a revision a client cached still resolves (services/repo-access.ts).
 */
import { type Kysely, type Migration, sql } from "kysely";
import { commitObject } from "../../storage/commit-objects.js";

interface Tables {
	commits: {
		repo_id: string;
		sha: string;
		parent_sha: string | null;
		message: string;
		created_at: string;
		author: string | null;
		tree_oid: string;
		git_object: string;
	};
	commit_merge_parents: { repo_id: string; commit_sha: string; position: number; parent_sha: string };
	commit_aliases: { repo_id: string; old_sha: string; new_sha: string };
	commit_rehash_0023: { repo_id: string; old_sha: string; new_sha: string; git_object: string; duplicate: number };
}

type CommitRow = Omit<Tables["commits"], "git_object">;

/** Repositories re-hashed per round: their whole histories are read at once. */
const REPOS_PER_ROUND = 200;
const INSERT_CHUNK = 300;
/** A time a commit row holds that is no date (never written by the hub) signs at the epoch. */
const EPOCH = "1970-01-01T00:00:00.000Z";

export const gitCommitObjectsMigration: Migration = {
	async up(untyped: Kysely<unknown>) {
		const db = untyped as Kysely<Tables>;
		// The default only lets the column be added to existing rows: every writer stores the object.
		await db.schema
			.alterTable("commits")
			.addColumn("git_object", "text", (column) => column.notNull().defaultTo(""))
			.execute();
		await db.schema
			.createTable("commit_aliases")
			.addColumn("repo_id", "text", (column) => column.notNull())
			.addColumn("old_sha", "text", (column) => column.notNull())
			.addColumn("new_sha", "text", (column) => column.notNull())
			.addPrimaryKeyConstraint("commit_aliases_pk", ["repo_id", "old_sha"])
			.execute();
		// "Which old ids name this head?": a commit's `parentCommit` given by an old id (services/commits.ts).
		await db.schema
			.createIndex("commit_aliases_by_new_sha")
			.on("commit_aliases")
			.columns(["repo_id", "new_sha"])
			.execute();
		await db.schema
			.createTable("commit_rehash_0023")
			.addColumn("repo_id", "text", (column) => column.notNull())
			.addColumn("old_sha", "text", (column) => column.notNull())
			.addColumn("new_sha", "text", (column) => column.notNull())
			.addColumn("git_object", "text", (column) => column.notNull())
			.addColumn("duplicate", "integer", (column) => column.notNull())
			.addPrimaryKeyConstraint("commit_rehash_0023_pk", ["repo_id", "old_sha"])
			.execute();
		await rehashAll(db);
		await rewrite(db);
		await db.schema.dropTable("commit_rehash_0023").execute();
	},
};

async function rehashAll(db: Kysely<Tables>): Promise<void> {
	let after = "";
	for (;;) {
		const repos = (
			await db
				.selectFrom("commits")
				.select("repo_id")
				.distinct()
				.where("repo_id", ">", after)
				.orderBy("repo_id")
				.limit(REPOS_PER_ROUND)
				.execute()
		).map((row) => row.repo_id);
		if (repos.length === 0) return;
		after = repos[repos.length - 1] as string;
		const commits = await db
			.selectFrom("commits")
			.select(["repo_id", "sha", "parent_sha", "message", "created_at", "author", "tree_oid"])
			.where("repo_id", "in", repos)
			.execute();
		const merges = await db
			.selectFrom("commit_merge_parents")
			.select(["repo_id", "commit_sha", "position", "parent_sha"])
			.where("repo_id", "in", repos)
			.orderBy("position")
			.execute();
		const rows: Tables["commit_rehash_0023"][] = [];
		for (const repo of repos) {
			rows.push(
				...rehashRepository(
					repo,
					commits.filter((commit) => commit.repo_id === repo),
					merges.filter((merge) => merge.repo_id === repo),
				),
			);
		}
		for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
			await db
				.insertInto("commit_rehash_0023")
				.values(rows.slice(start, start + INSERT_CHUNK))
				.execute();
		}
	}
}

/**
 * One repository's commits with their new ids, parents first. A parent the repository does not
 * hold keeps its id. Two commits that become the same git commit (same tree, parents, author,
 * second and message) are one: the later is marked a duplicate and its old id an alias.
 */
function rehashRepository(
	repo: string,
	commits: CommitRow[],
	merges: Tables["commit_merge_parents"][],
): Tables["commit_rehash_0023"][] {
	const bySha = new Map(commits.map((commit) => [commit.sha, commit]));
	const otherParents = new Map<string, string[]>();
	for (const merge of merges) {
		const list = otherParents.get(merge.commit_sha) ?? [];
		list.push(merge.parent_sha);
		otherParents.set(merge.commit_sha, list);
	}
	const parentsOf = (commit: CommitRow) => [
		...(commit.parent_sha === null ? [] : [commit.parent_sha]),
		...(otherParents.get(commit.sha) ?? []),
	];
	const renamed = new Map<string, string>();
	const taken = new Set<string>();
	const rows: Tables["commit_rehash_0023"][] = [];
	const finish = (commit: CommitRow) => {
		const createdAt = Number.isNaN(Date.parse(commit.created_at)) ? EPOCH : commit.created_at;
		const object = commitObject({
			tree: commit.tree_oid,
			parents: parentsOf(commit).map((parent) => renamed.get(parent) ?? parent),
			author: commit.author ?? null,
			createdAt,
			message: commit.message,
		});
		renamed.set(commit.sha, object.sha);
		rows.push({
			repo_id: repo,
			old_sha: commit.sha,
			new_sha: object.sha,
			git_object: object.base64,
			duplicate: taken.has(object.sha) ? 1 : 0,
		});
		taken.add(object.sha);
	};
	// Depth first without recursion (histories may be long): a commit is finished after its parents.
	const started = new Set<string>();
	for (const root of commits) {
		if (started.has(root.sha)) continue;
		const stack: { commit: CommitRow; expanded: boolean }[] = [{ commit: root, expanded: false }];
		started.add(root.sha);
		while (stack.length > 0) {
			const top = stack[stack.length - 1] as { commit: CommitRow; expanded: boolean };
			if (top.expanded) {
				stack.pop();
				finish(top.commit);
				continue;
			}
			top.expanded = true;
			for (const parent of parentsOf(top.commit)) {
				const commit = bySha.get(parent);
				if (commit && !started.has(parent)) {
					started.add(parent);
					stack.push({ commit, expanded: false });
				}
			}
		}
	}
	return rows;
}

/** Every column naming a commit, from the old ids to the new ones (both engines' SQL). */
async function rewrite(db: Kysely<Tables>): Promise<void> {
	const newSha = (repo: string, column: string) =>
		sql.raw(`(SELECT r.new_sha FROM commit_rehash_0023 r WHERE r.repo_id = ${repo} AND r.old_sha = ${column})`);
	await sql`DELETE FROM commit_merge_parents WHERE EXISTS (SELECT 1 FROM commit_rehash_0023 r
		WHERE r.repo_id = commit_merge_parents.repo_id AND r.old_sha = commit_merge_parents.commit_sha
		AND r.duplicate = 1)`.execute(db);
	await sql`DELETE FROM commits WHERE EXISTS (SELECT 1 FROM commit_rehash_0023 r
		WHERE r.repo_id = commits.repo_id AND r.old_sha = commits.sha AND r.duplicate = 1)`.execute(db);
	await sql`UPDATE commits SET
		git_object = (SELECT r.git_object FROM commit_rehash_0023 r
			WHERE r.repo_id = commits.repo_id AND r.old_sha = commits.sha),
		parent_sha = COALESCE(${newSha("commits.repo_id", "commits.parent_sha")}, commits.parent_sha),
		sha = COALESCE(${newSha("commits.repo_id", "commits.sha")}, commits.sha)`.execute(db);
	await sql`UPDATE commit_merge_parents SET
		commit_sha = COALESCE(${newSha("commit_merge_parents.repo_id", "commit_merge_parents.commit_sha")}, commit_sha),
		parent_sha = COALESCE(${newSha("commit_merge_parents.repo_id", "commit_merge_parents.parent_sha")}, parent_sha)`.execute(
		db,
	);
	for (const table of ["refs", "ref_tags"]) {
		await sql`UPDATE ${sql.table(table)} SET commit_sha = COALESCE(${newSha(`${table}.repo_id`, `${table}.commit_sha`)}, commit_sha)`.execute(
			db,
		);
	}
	await sql`UPDATE models SET sha = COALESCE(${newSha("models.id", "models.sha")}, sha)`.execute(db);
	await sql`UPDATE datasets SET sha = COALESCE(${newSha("'datasets/' || datasets.id", "datasets.sha")}, sha)`.execute(
		db,
	);
	await sql`INSERT INTO commit_aliases (repo_id, old_sha, new_sha)
		SELECT repo_id, old_sha, new_sha FROM commit_rehash_0023 WHERE old_sha <> new_sha`.execute(db);
}
