/**
 * Repository files, for models and datasets alike: what a commit holds, and
 * which commit last changed a path. Visibility is `findVisibleRepo`
 * (repos.ts); revisions and history are looked up by repo key, under which
 * both types keep their commits and refs.
 * Commits never change, so a commit's tree is cached (bounded, per FileService)
 * and shared by every request that names it.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { Database } from "../db/schema.js";
import { RepoTree, type RevisionFile, type TreeEntry } from "../storage/repo-tree.js";
import { resolveRevision } from "./repo-access.js";
import { findVisibleRepo, type Repo, type RepoType } from "./repos.js";
import { commitSnapshot } from "./trees.js";

export type FileRepo = Repo;

export interface LastCommit {
	id: string;
	title: string;
	date: string;
}

const TREE_CACHE_SIZE = 256;
/** How far back `expand` looks for the commit that last touched a path. */
const HISTORY_DEPTH = 100;

export class FileService {
	readonly #db: Kysely<Database>;
	readonly #trees = new Map<string, Promise<RepoTree>>();

	constructor(db: Kysely<Database>) {
		this.#db = db;
	}

	/** The repository, if the caller may see it; otherwise RepoNotFound, hidden the same way as on the info routes. */
	visibleRepo(type: RepoType, id: string, caller: Caller | undefined): Promise<FileRepo> {
		return findVisibleRepo(this.#db, type, id, caller);
	}

	/** The commit a branch, tag, `HEAD` or full commit id names in the repo stored under `repoKey` (repo-access.ts). */
	resolveRevision(repoKey: string, revision: string): Promise<string> {
		return resolveRevision(this.#db, repoKey, revision);
	}

	tree(commitSha: string): Promise<RepoTree> {
		let tree = this.#trees.get(commitSha);
		if (tree) {
			// Re-insert so the map's order is least recently used first.
			this.#trees.delete(commitSha);
		} else {
			tree = this.#commitFiles(commitSha).then((files) => new RepoTree(files));
			tree.catch(() => this.#trees.delete(commitSha));
		}
		this.#trees.set(commitSha, tree);
		for (const oldest of this.#trees.keys()) {
			if (this.#trees.size <= TREE_CACHE_SIZE) break;
			this.#trees.delete(oldest);
		}
		return tree;
	}

	async #commitFiles(commitSha: string): Promise<RevisionFile[]> {
		return [...(await commitSnapshot(this.#db, commitSha, true)).files.values()];
	}

	/**
	 * For each entry, the newest commit that changed it: walking back from
	 * `commitSha`, the last commit before the entry's oid differs (or it is absent).
	 */
	async lastCommits(
		repoKey: string,
		commitSha: string,
		entries: readonly TreeEntry[],
	): Promise<Map<string, LastCommit>> {
		const history = await this.#history(repoKey, commitSha);
		const found = new Map<string, LastCommit>();
		let pending = [...entries];
		for (const [index, commit] of history.entries()) {
			const parent = history[index + 1];
			const parentTree = parent ? await this.tree(parent.id) : undefined;
			const tree = await this.tree(commit.id);
			pending = pending.filter((entry) => {
				const changed = !parentTree || oidAt(parentTree, entry.path) !== oidAt(tree, entry.path);
				if (changed) found.set(entry.path, commit);
				return !changed;
			});
			if (pending.length === 0) break;
		}
		// Older than the history we walked: the oldest commit we know is the best answer.
		const oldest = history.at(-1);
		if (oldest) for (const entry of pending) found.set(entry.path, oldest);
		return found;
	}

	async #history(repoKey: string, commitSha: string): Promise<LastCommit[]> {
		const history: LastCommit[] = [];
		let next: string | null = commitSha;
		while (next && history.length < HISTORY_DEPTH) {
			const commit = await this.#db
				.selectFrom("commits")
				.select(["sha", "parent_sha", "message", "created_at"])
				.where("repo_id", "=", repoKey)
				.where("sha", "=", next)
				.executeTakeFirst();
			if (!commit) break;
			history.push({ id: commit.sha, title: commit.message.split("\n")[0] ?? "", date: commit.created_at });
			next = commit.parent_sha;
		}
		return history;
	}
}

function oidAt(tree: RepoTree, path: string): string | undefined {
	const file = tree.file(path);
	if (file) return file.oid;
	return tree.isDirectory(path) ? tree.directoryOid(path) : undefined;
}
