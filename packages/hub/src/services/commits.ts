/**
 * Writing a commit: a branch's new file list, built from its head and a list of
 * operations, stored in one database transaction. The contents are already in
 * the blob store (content-addressed, so a blob written for a commit that then
 * fails is harmless); the transaction adds the trees of the directories the
 * change touched (services/trees.ts: stored by git tree id, shared with every
 * commit holding the same directory), the commit (a git commit object, its git id
 * its id: storage/commit-objects.ts) naming its root tree, the blob
 * rows, and moves the ref with a compare-and-swap on the head it read, so two
 * writers racing from the same head cannot both win. On `main` the
 * repository's record (card, config, tags, sizes) is rewritten in the same
 * transaction (repo-record.ts): files and record change together or not at all.
 * Files per commit and per repository are capped (`HUBKIT_MAX_FILES_PER_COMMIT`,
 * `HUBKIT_MAX_FILES_PER_REPO`).
 */
import type { Kysely, Transaction } from "kysely";
import { DEFAULT_MAX_FILES_PER_COMMIT, DEFAULT_MAX_FILES_PER_REPO, type HubConfig } from "../config.js";
import type { Database } from "../db/schema.js";
import type { HubDeps } from "../deps.js";
import { badRequest, entryNotFound, HubError, revisionNotFound } from "../errors.js";
import type { StoredBlob } from "../storage/blob-store.js";
import { commitObject } from "../storage/commit-objects.js";
import { buildTrees, type GitTrees, type SnapshotFile } from "../storage/git-trees.js";
import { repoPathProblem, repoPathSyntaxProblem } from "../storage/repo-path.js";
import { decideLocalMapping } from "./local-mapping.js";
import { forgetModelInfo } from "./model-info-cache.js";
import { baseModelsOf } from "./model-tree.js";
import { LOCAL_PROVIDER } from "./provider-mapping.js";
import { writeRepoRecord } from "./repo-record.js";
import { type Repo, staleParent } from "./repos.js";
import { commitSnapshot, storeTrees } from "./trees.js";

export type { SnapshotFile };

export type CommitOperation =
	/** Add or replace a file whose content is in the blob store. */
	| { kind: "file"; path: string; blob: StoredBlob; gitOid: string }
	| { kind: "deleteFile"; path: string }
	/** Every file under the folder. */
	| { kind: "deleteFolder"; path: string };

export interface CommitRequest {
	repo: Repo;
	branch: string;
	summary: string;
	description?: string;
	/** The head the client built its change on; refused (412) unless it is still the head. */
	parentCommit?: string;
	/** User name of who commits; null for the hub itself. */
	author: string | null;
	operations: CommitOperation[];
	/**
	 * A mirror's commit: the upstream's id for it, kept as its id (a commit even when no file
	 * changed); `root` for the first revision mirrored, which replaces the repository's creation commit.
	 */
	upstream?: { sha: string; root: boolean };
}

export interface CommitResult {
	/** The new commit, or the head when the operations changed nothing. */
	commitOid: string;
	/** The head before. */
	previous: string;
	/** False when the operations changed nothing and no commit was made. */
	created: boolean;
}

export type CommitDeps = Pick<HubDeps, "db" | "blobStore" | "logger"> & {
	/** The file caps; their defaults when absent. */
	config?: Pick<HubConfig, "maxFilesPerCommit" | "maxFilesPerRepo">;
};

/** Rows per INSERT: well under SQLite's bound-parameter limit. */
const INSERT_CHUNK = 400;
const HEX_PREFIX = /^[0-9a-f]{7,40}$/;
const MAX_ATTEMPTS = 3;

export async function applyCommit(deps: CommitDeps, request: CommitRequest): Promise<CommitResult> {
	checkFilesPerCommit(deps, request.operations.length);
	for (const operation of request.operations) {
		// Only new names meet the rules for names; a file stored before a rule can still be deleted.
		const rule = operation.kind === "file" ? repoPathProblem : repoPathSyntaxProblem;
		checkedPath(operation.path, operation.kind === "deleteFolder", rule);
	}
	const parentCommit = request.parentCommit?.toLowerCase();
	if (parentCommit !== undefined && !HEX_PREFIX.test(parentCommit)) {
		throw badRequest("parentCommit must be a commit id (7 to 40 hex digits)");
	}
	// Without a parentCommit the client asked for no check: a commit that lost the race for the
	// ref is built again on the new head (a few times), as git would rebase a push of new files.
	let result: CommitResult | undefined;
	for (let attempt = 1; result === undefined; attempt++) {
		try {
			result = await commitOnce(deps, request, parentCommit);
		} catch (error) {
			const lostRace = error instanceof HubError && error.code === "ParentCommitMismatch" && parentCommit === undefined;
			if (!lostRace || attempt >= MAX_ATTEMPTS) throw error;
		}
	}
	if (result.created && request.branch === "main") await afterMainChanged(deps, request.repo);
	return result;
}

