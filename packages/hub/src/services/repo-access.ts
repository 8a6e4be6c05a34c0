/**
 * Who may see a repository, and which commit a revision names. Shared by the
 * model routes and the file routes, so a private repository is hidden the same
 * way everywhere: 401 without a token, 404 with one (reference/hub-api.md §0).
 */
import type { Kysely, Selectable } from "kysely";
import { type Caller, readableNamespaces } from "../auth/caller.js";
import { seesRepo } from "../auth/permissions.js";
import type { Database, ModelsTable } from "../db/schema.js";
import { badRequest, HubError, repoNotFound, revisionNotFound } from "../errors.js";
import { repoIdProblem, revisionProblem } from "../storage/repo-path.js";
import { isSpecialKind, type NamedRef, refsNamedBy } from "./ref-names.js";

export type ModelRow = Selectable<ModelsTable>;

/**
 * Whether `caller` may see `model` (the rule's `seesRepo`, auth/permissions.ts): public, or private
 * and theirs or an organisation's they are a member of (any role reads), within a scoped token's repos.
 */
export function canSee(
	model: Pick<ModelRow, "id" | "private" | "author" | "owner">,
	caller: Pick<Caller, "userName" | "repos" | "orgs" | "ownNameContested" | "oauthScopes" | "isAdmin"> | undefined,
): boolean {
	const owners = caller ? readableNamespaces(caller) : [];
	const isMember = owners.includes(model.author) || (model.owner !== null && owners.includes(model.owner));
	return seesRepo({ id: model.id, private: model.private === 1 }, caller, isMember);
}

/** `namespace/name` checked for shape; a malformed id is a 400, not a look-up. */
export function checkRepoId(namespace: string, name: string): string {
	const problem = repoIdProblem(namespace, name);
	if (problem) throw badRequest(problem);
	return `${namespace}/${name}`;
}

/** The model row, or the RepoNotFound error that hides whether it exists. */
export async function findVisibleModel(
	db: Kysely<Database>,
	repoId: string,
	caller: Caller | undefined,
): Promise<ModelRow> {
	const model = await db.selectFrom("models").selectAll().where("id", "=", repoId).executeTakeFirst();
	if (!model || !canSee(model, caller)) throw repoNotFound(repoId, caller !== undefined);
	return model;
}

const COMMIT_SHA = /^[0-9a-f]{40}$/;

/** The commit `ref` names in the repository stored under `repoKey`, if it exists there. */
export async function refCommit(db: Kysely<Database>, repoKey: string, ref: NamedRef): Promise<string | undefined> {
	if (isSpecialKind(ref.kind)) {
		const row = await db
			.selectFrom("special_refs")
			.select("commit_sha")
			.where("repo_id", "=", repoKey)
			.where("kind", "=", ref.kind)
			.where("name", "=", ref.name)
			.executeTakeFirst();
		return row?.commit_sha;
	}
	const row = await db
		.selectFrom(ref.kind === "branch" ? "refs" : "ref_tags")
		.select("commit_sha")
		.where("repo_id", "=", repoKey)
		.where("name", "=", ref.name)
		.executeTakeFirst();
	return row?.commit_sha;
}

/**
 * The commit a revision names in the repository stored under `repoKey` (services/repos.ts:
 * the id for a model, `datasets/{id}` for a dataset): `HEAD` is the default branch `main`;
 * a branch, then a tag, is looked up by name, a full name (`refs/heads/…`, `refs/pr/1`) names its
 * ref (services/ref-names.ts); 40 lowercase hex is a commit of this repository,
 * by its git id or by the id it had before migration 0023 (`commit_aliases`), which names the
 * same commit still.
 */
export async function resolveRevision(db: Kysely<Database>, repoKey: string, revision: string): Promise<string> {
	const problem = revisionProblem(revision);
	if (problem) throw new HubError(400, problem);
	for (const ref of refsNamedBy(revision)) {
		const sha = await refCommit(db, repoKey, ref);
		if (sha) return sha;
	}
	if (COMMIT_SHA.test(revision)) {
		const commit = await db
			.selectFrom("commits")
			.select("sha")
			.where("repo_id", "=", repoKey)
			.where("sha", "=", revision)
			.executeTakeFirst();
		if (commit) return commit.sha;
		const alias = await db
			.selectFrom("commit_aliases")
			.select("new_sha")
			.where("repo_id", "=", repoKey)
			.where("old_sha", "=", revision)
			.executeTakeFirst();
		if (alias) return alias.new_sha;
	}
	throw revisionNotFound(repoKey, revision);
}
