/**
 * A pushed commit in the tables the API reads: stored as git sent it (its bytes are its id),
 * attributed to the account that pushed it, and a branch moved onto it the way an API commit moves
 * one (compare-and-swap; on main the repository's record rewritten). services/git-push.ts decides
 * what a push brings; this is where it lands.
 */
import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { GitCommit } from "../git/objects.js";
import { type CommitDeps, checkFilesPerRepo, insertMergeParents } from "./commits.js";
import { writeRepoRecord } from "./repo-record.js";
import type { Repo } from "./repos.js";
import { commitSnapshot } from "./trees.js";

/** A commit a `git push` brings: its exact bytes (they are its id) and who pushed it. */
export interface PushedCommit {
	sha: string;
	bytes: Uint8Array;
	commit: GitCommit;
	/** The API names the pusher as the commit's author: the account that wrote it to the hub. */
	pusher: string;
}

/** Stores a pushed commit as it came (its trees are stored already); the refs are moved apart. */
export async function insertPushedCommit(trx: Transaction<Database>, repo: Repo, pushed: PushedCommit): Promise<void> {
	const [parent, ...mergeParents] = pushed.commit.parents;
	const message = Buffer.from(pushed.commit.message).toString("utf8");
	await trx
		.insertInto("commits")
		.values({
			repo_id: repo.key,
			sha: pushed.sha,
			parent_sha: parent ?? null,
			message: message.endsWith("\n") ? message.slice(0, -1) : message,
			created_at: new Date(pushed.commit.committer.seconds * 1000).toISOString(),
			author: pushed.pusher,
			tree_oid: pushed.commit.tree,
			git_object: Buffer.from(pushed.bytes).toString("base64"),
		})
		.onConflict((conflict) => conflict.columns(["repo_id", "sha"]).doNothing())
		.execute();
	await insertMergeParents(trx, repo, pushed.sha, mergeParents);
}

/**
 * Points a branch at a stored commit: creates it when `old` is null, else moves it with a
 * compare-and-swap on `old` (false when another writer moved it first). On main the record is
 * rewritten from the new head's files, as a commit through the API does.
 */
export async function moveBranch(
	trx: Transaction<Database>,
	deps: CommitDeps,
	repo: Repo,
	branch: string,
	old: string | null,
	target: string,
): Promise<boolean> {
	if (old === null) {
		const inserted = await trx
			.insertInto("refs")
			.values({ repo_id: repo.key, name: branch, commit_sha: target })
			.onConflict((conflict) => conflict.columns(["repo_id", "name"]).doNothing())
			.executeTakeFirst();
		if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
	} else {
		const moved = await trx
			.updateTable("refs")
			.set({ commit_sha: target })
			.where("repo_id", "=", repo.key)
			.where("name", "=", branch)
			.where("commit_sha", "=", old)
			.executeTakeFirst();
		if (Number(moved.numUpdatedRows) !== 1) return false;
	}
	const files = [...(await commitSnapshot(trx, target)).files.values()];
	checkFilesPerRepo(deps, files.length);
	if (branch === "main") {
		files.sort((left, right) => (left.path < right.path ? -1 : 1));
		await writeRepoRecord(trx, deps.blobStore, repo, files, target, new Date().toISOString());
	}
	return true;
}
