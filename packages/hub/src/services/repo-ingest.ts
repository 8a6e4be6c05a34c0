/**
 * What `hubkit import` and `hubkit mirror` end with: files already in the blob
 * store made the content of a repository's `main` in one commit, the repository
 * created first when it is new. The commit replaces the whole content (a path
 * the snapshot lacks is deleted), so the repository ends up holding exactly the
 * folder or the mirrored revision; the record, search index and local runtime
 * follow as for any commit (services/commits.ts).
 */
import type { HubDeps } from "../deps.js";
import { applyCommit, type CommitOperation, snapshotOf } from "./commits.js";
import { insertRepo } from "./repo-create.js";
import { checkedRepoId, findRepo, type Repo, type RepoType } from "./repos.js";

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
	const result = await applyCommit(deps, { repo, branch: "main", summary: request.summary, author: null, operations });
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
	return { repo: after, commitOid: result.commitOid, changed: result.created, repoCreated, localTask };
}