async function commitOnce(
	deps: CommitDeps,
	request: CommitRequest,
	parentCommit: string | undefined,
): Promise<CommitResult> {
	return deps.db.transaction().execute(async (trx) => {
		const head = await branchHead(trx, request.repo, request.branch);
		if (parentCommit !== undefined && !(await namesCommit(trx, request.repo, parentCommit, head))) {
			throw staleParent(request.branch, parentCommit, head);
		}
		const before = await commitSnapshot(trx, head);
		const after = applyOperations(request.repo.id, before.files, request.operations);
		if (sameSnapshot(before.files, after) && (request.upstream?.sha ?? head) === head) {
			return { commitOid: head, previous: head, created: false };
		}
		// Only the directories on the changed paths are hashed and stored again.
		const trees = buildTrees(after.values(), {
			directories: before.directories,
			changed: request.operations.map((operation) => operation.path.replace(/\/+$/, "")),
		});
		const commitOid = await writeCommit(trx, deps, {
			repo: request.repo,
			branch: request.branch,
			head,
			files: after,
			trees,
			newBlobs: request.operations.flatMap((operation) => (operation.kind === "file" ? [operation.blob] : [])),
			message: commitMessage(request.summary, request.description),
			author: request.author,
			upstreamSha: request.upstream?.sha,
			parent: request.upstream?.root ? null : undefined,
		});
		return { commitOid, previous: head, created: true };
	});
}

/** What a commit writes, below the checks: the new snapshot is complete and valid. */
export interface NewCommit {
	repo: Repo;
	/** The branch it moves; null for a commit no ref names (a mirror's revision asked for by commit id). */
	branch: string | null;
	/** The branch head it replaces; null for a repository's first commit (the ref is created). */
	head: string | null;
	/** The commit's parent when it is not `head`: null for a squash, whose one root commit replaces the history. */
	parent?: string | null;
	/** A merge's second and later parents (`commit_merge_parents`). */
	mergeParents?: string[];
	files: Map<string, SnapshotFile>;
	/** The files' trees, when already built on top of the parent's; built from `files` otherwise. */
	trees?: GitTrees;
	/** Blobs this commit brings (their rows are added if missing); undefined: every file's. */
	newBlobs?: StoredBlob[];
	message: string;
	author: string | null;
	/**
	 * A mirror's commit keeps the upstream's id, which does not hash the object written here (the
	 * upstream's exact bytes are not known): the one exception to "an id is its object's git id".
	 */
	upstreamSha?: string;
}

/**
 * Inserts the new trees, the commit (its git object and id, storage/commit-objects.ts) and blob
 * rows, moves the ref (compare-and-swap), and on main the record.
 */
