/**
 * Who may read a repository through git and git-lfs: a clone hands out every file, so it asks what
 * a download of every file asks — the repository visible to the caller (private: its namespace's
 * members and tokens that name it), and for a gated one an accepted access request, its owner or a
 * writer. The refusals are the ones `/resolve` gives.
 *
 * A mirror of another hub's repository is not served over git: its commits keep the upstream's ids,
 * which the objects written here do not hash to, and git checks every id it receives.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { Database } from "../db/schema.js";
import { forbidden } from "../errors.js";
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

/** A repository git may clone: readable, and not a mirror (see above). */
export async function clonableRepo(
	db: Kysely<Database>,
	type: RepoType,
	id: string,
	caller: Caller | undefined,
): Promise<Repo> {
	const repo = await readableRepo(db, type, id, caller);
	if (repo.mirrorOf !== null) {
		throw forbidden(
			`${repo.id} is a mirror of ${repo.mirrorOf}: git clone it from there; this hub serves its files to huggingface_hub, hf download and /resolve`,
		);
	}
	return repo;
}
