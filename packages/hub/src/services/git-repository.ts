/**
 * One repository as git sees it (src/git/repository.ts `GitRepositoryView`), read from the
 * database and the blob store: branches (`refs`) and tags (`ref_tags`) as git refs, an annotated
 * tag advertised as its tag object peeled to its commit, commits and annotated tags from their
 * stored objects (`commits.git_object`, `ref_tags.git_object`), trees encoded again from
 * `trees`/`tree_entries`, and blobs from the blob store (for an LFS file, the pointer git holds
 * in its place). Only what the repository's commits reach is served, and every object is
 * checked against its id before it is handed out, so a clone never receives another
 * repository's objects nor bytes that do not match their names.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { HubDeps } from "../deps.js";
import { encodeTree, objectId, type TreeEntryMode } from "../git/objects.js";
import type { GitRef, GitRepositoryView, StoredGitObject } from "../git/repository.js";
import type { BlobStore } from "../storage/blob-store.js";
import { storedCommitBytes } from "../storage/commit-objects.js";
import { DIRECTORY_MODE } from "../storage/git-trees.js";
import { lfsPointer } from "../storage/lfs.js";
import { storedTagBytes } from "../storage/tag-objects.js";
import { qualifiedRef } from "./ref-names.js";
import type { Repo } from "./repos.js";

export type GitRepositoryDeps = Pick<HubDeps, "db" | "blobStore">;

interface ReachedFile {
	blobSha256: string;
	size: number;
	lfs: boolean;
}

/** The trees and files the repository's commits reach, by git id. */
interface Reach {
	trees: Set<string>;
	files: Map<string, ReachedFile>;
}

/** Ids per IN list. */
const ID_CHUNK = 500;
/** A blob is read whole into memory: past this it is refused rather than exhaust the hub. */
const MAX_BLOB_BYTES = 2 * 1024 * 1024 * 1024 - 1;

export function openGitRepository(deps: GitRepositoryDeps, repo: Pick<Repo, "key">): GitRepositoryView {
	return new DatabaseGitRepository(deps.db, deps.blobStore, repo.key);
}

class DatabaseGitRepository implements GitRepositoryView {
	#reach: Promise<Reach> | undefined;
	#walked: Reach | undefined;

	constructor(
		private readonly db: Kysely<Database>,
		private readonly blobStore: BlobStore,
		private readonly repoKey: string,
	) {}

	async refs(): Promise<GitRef[]> {
		const branches = await this.db
			.selectFrom("refs")
			.select(["name", "commit_sha"])
			.where("repo_id", "=", this.repoKey)
			.execute();
		const tags = await this.db
			.selectFrom("ref_tags")
			.select(["name", "commit_sha", "tag_oid"])
			.where("repo_id", "=", this.repoKey)
			.execute();
		const special = await this.db
			.selectFrom("special_refs")
			.select(["kind", "name", "commit_sha"])
			.where("repo_id", "=", this.repoKey)
			.execute();
		const refs: GitRef[] = [
			...branches.map((row) => ({ name: `refs/heads/${row.name}`, oid: row.commit_sha })),
			// `refs/pr/N` and `refs/convert/NAME`, which git fetches by name (not by the default refspec).
			...special.map((row) => ({ name: qualifiedRef(row), oid: row.commit_sha })),
			...tags.map((row) =>
				row.tag_oid === null
					? { name: `refs/tags/${row.name}`, oid: row.commit_sha }
					: { name: `refs/tags/${row.name}`, oid: row.tag_oid, peeled: row.commit_sha },
			),
		];
		// Git's order: bytewise by name.
		return refs.sort((left, right) => Buffer.compare(Buffer.from(left.name), Buffer.from(right.name)));
	}

	async head(): Promise<string | undefined> {
		const main = await this.db
			.selectFrom("refs")
			.select("name")
			.where("repo_id", "=", this.repoKey)
			.where("name", "=", "main")
			.executeTakeFirst();
		return main ? "refs/heads/main" : undefined;
	}

