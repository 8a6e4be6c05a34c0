/**
 * What `hubkit import` and `hubkit mirror` end with: files already in the blob
 * store made the content of a repository's `main` in one commit, the repository
 * created first when it is new. The commit replaces the whole content (a path
 * the snapshot lacks is deleted), so the repository ends up holding exactly the
 * folder or the mirrored revision; the record, search index and local runtime
 * follow as for any commit (services/commits.ts).
 *
 * A mirror (`upstream`) is recorded in `mirrored_repos` and its commit takes the upstream's commit
 * id, so clients see the same revision here as there; a mirror only ever takes its upstream's
 * revisions, and a local repository never becomes one. A mirror's other revisions (`ref`: a branch,
 * a tag, a commit by id) are written by services/mirror-refs.ts instead of on `main`.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { HubDeps } from "../deps.js";
import { HubError } from "../errors.js";
import { applyCommit, type CommitOperation, snapshotOf } from "./commits.js";
import { type MirrorRef, writeMirroredRevision } from "./mirror-refs.js";
import { forgetModelInfo } from "./model-info-cache.js";
import { insertRepo } from "./repo-create.js";
import { checkedRepoId, findRepo, type Repo, type RepoType, repoKey, upstreamRepoUrl } from "./repos.js";

export interface IngestFile {
	path: string;
	blob: { sha256: string; size: number };
	gitOid: string;
}

export interface IngestRequest {
	type: RepoType;
	/** `owner/name`. */
	id: string;
	files: IngestFile[];
	summary: string;
	/** For a new repository; an existing one keeps its visibility. */
	private?: boolean;
	/** Keep the repository's `.gitattributes` when the files have none (a plain folder has none). */
	keepGitattributes?: boolean;
	/** The repository and commit on another hub these files are (`hubkit mirror`). */
	upstream?: UpstreamRevision;
	/** A mirror's upstream asks for access before its files: so does the mirror (`followUpstreamGate`). */
	gated?: false | "auto" | "manual";
	/** With `upstream`: where the revision lands; `main` when absent. */
	ref?: MirrorRef;
}

export interface UpstreamRevision {
	/** The upstream hub's base URL. */
	hub: string;
	/** The repository's id there. */
	id: string;
	/** The commit the files were read at: the local commit's id. */
	sha: string;
}

export interface IngestResult {
	repo: Repo;
	commitOid: string;
	/** False when the repository already held exactly these files. */
	changed: boolean;
	repoCreated: boolean;
	/** For a model: the task the local runtime serves it for, if it can run it. */
	localTask?: string;
}

export async function ingestSnapshot(
	deps: Pick<HubDeps, "db" | "blobStore" | "logger">,
	request: IngestRequest,
): Promise<IngestResult> {
	const [namespace = "", name = ""] = request.id.split("/");
	const id = checkedRepoId(namespace, name);
	let repo = await findRepo(deps.db, request.type, id);
	const repoCreated = repo === undefined;
	const upstream = request.upstream;
	const mirrorOf = upstream && upstreamRepoUrl(upstream.hub, request.type, upstream.id);
	if (repo && repo.mirrorOf !== (mirrorOf ?? null)) throw notTheSameSource(repo, mirrorOf);
	if (repoCreated && upstream) {
		// Recorded before the repository exists: a repository is never seen without its upstream.
		const now = new Date().toISOString();
		await deps.db
			.insertInto("mirrored_repos")
			.values({
				repo_id: repoKey(request.type, id),
				upstream: upstream.hub,
				upstream_id: upstream.id,
				created_at: now,
				refreshed_at: now,
			})
			.onConflict((conflict) =>
				conflict.column("repo_id").doUpdateSet({ upstream: upstream.hub, upstream_id: upstream.id }),
			)
			.execute();
	}
	repo ??= await insertRepo(
		deps,
		{
			type: request.type,
			namespace: id.slice(0, id.indexOf("/")),
			name: id.slice(id.indexOf("/") + 1),
			private: request.private ?? false,
		},
		null,
	);

	if (upstream && request.gated) await followUpstreamGate(deps.db, repo, request.gated);
	const ref = request.ref;
	const result =
		upstream && ref && !(ref.kind === "branch" && ref.name === "main")
			? await writeMirroredRevision(deps, repo, {
					ref,
					sha: upstream.sha,
					files: request.files,
					summary: request.summary,
				})
			: await commitOnMain(deps, repo, request);
	const after = (await findRepo(deps.db, request.type, id)) ?? repo;

	let localTask: string | undefined;
	if (request.type === "model") {
		const mapping = await deps.db
			.selectFrom("provider_mappings")
			.select("task")
			.where("model_id", "=", id)
			.where("provider", "=", "hf-inference")
			.executeTakeFirst();
		localTask = mapping?.task;
	}
	return { repo: after, commitOid: result.commitOid, changed: result.changed, repoCreated, localTask };
}

