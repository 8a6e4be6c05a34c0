/**
 * Whole-history operations: a repository duplicated from another (`duplicate_repo`), and a
 * branch squashed to one commit (`super_squash_history`). Both reuse the stored blobs and trees;
 * nothing is copied in the blob store.
 */
import type { Caller } from "../auth/caller.js";
import type { HubConfig } from "../config.js";
import { HubError } from "../errors.js";
import { mayDownloadGated } from "./access-requests.js";
import { afterMainChanged, branchHead, type CommitDeps, snapshotOf, writeCommit } from "./commits.js";
import { StorageBudget } from "./quota.js";
import { createRepo } from "./repo-create.js";
import type { Repo } from "./repos.js";

type HistoryDeps = CommitDeps & {
	config: Pick<HubConfig, "storageQuotaBytes" | "maxFilesPerCommit" | "maxFilesPerRepo">;
};

/**
 * A new repository `target` holding `source`'s main branch as it is now: its first commit (the
 * usual `.gitattributes`), then one commit with every file of the source. The caller must see the
 * source, pass its gate, and be allowed to create in the target's namespace; the files count
 * against that namespace's storage quota.
 */
export async function duplicateRepo(
	deps: HistoryDeps,
	caller: Caller | undefined,
	source: Repo,
	target: { namespace: string; name: string; private: boolean },
): Promise<Repo> {
	if (source.gated && !(await mayDownloadGated(deps.db, source, caller))) {
		throw new HubError(403, `Access to ${source.id} is restricted: ask for access before duplicating it`, {
			code: "GatedRepo",
		});
	}
	const files = await snapshotOf(deps.db, await branchHead(deps.db, source, "main"));
	const budget = new StorageBudget(deps.db, deps.config, target.namespace);
	await budget.add([...files.values()].map((file) => ({ sha256: file.blobSha256, size: file.size })));
	const repo = await createRepo(deps, caller, { type: source.type, ...target });
	const head = await branchHead(deps.db, repo, "main");
	await deps.db.transaction().execute((trx) =>
		writeCommit(trx, deps, {
			repo,
			branch: "main",
			head,
			files,
			newBlobs: [],
			message: `Duplicate from ${source.id}`,
			author: caller?.userName ?? null,
		}),
	);
	await afterMainChanged(deps, repo);
	return repo;
}

/**
 * Replaces `branch`'s history with one root commit holding its files as they are (other branches
 * and tags keep theirs). The old commits stay stored: a tag may still name one.
 */
export async function squashBranch(
	deps: HistoryDeps,
	repo: Repo,
	branch: string,
	message: string,
	author: string | null,
): Promise<string> {
	const head = await branchHead(deps.db, repo, branch);
	const files = await snapshotOf(deps.db, head);
	const sha = await deps.db
		.transaction()
		.execute((trx) =>
			writeCommit(trx, deps, { repo, branch, head, parent: null, files, newBlobs: [], message, author }),
		);
	if (branch === "main") await afterMainChanged(deps, repo);
	return sha;
}
