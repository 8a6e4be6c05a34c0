/**
 * Repositories of every type, seen the same way: what a repository is (`Repo`),
 * the key its commits, refs, likes and requests are stored under, who may see
 * it and who may write to it. Models and datasets keep their own record tables
 * (`models`, `datasets`); everything git-like is shared and keyed by `repoKey`.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { Database } from "../db/schema.js";
import { badRequest, forbidden, HubError, repoNotFound, tokenRequired } from "../errors.js";
import { repoIdProblem } from "../storage/repo-path.js";
import { namespaceRole } from "./namespaces.js";
import { canSee } from "./repo-access.js";

export const REPO_TYPES = ["model", "dataset"] as const;
export type RepoType = (typeof REPO_TYPES)[number];

/** `models` and `datasets` as they appear in API paths (`/api/{plural}/…`). */
export const REPO_TYPE_PLURALS: Record<RepoType, "models" | "datasets"> = { model: "models", dataset: "datasets" };

export function isRepoType(value: unknown): value is RepoType {
	return typeof value === "string" && (REPO_TYPES as readonly string[]).includes(value);
}

/** The repo type an API path segment names (`models`, `datasets`); undefined for anything else. */
export function repoTypeOfPlural(plural: string): RepoType | undefined {
	return plural === "models" ? "model" : plural === "datasets" ? "dataset" : undefined;
}

/**
 * The key a repository's commits, refs, likes, access requests and redirects are stored under:
 * the id for a model (as seeded data always had), `datasets/{id}` for a dataset.
 */
export function repoKey(type: RepoType, id: string): string {
	return type === "model" ? id : `${type}s/${id}`;
}

/** The type and id behind a repo key. */
export function parseRepoKey(key: string): { type: RepoType; id: string } {
	return key.startsWith("datasets/")
		? { type: "dataset", id: key.slice("datasets/".length) }
		: { type: "model", id: key };
}

/** Where a repository lives on the site, as clients build it: `/{id}` or `/datasets/{id}`. */
export function repoWebPath(type: RepoType, id: string): string {
	return type === "model" ? `/${id}` : `/${type}s/${id}`;
}

/** What every route needs to know about a repository, whatever its type. */
export interface Repo {
	type: RepoType;
	id: string;
	/** repoKey(type, id). */
	key: string;
	/** The namespace: a user or organisation name. */
	author: string;
	/** User or organisation name that owns it; null for seeded public models. */
	owner: string | null;
	private: boolean;
	gated: "auto" | "manual" | undefined;
	/** Head of `main`. */
	sha: string;
	/** Models only: what counts as a download (services/downloads.ts). */
	libraryName: string | null;
}

/** `namespace/name` checked for shape; a malformed id is a 400, not a look-up. */
export function checkedRepoId(namespace: string, name: string): string {
	const problem = repoIdProblem(namespace, name);
	if (problem) throw badRequest(problem);
	return `${namespace}/${name}`;
}

/** The repository, whether or not the caller may see it; undefined when there is none. */
export async function findRepo(db: Kysely<Database>, type: RepoType, id: string): Promise<Repo | undefined> {
	if (type === "model") {
		const row = await db
			.selectFrom("models")
			.select(["id", "author", "owner", "private", "gated", "sha", "library_name"])
			.where("id", "=", id)
			.executeTakeFirst();
		return row && toRepo(type, { ...row, library_name: row.library_name });
	}
	const row = await db
		.selectFrom("datasets")
		.select(["id", "author", "owner", "private", "gated", "sha"])
		.where("id", "=", id)
		.executeTakeFirst();
	return row && toRepo(type, { ...row, library_name: null });
}

function toRepo(
	type: RepoType,
	row: {
		id: string;
		author: string;
		owner: string | null;
		private: number;
		gated: string | null;
		sha: string;
		library_name: string | null;
	},
): Repo {
	return {
		type,
		id: row.id,
		key: repoKey(type, row.id),
		author: row.author,
		owner: row.owner,
		private: row.private === 1,
		gated: row.gated === "auto" || row.gated === "manual" ? row.gated : undefined,
		sha: row.sha,
		libraryName: row.library_name,
	};
}