/**
 * A mirror of a gated repository is gated here, before its files land, so that the operator's
 * upstream token never opens them to everyone: people ask for access here, and the site's
 * administrators answer. A gate set here stays when the upstream drops its own.
 */
async function followUpstreamGate(db: Kysely<Database>, repo: Repo, gated: "auto" | "manual"): Promise<void> {
	if (repo.gated) return;
	if (repo.type === "model") {
		await db.updateTable("models").set({ gated }).where("id", "=", repo.id).execute();
		forgetModelInfo(db, repo.id);
	} else await db.updateTable("datasets").set({ gated }).where("id", "=", repo.id).execute();
}

/** The files made `main`'s content in one commit (a mirror's keeps the upstream's id). */
async function commitOnMain(
	deps: Pick<HubDeps, "db" | "blobStore" | "logger">,
	repo: Repo,
	request: IngestRequest,
): Promise<{ commitOid: string; changed: boolean }> {
	const upstream = request.upstream;
	const incoming = new Set(request.files.map((file) => file.path));
	const current = await snapshotOf(deps.db, repo.sha);
	const operations: CommitOperation[] = [
		...request.files.map(
			(file): CommitOperation => ({ kind: "file", path: file.path, blob: file.blob, gitOid: file.gitOid }),
		),
		...[...current.keys()]
			.filter((path) => !incoming.has(path) && !(request.keepGitattributes && path === ".gitattributes"))
			.map((path): CommitOperation => ({ kind: "deleteFile", path })),
	];
	const result = await applyCommit(deps, {
		repo,
		branch: "main",
		summary: request.summary,
		author: null,
		operations,
		upstream: upstream && { sha: upstream.sha, root: await firstMirroredRevision(deps, repo) },
	});
	if (upstream) {
		await deps.db
			.updateTable("mirrored_repos")
			.set({ upstream_sha: result.commitOid, refreshed_at: new Date().toISOString() })
			.where("repo_id", "=", repo.key)
			.execute();
	}
	return { commitOid: result.commitOid, changed: result.created };
}

/** Whether main holds no upstream revision yet (only the commit that created the repository). */
async function firstMirroredRevision(deps: Pick<HubDeps, "db">, repo: Repo): Promise<boolean> {
	const row = await deps.db
		.selectFrom("mirrored_repos")
		.select("upstream_sha")
		.where("repo_id", "=", repo.key)
		.executeTakeFirst();
	return row?.upstream_sha !== repo.sha;
}

/** 409: the files would land in a repository that is not (or not the same) mirror. */
function notTheSameSource(repo: Repo, mirrorOf: string | undefined): HubError {
	const what = repo.mirrorOf ? `a mirror of ${repo.mirrorOf}` : "a repository of this hub";
	const instead = mirrorOf ? `mirror ${mirrorOf} into another repository (--to)` : "import into another repository";
	return new HubError(409, `${repo.id} is ${what}: ${instead}`);
}
