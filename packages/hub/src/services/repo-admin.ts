/**
 * Administering a repository: deleting it, changing its visibility and gate, and
 * moving it to another name. Each is one transaction over the record and every row
 * keyed by it. Blobs stay: they are content-addressed and may be shared with other
 * repositories. A moved repository leaves a redirect from its old key.
 */
import type { Kysely, Transaction } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { Database } from "../db/schema.js";
import { badRequest } from "../errors.js";
import { forgetModelInfo } from "./model-info-cache.js";
import { checkedRepoId, findRepoFor, type Repo, type RepoType, repoExists, repoKey, requireCreateIn } from "./repos.js";

/** What deleting a repository's rows needs to know of it. */
type RepoName = Pick<Repo, "type" | "id" | "key">;

/** Rows of a repository's own: its tags, apps and mappings (models), its tags (datasets). */
async function deleteRecord(trx: Transaction<Database>, repo: RepoName): Promise<void> {
	if (repo.type === "model") {
		await trx.deleteFrom("model_tags").where("model_id", "=", repo.id).execute();
		await trx.deleteFrom("model_apps").where("model_id", "=", repo.id).execute();
		await trx.deleteFrom("provider_mappings").where("model_id", "=", repo.id).execute();
		await trx.deleteFrom("models").where("id", "=", repo.id).execute();
	} else {
		await trx.deleteFrom("dataset_tags").where("dataset_id", "=", repo.id).execute();
		await trx.deleteFrom("datasets").where("id", "=", repo.id).execute();
	}
}

/** `DELETE /api/repos/delete`: the repository and everything keyed by it, in one transaction. */
export async function deleteRepo(
	db: Kysely<Database>,
	type: RepoType,
	id: string,
	caller: Caller | undefined,
): Promise<void> {
	const { repo } = await findRepoFor(db, "admin", type, id, caller);
	await removeRepo(db, repo);
}

/** Removes a repository and everything keyed by it, in one transaction; who may is the caller's to have asked. */
export async function removeRepo(db: Kysely<Database>, repo: Repo): Promise<void> {
	await db.transaction().execute((trx) => deleteRepoRows(trx, repo));
	if (repo.type === "model") forgetModelInfo(db, repo.id);
}

/**
 * Deletes a repository's record and every row keyed by it inside `trx` (the caller forgets a
 * model's cached info once it commits).
 */
export async function deleteRepoRows(trx: Transaction<Database>, repo: RepoName): Promise<void> {
	const key = repo.key;
	await deleteRecord(trx, repo);
	// Trees may be shared with other repositories: those no commit reaches any more go to the collector.
	await trx.deleteFrom("commit_merge_parents").where("repo_id", "=", key).execute();
	await trx.deleteFrom("commits").where("repo_id", "=", key).execute();
	await trx.deleteFrom("commit_aliases").where("repo_id", "=", key).execute();
	await trx.deleteFrom("mirrored_repos").where("repo_id", "=", key).execute();
	await trx.deleteFrom("mirrored_refs").where("repo_id", "=", key).execute();
	await trx.deleteFrom("refs").where("repo_id", "=", key).execute();
	await trx.deleteFrom("ref_tags").where("repo_id", "=", key).execute();
	await trx.deleteFrom("special_refs").where("repo_id", "=", key).execute();
	await trx.deleteFrom("likes").where("repo_id", "=", key).execute();
	await trx.deleteFrom("access_requests").where("repo_id", "=", key).execute();
	await trx.deleteFrom("lfs_uploads").where("repo_id", "=", key).execute();
	await trx.deleteFrom("lfs_objects").where("repo_id", "=", key).execute();
	await trx.deleteFrom("repo_redirects").where("to_id", "=", key).execute();
}

export interface RepoSettings {
	private: boolean;
	gated: false | "auto" | "manual";
}

/** The settings a `PUT …/settings` body asks for, checked; keys left out keep their value. */
export function parseSettings(body: Record<string, unknown>): Partial<RepoSettings> {
	const settings: Partial<RepoSettings> = {};
	if (body.private !== undefined) {
		if (typeof body.private !== "boolean") throw badRequest("private must be true or false");
		settings.private = body.private;
	}
	if (body.visibility !== undefined) {
		if (body.visibility !== "public" && body.visibility !== "private") {
			throw badRequest('visibility must be "public" or "private"');
		}
		const isPrivate = body.visibility === "private";
		if (settings.private !== undefined && settings.private !== isPrivate) {
			throw badRequest("private and visibility disagree");
		}
		settings.private = isPrivate;
	}
	if (body.gated !== undefined) {
		if (body.gated !== false && body.gated !== "auto" && body.gated !== "manual") {
			throw badRequest('gated must be false, "auto" or "manual"');
		}
		settings.gated = body.gated;
	}
	return settings;
}