/** The repository if the caller may see it; otherwise RepoNotFound, which hides whether it exists. */
export async function findVisibleRepo(
	db: Kysely<Database>,
	type: RepoType,
	id: string,
	caller: Caller | undefined,
): Promise<Repo> {
	const repo = await findRepo(db, type, id);
	if (
		!repo ||
		!canSee({ id: repo.id, private: repo.private ? 1 : 0, author: repo.author, owner: repo.owner }, caller)
	) {
		throw repoNotFound(id, caller !== undefined);
	}
	return repo;
}

/** Where a renamed repository went (its new id), if it was renamed. */
export async function redirectOf(db: Kysely<Database>, type: RepoType, id: string): Promise<string | undefined> {
	const row = await db
		.selectFrom("repo_redirects")
		.select("to_id")
		.where("from_id", "=", repoKey(type, id))
		.executeTakeFirst();
	return row ? parseRepoKey(row.to_id).id : undefined;
}

/**
 * Whether the caller may write in `namespace`: they own it (their own name) or have the write or
 * admin role in the organisation that holds it (services/namespaces.ts). Site admins may write
 * anywhere.
 */
export async function mayWriteIn(db: Kysely<Database>, namespace: string, caller: Caller): Promise<boolean> {
	if (caller.isAdmin) return true;
	const role = await namespaceRole(db, namespace, caller);
	return role === "owner" || role === "admin" || role === "write";
}

/** The credential itself allows writes: a write token (within its repo scope) or a browser session. */
export function credentialMayWrite(caller: Caller, repoId?: string): boolean {
	if (caller.token.role !== "write" && caller.token.role !== "admin") return false;
	if (caller.oauthScopes && !caller.oauthScopes.includes("write-repos")) return false;
	if (repoId !== undefined && caller.repos && !caller.repos.includes(repoId)) return false;
	return true;
}

/** Whether the caller may write `repo` (a read: never a refusal), for pages that offer writing tools. */
export async function callerMayWrite(
	db: Kysely<Database>,
	repo: Pick<Repo, "id" | "author">,
	caller: Caller | undefined,
): Promise<boolean> {
	return caller !== undefined && credentialMayWrite(caller, repo.id) && (await mayWriteIn(db, repo.author, caller));
}

/**
 * Refuses a write the caller may not make in `namespace` (creating a repository there):
 * no caller → 401, a read token → 403, someone else's namespace → 403.
 */
export async function checkNamespaceWrite(
	db: Kysely<Database>,
	namespace: string,
	caller: Caller | undefined,
	repoId?: string,
): Promise<Caller> {
	if (!caller) throw tokenRequired();
	if (!credentialMayWrite(caller, repoId)) {
		throw forbidden("This token cannot write: use a token with the write role (and this repository in its scope)");
	}
	if (!(await mayWriteIn(db, namespace, caller))) {
		throw forbidden(`You cannot write in ${namespace}: it is not your account or an organisation where you may write`);
	}
	return caller;
}

/**
 * The repository, if the caller may write to it. A repository the caller cannot see is
 * answered as missing (never 403, which would tell that it exists); one they see but may not
 * change is 403.
 */
export async function findWritableRepo(
	db: Kysely<Database>,
	type: RepoType,
	id: string,
	caller: Caller | undefined,
): Promise<{ repo: Repo; caller: Caller }> {
	if (!caller) {
		// Still answer a missing repository as missing, the way the read routes do.
		const repo = await findRepo(db, type, id);
		if (!repo || repo.private) throw repoNotFound(id, false);
		throw tokenRequired();
	}
	const repo = await findVisibleRepo(db, type, id, caller);
	await checkNamespaceWrite(db, repo.author, caller, repo.id);
	return { repo, caller };
}

/** A commit whose `parentCommit` is no longer the branch head: 412, and the client reads the tree again. */
export function staleParent(branch: string, parentCommit: string, head: string): HubError {
	return new HubError(
		412,
		`A commit has happened since ${parentCommit}: ${branch} is now at ${head}. Read it again and redo your change.`,
		{ code: "ParentCommitMismatch" },
	);
}

/** A repository that exists already: 409, which `exist_ok` clients ignore. */
export function repoExists(type: RepoType, id: string): HubError {
	return new HubError(409, `You already created this ${type} repo: ${id}`, { code: "RepoExists" });
}