export async function writeCommit(trx: Transaction<Database>, deps: CommitDeps, commit: NewCommit): Promise<string> {
	checkFilesPerRepo(deps, commit.files.size);
	const now = new Date().toISOString();
	const files = [...commit.files.values()].sort((left, right) => (left.path < right.path ? -1 : 1));
	const parent = commit.parent === undefined ? commit.head : commit.parent;
	const mergeParents = commit.mergeParents ?? [];
	const trees = commit.trees ?? buildTrees(files);
	const object = commitObject({
		tree: trees.root,
		parents: parent === null ? mergeParents : [parent, ...mergeParents],
		author: commit.author,
		createdAt: now,
		message: commit.message,
	});
	const sha = commit.upstreamSha ?? object.sha;
	await storeTrees(trx, trees.trees);
	// The same git commit made twice (equal tree, parents, author, second and message, on two
	// branches) is one object: the row made first stands for both.
	await trx
		.insertInto("commits")
		.values({
			repo_id: commit.repo.key,
			sha,
			parent_sha: parent,
			message: commit.message,
			created_at: now,
			author: commit.author,
			tree_oid: trees.root,
			git_object: object.base64,
		})
		.onConflict((conflict) => conflict.columns(["repo_id", "sha"]).doNothing())
		.execute();
	await insertMergeParents(trx, commit.repo, sha, mergeParents);
	// The parent's blobs have their rows already; only what this commit brings is added.
	const blobs = new Map(
		commit.newBlobs
			? commit.newBlobs.map((blob) => [blob.sha256, blob.size])
			: files.map((file) => [file.blobSha256, file.size]),
	);
	const entries = [...blobs];
	for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
		await trx
			.insertInto("blobs")
			.values(entries.slice(start, start + INSERT_CHUNK).map(([sha256, size]) => ({ sha256, size })))
			.onConflict((conflict) => conflict.column("sha256").doNothing())
			.execute();
	}
	if (commit.branch === null) {
		// No ref moves: the commit is reached by its id (or by a ref its caller sets).
	} else if (commit.head === null) {
		await trx.insertInto("refs").values({ repo_id: commit.repo.key, name: commit.branch, commit_sha: sha }).execute();
	} else {
		const moved = await trx
			.updateTable("refs")
			.set({ commit_sha: sha })
			.where("repo_id", "=", commit.repo.key)
			.where("name", "=", commit.branch)
			.where("commit_sha", "=", commit.head)
			.executeTakeFirst();
		if (Number(moved.numUpdatedRows) !== 1) {
			const current = await trx
				.selectFrom("refs")
				.select("commit_sha")
				.where("repo_id", "=", commit.repo.key)
				.where("name", "=", commit.branch)
				.executeTakeFirst();
			throw staleParent(commit.branch, commit.head, current?.commit_sha ?? "nothing");
		}
	}
	if (commit.branch === "main") await writeRepoRecord(trx, deps.blobStore, commit.repo, files, sha, now);
	return sha;
}

/** A merge's second and later parents, in order (the first is `commits.parent_sha`). */
export async function insertMergeParents(
	trx: Transaction<Database>,
	repo: Repo,
	sha: string,
	mergeParents: readonly string[],
): Promise<void> {
	if (mergeParents.length === 0) return;
	await trx
		.insertInto("commit_merge_parents")
		.values(
			mergeParents.map((parentSha, index) => ({
				repo_id: repo.key,
				commit_sha: sha,
				position: index + 1,
				parent_sha: parentSha,
			})),
		)
		.onConflict((conflict) => conflict.columns(["repo_id", "commit_sha", "position"]).doNothing())
		.execute();
}

/**
 * After main moved: cached model answers are forgotten (the model's, and its base models', whose
 * `childrenModelCount` may have changed), and the hf-inference mapping is decided again from the
 * stored files, so a model pushed with files the runtime runs is servable at once (and one whose
 * runnable files were removed stops being offered).
 */
export async function afterMainChanged(deps: CommitDeps, repo: Repo): Promise<void> {
	if (repo.type !== "model") return;
	forgetModelInfo(deps.db, repo.id);
	const row = await deps.db.selectFrom("models").select("tags").where("id", "=", repo.id).executeTakeFirst();
	for (const base of baseModelsOf(row ? (JSON.parse(row.tags) as string[]) : [])?.models ?? []) {
		forgetModelInfo(deps.db, base.id);
	}
	try {
		await remapLocal(deps, repo.id);
	} catch (error) {
		// The commit stands; a model the runtime cannot judge is simply not offered.
		deps.logger.error(`Deciding the local mapping of ${repo.id} failed`, error);
	}
	forgetModelInfo(deps.db, repo.id);
}

async function remapLocal(deps: CommitDeps, id: string): Promise<void> {
	if (!(await decideLocalMapping(deps, id))) return;
	const local = await deps.db
		.selectFrom("provider_mappings")
		.select("model_id")
		.where("model_id", "=", id)
		.where("provider", "=", LOCAL_PROVIDER)
		.executeTakeFirst();
	deps.logger.info(`${id}: ${local ? "runs" : "no longer runs"} locally`);
}

/**
 * Whether a client's commit id (7 to 40 hex digits) names `head`: by its git id, or by the id it
 * had before the history became git commits (`commit_aliases`, migration 0023).
 */
