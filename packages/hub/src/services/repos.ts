/**
 * Repositories of every type, seen the same way: what a repository is (`Repo`),
 * the key its commits, refs, likes and requests are stored under, and who may
 * see and change it, asked of the one rule (auth/permissions.ts). Models and datasets keep their own record tables
 * (`models`, `datasets`); everything git-like is shared and keyed by `repoKey`.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import { decide, namespaceRole, type Resource, requireAllowed } from "../auth/permissions.js";
import type { Database } from "../db/schema.js";
import { badRequest, HubError, repoNotFound } from "../errors.js";
import { repoIdProblem } from "../storage/repo-path.js";
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
	/** For a mirror of a repository on another hub: that repository's URL there. Mirrors take no writes. */
	mirrorOf: string | null;
}

/**
 * The tag of a sample-catalogue model whose files are placeholders (a path and a size, filler
 * bytes: seed/catalogue/model.ts), so neither a person nor a client takes it for a model that
 * runs; a caching mirror replaces such a model with the upstream's.
 */
export const PLACEHOLDER_TAG = "hubkit:placeholder";

/** `namespace/name` checked for shape; a malformed id is a 400, not a look-up. */
export function checkedRepoId(namespace: string, name: string): string {
	const problem = repoIdProblem(namespace, name);
	if (problem) throw badRequest(problem);
	return `${namespace}/${name}`;
}

/** The repository, whether or not the caller may see it; undefined when there is none. */
export async function findRepo(db: Kysely<Database>, type: RepoType, id: string): Promise<Repo | undefined> {
	const key = repoKey(type, id);
	if (type === "model") {
		const row = await db
			.selectFrom("models")
			.leftJoin("mirrored_repos", (join) => join.on("mirrored_repos.repo_id", "=", key))
			.select(["id", "author", "owner", "private", "gated", "sha", "library_name", "upstream", "upstream_id"])
			.where("id", "=", id)
			.executeTakeFirst();
		return row && toRepo(type, row);
	}
	const row = await db
		.selectFrom("datasets")
		.leftJoin("mirrored_repos", (join) => join.on("mirrored_repos.repo_id", "=", key))
		.select(["id", "author", "owner", "private", "gated", "sha", "upstream", "upstream_id"])
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
		upstream: string | null;
		upstream_id: string | null;
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
		mirrorOf: row.upstream && row.upstream_id ? upstreamRepoUrl(row.upstream, type, row.upstream_id) : null,
	};
}

/** Where a repository lives on a hub shaped like huggingface.co: models at the root, others under their plural. */
export function upstreamRepoUrl(upstream: string, type: RepoType, id: string): string {
	return `${upstream.replace(/\/+$/, "")}/${type === "model" ? "" : `${REPO_TYPE_PLURALS[type]}/`}${id}`;
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
 * The repository, if the rule (auth/permissions.ts) lets the caller do `action` on it. A repository
 * the caller cannot see is answered as missing (never 403, which would tell that it exists); one
 * they see but may not change is 403.
 */
export async function findRepoFor(
	db: Kysely<Database>,
	action: "write" | "admin",
	type: RepoType,
	id: string,
	caller: Caller | undefined,
): Promise<{ repo: Repo; caller: Caller }> {
	const repo = await findRepo(db, type, id);
	if (!repo) throw repoNotFound(id, caller !== undefined);
	const allowed = requireAllowed(caller, action, await repoResource(db, repo, caller));
	return { repo, caller: allowed };
}

/** The rule's view of a repository for `caller`: its id, visibility, upstream and the caller's role in its namespace. */
export async function repoResource(
	db: Kysely<Database>,
	repo: Pick<Repo, "id" | "author" | "private" | "mirrorOf">,
	caller: Caller | undefined,
): Promise<Resource> {
	const role = await namespaceRole(db, repo.author, caller);
	return { kind: "repo", id: repo.id, private: repo.private, mirrorOf: repo.mirrorOf, role };
}

/** Whether the caller may do `action` on `repo` (a read: never a refusal), for pages that offer the tools. */
export async function mayOnRepo(
	db: Kysely<Database>,
	action: "write" | "admin",
	repo: Pick<Repo, "id" | "author" | "private" | "mirrorOf">,
	caller: Caller | undefined,
): Promise<boolean> {
	return caller !== undefined && decide(caller, action, await repoResource(db, repo, caller)).allowed;
}

/** Whether the caller may create `repoId` in `namespace` (a read, for the site's name check). */
export async function mayCreateIn(
	db: Kysely<Database>,
	namespace: string,
	repoId: string,
	caller: Caller,
): Promise<boolean> {
	const role = await namespaceRole(db, namespace, caller);
	return decide(caller, "write", { kind: "namespace", name: namespace, repoId, role }).allowed;
}

/**
 * Refuses creating `repoId` in `namespace` (a new repository, a move's target) unless the rule
 * allows: no caller → 401, a read or out-of-scope token → 403, a namespace without the write role → 403.
 */
export async function requireCreateIn(
	db: Kysely<Database>,
	namespace: string,
	repoId: string,
	caller: Caller | undefined,
): Promise<Caller> {
	const role = await namespaceRole(db, namespace, caller);
	return requireAllowed(caller, "write", { kind: "namespace", name: namespace, repoId, role });
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
