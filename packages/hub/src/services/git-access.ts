/**
 * Who may read a repository through git and git-lfs: a clone hands out every file, so it asks what
 * a download of every file asks — the repository visible to the caller (private: its namespace's
 * members and tokens that name it), and for a gated one an accepted access request, its owner or a
 * writer. The refusals are the ones `/resolve` gives.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { Database } from "../db/schema.js";
import { checkGatedRepo } from "./access-requests.js";
import { findVisibleRepo, type Repo, type RepoType } from "./repos.js";

export async function readableRepo(
	db: Kysely<Database>,
	type: RepoType,
	id: string,
	caller: Caller | undefined,
): Promise<Repo> {
	const repo = await findVisibleRepo(db, type, id, caller);
	await checkGatedRepo(db, repo, caller);
	return repo;
}
