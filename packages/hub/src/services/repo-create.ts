/**
 * Creating a repository: its record row and a first commit on `main` holding a
 * `.gitattributes` that tracks the LFS formats (and any files the request
 * brings), in one transaction, so a repository never exists without a head.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { Database } from "../db/schema.js";
import { badRequest, notFound, tokenRequired } from "../errors.js";
import { gitBlobOid } from "../git-oid.js";
import { idPartProblem, ownerNameProblem } from "../ids.js";
import { isReservedName } from "../reserved-names.js";
import { LFS_EXTENSIONS } from "../storage/lfs.js";
import { afterMainChanged, type CommitDeps, checkedPath, type SnapshotFile, writeCommit } from "./commits.js";
import { claimSiteNamespaces } from "./namespaces.js";
import {
	checkedRepoId,
	findRepo,
	mayCreateIn,
	type Repo,
	type RepoType,
	repoExists,
	repoKey,
	requireCreateIn,
} from "./repos.js";

export interface NewRepo {
	type: RepoType;
	namespace: string;
	name: string;
	private: boolean;
	/** Files of the first commit besides `.gitattributes`. */
	files?: { path: string; content: Uint8Array }[];
}

/** The `.gitattributes` of a new repository: the formats the hub keeps as LFS (storage/lfs.ts). */
export function defaultGitattributes(): string {
	const patterns = [...[...LFS_EXTENSIONS].map((extension) => `*.${extension}`), "*tfevents*"];
	return patterns.map((pattern) => `${pattern} filter=lfs diff=lfs merge=lfs -text\n`).join("");
}

/** Why `name` may never name a new repository (the id rule, then the reserved names), or undefined. */
export function repoNameProblem(name: string): string | undefined {
	const problem = idPartProblem(name);
	if (problem) return `The name is not valid: ${problem}`;
	if (isReservedName(name)) return `${JSON.stringify(name)} is reserved for the hub's own pages`;
	return undefined;
}

/**
 * Whether an account or organisation holds `namespace`. People create in their own name or their
 * organisations', which exist; a site admin may create in any namespace, but only one somebody
 * holds: a repository under a free name would belong to whoever signed up with it later.
 */
async function namespaceHeld(db: Kysely<Database>, namespace: string): Promise<boolean> {
	const row = await db.selectFrom("users").select("id").where("name", "=", namespace).executeTakeFirst();
	return row !== undefined;
}

const noSuchNamespace = (namespace: string) => `There is no account or organization named ${namespace.slice(0, 100)}`;

/**
 * What creating `namespace/name` would refuse, asked before trying (the site's "new repository"
 * form checks as the person types): the name's rule, then whether the caller may write in the
 * namespace (and, for a site admin, whether anyone holds it), then whether the id is taken. Only
 * a caller who may write in the namespace learns whether an id there exists, as creating would
 * tell them (409).
 */
export async function newRepoProblem(
	db: Kysely<Database>,
	caller: Caller | undefined,
	request: { type: RepoType; namespace: string; name: string },
): Promise<string | undefined> {
	if (!caller) throw tokenRequired();
	const ruleProblem = repoNameProblem(request.name);
	if (ruleProblem) return ruleProblem;
	if (
		idPartProblem(request.namespace) ||
		!(await mayCreateIn(db, request.namespace, `${request.namespace}/${request.name}`, caller))
	) {
		return `You cannot create repositories in ${request.namespace.slice(0, 100)}`;
	}
	if (!(await namespaceHeld(db, request.namespace))) return noSuchNamespace(request.namespace);
	const id = `${request.namespace}/${request.name}`;
	if (await findRepo(db, request.type, id)) return `${id} already exists: choose another name`;
	return undefined;
}

/** Creates the repository for `caller`, who must be allowed to write in the namespace. */
export async function createRepo(deps: CommitDeps, caller: Caller | undefined, request: NewRepo): Promise<Repo> {
	const id = checkedRepoId(request.namespace, request.name);
	const author = await requireCreateIn(deps.db, request.namespace, id, caller);
	if (!(await namespaceHeld(deps.db, request.namespace))) throw notFound(noSuchNamespace(request.namespace));
	return insertRepo(deps, request, author.userName);
}

/**
 * Creates the repository with no permission check: for the operator's own tools (`hubkit import`),
 * which run with the data directory's rights. `author` names who made the first commit (null: the hub).
 */
export async function insertRepo(deps: CommitDeps, request: NewRepo, author: string | null): Promise<Repo> {
	const id = checkedRepoId(request.namespace, request.name);
	const nameProblem = repoNameProblem(request.name);
	if (nameProblem) throw badRequest(nameProblem);
	// The API only lets people create under their own or their organisation's name, which the id rule
	// already checked; operators' tools (`hubkit import`, `mirror`) name any namespace, so check it here.
	const namespaceProblem = ownerNameProblem(request.namespace.toLowerCase());
	if (namespaceProblem) throw badRequest(`Invalid namespace: ${namespaceProblem}`);
	if (await findRepo(deps.db, request.type, id)) throw repoExists(request.type, id);
	// The hub's own repositories (`import`, `mirror`): a new namespace becomes the site's, an account's stays theirs.
	if (author === null) await claimSiteNamespaces(deps.db, [request.namespace], { contestHeld: false });

	// Contents first: an unreferenced blob is harmless if the transaction then fails.
	const files = new Map<string, SnapshotFile>();
	const initial = [
		{ path: ".gitattributes", content: new TextEncoder().encode(defaultGitattributes()) },
		...(request.files ?? []),
	];
	for (const file of initial) {
		const path = checkedPath(file.path);
		const blob = await deps.blobStore.put(file.content);
		files.set(path, { path, blobSha256: blob.sha256, size: blob.size, gitOid: gitBlobOid(file.content) });
	}

	const now = new Date().toISOString();
	const repo: Repo = {
		type: request.type,
		id,
		key: repoKey(request.type, id),
		author: request.namespace,
		owner: request.namespace,
		private: request.private,
		gated: undefined,
		sha: "",
		libraryName: null,
		mirrorOf: null,
	};
	const row = {
		id,
		author: request.namespace,
		name: request.name,
		private: request.private ? 1 : 0,
		gated: null,
		downloads: 0,
		likes: 0,
		trending_score: 0,
		created_at: now,
		last_modified: now,
		sha: "",
		tags: "[]",
		card_data: null,
		owner: request.namespace,
		main_size: 0,
	};
	try {
		repo.sha = await deps.db.transaction().execute(async (trx) => {
			if (request.type === "model") {
				await trx
					.insertInto("models")
					.values({
						...row,
						pipeline_tag: null,
						library_name: null,
						config: null,
						widget_data: null,
						transformers_info: null,
						num_parameters: null,
					})
					.execute();
			} else {
				await trx
					.insertInto("datasets")
					.values({ ...row, description: null })
					.execute();
			}
			return writeCommit(trx, deps, {
				repo,
				branch: "main",
				head: null,
				files,
				message: "initial commit",
				author,
			});
		});
	} catch (error) {
		// Two creations of the same id at once: the one that lost meets the primary key.
		if (await findRepo(deps.db, request.type, id)) throw repoExists(request.type, id);
		throw error;
	}
	await afterMainChanged(deps, repo);
	return repo;
}