	async readObject(oid: string): Promise<StoredGitObject | undefined> {
		if (!/^[0-9a-f]{40}$/.test(oid)) return undefined;
		// Once the trees were walked (a clone reads thousands of trees and blobs), those are found
		// without asking the database whether the id is a commit first.
		if (this.#walked?.trees.has(oid) || this.#walked?.files.has(oid)) return this.#readReached(oid, this.#walked);
		const commit = await this.db
			.selectFrom("commits")
			.select("git_object")
			.where("repo_id", "=", this.repoKey)
			.where("sha", "=", oid)
			.executeTakeFirst();
		if (commit) return checked(oid, { type: "commit", bytes: storedCommitBytes(commit.git_object) });
		const tag = await this.db
			.selectFrom("ref_tags")
			.select("git_object")
			.where("repo_id", "=", this.repoKey)
			.where("tag_oid", "=", oid)
			.where("git_object", "is not", null)
			.executeTakeFirst();
		if (tag?.git_object) return checked(oid, { type: "tag", bytes: storedTagBytes(tag.git_object) });
		return this.#readReached(oid, await this.#reached());
	}

	async #readReached(oid: string, reach: Reach): Promise<StoredGitObject | undefined> {
		if (reach.trees.has(oid)) return checked(oid, { type: "tree", bytes: await this.#treeBytes(oid) });
		const file = reach.files.get(oid);
		if (!file) return undefined;
		if (file.lfs) return checked(oid, { type: "blob", bytes: Buffer.from(lfsPointer(file.blobSha256, file.size)) });
		const bytes = await this.blobStore.readAll(file.blobSha256, MAX_BLOB_BYTES);
		return bytes && checked(oid, { type: "blob", bytes });
	}

	async #treeBytes(oid: string): Promise<Uint8Array> {
		const rows = await this.db
			.selectFrom("tree_entries")
			.select(["name", "mode", "object_oid"])
			.where("tree_oid", "=", oid)
			.execute();
		return encodeTree(rows.map((row) => ({ name: row.name, mode: row.mode as TreeEntryMode, oid: row.object_oid })));
	}

	/** Walked once per view: every tree from the commits' roots down, and the files they name. */
	#reached(): Promise<Reach> {
		this.#reach ??= this.#walk().then((reach) => {
			this.#walked = reach;
			return reach;
		});
		return this.#reach;
	}

	async #walk(): Promise<Reach> {
		const roots = await this.db
			.selectFrom("commits")
			.select("tree_oid")
			.distinct()
			.where("repo_id", "=", this.repoKey)
			.execute();
		const reach: Reach = { trees: new Set(), files: new Map() };
		let level = [...new Set(roots.map((row) => row.tree_oid))];
		while (level.length > 0) {
			for (const oid of level) reach.trees.add(oid);
			const next = new Set<string>();
			for (let start = 0; start < level.length; start += ID_CHUNK) {
				const rows = await this.db
					.selectFrom("tree_entries")
					.select(["mode", "object_oid", "blob_sha256", "size", "lfs"])
					.where("tree_oid", "in", level.slice(start, start + ID_CHUNK))
					.execute();
				for (const row of rows) {
					if (row.mode === DIRECTORY_MODE) {
						if (!reach.trees.has(row.object_oid)) next.add(row.object_oid);
					} else if (row.blob_sha256 !== null) {
						// Number(): a bigint column may come back from PostgreSQL as a string.
						reach.files.set(row.object_oid, {
							blobSha256: row.blob_sha256,
							size: Number(row.size),
							lfs: Number(row.lfs) === 1,
						});
					}
				}
			}
			level = [...next];
		}
		return reach;
	}
}

/** The object, unless its bytes do not hash to `oid` (then the repository does not have it). */
function checked(oid: string, object: StoredGitObject): StoredGitObject | undefined {
	return objectId(object.type, object.bytes) === oid ? object : undefined;
}