async function namesCommit(db: Kysely<Database>, repo: Repo, prefix: string, head: string): Promise<boolean> {
	if (head.startsWith(prefix)) return true;
	const aliases = await db
		.selectFrom("commit_aliases")
		.select("old_sha")
		.where("repo_id", "=", repo.key)
		.where("new_sha", "=", head)
		.execute();
	return aliases.some((alias) => alias.old_sha.startsWith(prefix));
}

/** The head of `branch`; a missing branch is RevisionNotFound (branches are created on their own route). */
export async function branchHead(db: Kysely<Database>, repo: Repo, branch: string): Promise<string> {
	const ref = await db
		.selectFrom("refs")
		.select("commit_sha")
		.where("repo_id", "=", repo.key)
		.where("name", "=", branch)
		.executeTakeFirst();
	if (!ref) throw revisionNotFound(repo.id, branch);
	return ref.commit_sha;
}

/** A commit's files by path (empty for an unknown commit). */
export async function snapshotOf(db: Kysely<Database>, commitSha: string): Promise<Map<string, SnapshotFile>> {
	return (await commitSnapshot(db, commitSha)).files;
}

/** Refuses a commit of more operations than the hub takes in one (422, `TooManyFiles`). */
export function checkFilesPerCommit(deps: CommitDeps, count: number): void {
	const limit = deps.config?.maxFilesPerCommit ?? DEFAULT_MAX_FILES_PER_COMMIT;
	if (count <= limit) return;
	throw new HubError(
		422,
		`Too many files in one commit: at most ${limit} files may be added or deleted per commit (HUBKIT_MAX_FILES_PER_COMMIT); split it into several commits`,
		{ code: "TooManyFiles" },
	);
}

export function checkFilesPerRepo(deps: CommitDeps, count: number): void {
	const limit = deps.config?.maxFilesPerRepo ?? DEFAULT_MAX_FILES_PER_REPO;
	if (count <= limit) return;
	throw new HubError(
		422,
		`Too many files in the repository: it may hold at most ${limit} files (HUBKIT_MAX_FILES_PER_REPO), this commit would leave ${count}`,
		{ code: "TooManyFiles" },
	);
}

/** `path` checked as a repository path; a folder may end with `/` (the Python client sends it so). */
export function checkedPath(path: string, folder = false, problemOf = repoPathProblem): string {
	const bare = folder ? path.replace(/\/+$/, "") : path;
	const problem = bare === "" ? "A path is required" : problemOf(bare);
	if (problem) throw badRequest(`${problem}: ${JSON.stringify(path.slice(0, 200))}`);
	return bare;
}

function applyOperations(
	repoId: string,
	before: Map<string, SnapshotFile>,
	operations: CommitOperation[],
): Map<string, SnapshotFile> {
	const files = new Map(before);
	for (const operation of operations) {
		if (operation.kind === "file") {
			files.set(operation.path, {
				path: operation.path,
				blobSha256: operation.blob.sha256,
				size: operation.blob.size,
				gitOid: operation.gitOid,
			});
		} else if (operation.kind === "deleteFile") {
			if (!files.delete(operation.path)) throw entryNotFound(repoId, operation.path);
		} else {
			const prefix = `${checkedPath(operation.path, true, repoPathSyntaxProblem)}/`;
			let removed = 0;
			for (const path of [...files.keys()]) {
				if (path.startsWith(prefix)) removed += files.delete(path) ? 1 : 0;
			}
			if (removed === 0) throw entryNotFound(repoId, operation.path);
		}
	}
	// A path cannot be a file and a folder at once (git could not hold it).
	for (const path of files.keys()) {
		for (let slash = path.indexOf("/"); slash > 0; slash = path.indexOf("/", slash + 1)) {
			const folder = path.slice(0, slash);
			if (files.has(folder)) throw badRequest(`${folder} would be both a file and a folder (${path})`);
		}
	}
	return files;
}

function sameSnapshot(left: Map<string, SnapshotFile>, right: Map<string, SnapshotFile>): boolean {
	if (left.size !== right.size) return false;
	for (const [path, file] of left) {
		const other = right.get(path);
		if (!other || other.blobSha256 !== file.blobSha256 || other.size !== file.size) return false;
	}
	return true;
}

function commitMessage(summary: string, description: string | undefined): string {
	const title = summary.trim() || "Update files";
	return description?.trim() ? `${title}\n\n${description.trim()}` : title;
}