/** `PUT /api/{type}s/{id}/settings`: returns the settings in force afterwards. */
export async function updateSettings(
	db: Kysely<Database>,
	type: RepoType,
	id: string,
	caller: Caller | undefined,
	change: Partial<RepoSettings>,
): Promise<RepoSettings> {
	const { repo } = await findRepoFor(db, "admin", type, id, caller);
	const settings: RepoSettings = {
		private: change.private ?? repo.private,
		gated: change.gated ?? repo.gated ?? false,
	};
	const values = { private: settings.private ? 1 : 0, gated: settings.gated === false ? null : settings.gated };
	if (type === "model") await db.updateTable("models").set(values).where("id", "=", id).execute();
	else await db.updateTable("datasets").set(values).where("id", "=", id).execute();
	if (type === "model") forgetModelInfo(db, id);
	return settings;
}

/** Renames every row keyed by the repository inside `trx`: the record, then its git-like rows. */
async function renameRows(trx: Transaction<Database>, repo: Repo, toId: string, now: string): Promise<void> {
	const [author = "", name = ""] = toId.split("/");
	const fromKey = repo.key;
	const toKey = repoKey(repo.type, toId);
	// Delete and insert, not update: SQLite's search index follows `models` by insert and delete
	// triggers. A target another request created since the look-up is a 409 (the transaction rolls back).
	const clash = () => repoExists(repo.type, toId);
	if (repo.type === "model") {
		const row = await trx.selectFrom("models").selectAll().where("id", "=", repo.id).executeTakeFirstOrThrow();
		await trx.deleteFrom("models").where("id", "=", repo.id).execute();
		const inserted = await trx
			.insertInto("models")
			.values({ ...row, id: toId, author, name, owner: row.owner === null ? null : author })
			.onConflict((conflict) => conflict.column("id").doNothing())
			.executeTakeFirst();
		if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw clash();
		await trx.updateTable("model_tags").set({ model_id: toId }).where("model_id", "=", repo.id).execute();
		await trx.updateTable("model_apps").set({ model_id: toId }).where("model_id", "=", repo.id).execute();
		await trx.updateTable("provider_mappings").set({ model_id: toId }).where("model_id", "=", repo.id).execute();
		// The hub's own runtime serves a model by its id.
		await trx
			.updateTable("provider_mappings")
			.set({ provider_id: toId })
			.where("model_id", "=", toId)
			.where("provider", "=", "hf-inference")
			.where("provider_id", "=", repo.id)
			.execute();
	} else {
		const row = await trx.selectFrom("datasets").selectAll().where("id", "=", repo.id).executeTakeFirstOrThrow();
		await trx.deleteFrom("datasets").where("id", "=", repo.id).execute();
		const inserted = await trx
			.insertInto("datasets")
			.values({ ...row, id: toId, author, name, owner: row.owner === null ? null : author })
			.onConflict((conflict) => conflict.column("id").doNothing())
			.executeTakeFirst();
		if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw clash();
		await trx.updateTable("dataset_tags").set({ dataset_id: toId }).where("dataset_id", "=", repo.id).execute();
	}
	for (const table of [
		"commits",
		"commit_merge_parents",
		"commit_aliases",
		"mirrored_repos",
		"mirrored_refs",
		"refs",
		"ref_tags",
		"special_refs",
		"likes",
		"access_requests",
		"lfs_uploads",
		"lfs_objects",
	] as const) {
		await trx.updateTable(table).set({ repo_id: toKey }).where("repo_id", "=", fromKey).execute();
	}
	// Chains resolve to the newest name (A→B, then B→C: A goes to C); the new name is a repository
	// again, so a redirect from it would shadow it; and the old name now points here.
	await trx.updateTable("repo_redirects").set({ to_id: toKey }).where("to_id", "=", fromKey).execute();
	await trx.deleteFrom("repo_redirects").where("from_id", "=", toKey).execute();
	await trx.deleteFrom("repo_redirects").where("from_id", "=", fromKey).execute();
	await trx.insertInto("repo_redirects").values({ from_id: fromKey, to_id: toKey, created_at: now }).execute();
}

/**
 * `POST /api/repos/move`: administering the repository, and creating in the target namespace; a
 * target that exists is a 409.
 * Returns the new id.
 */
export async function moveRepo(
	db: Kysely<Database>,
	type: RepoType,
	fromId: string,
	toId: string,
	caller: Caller | undefined,
	now = new Date(),
): Promise<string> {
	const { repo, caller: writer } = await findRepoFor(db, "admin", type, fromId, caller);
	const slash = toId.indexOf("/");
	const namespace = slash === -1 ? "" : toId.slice(0, slash);
	const target = checkedRepoId(namespace, slash === -1 ? toId : toId.slice(slash + 1));
	if (target === repo.id) throw badRequest("The repository already has that name");
	await requireCreateIn(db, namespace, target, writer);
	await db.transaction().execute(async (trx) => {
		const clash =
			type === "model"
				? await trx.selectFrom("models").select("id").where("id", "=", target).executeTakeFirst()
				: await trx.selectFrom("datasets").select("id").where("id", "=", target).executeTakeFirst();
		if (clash) throw repoExists(type, target);
		await renameRows(trx, repo, target, now.toISOString());
	});
	if (type === "model") {
		forgetModelInfo(db, repo.id);
		forgetModelInfo(db, target);
	}
	return target;
}
