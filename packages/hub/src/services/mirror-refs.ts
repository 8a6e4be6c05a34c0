/**
 * A mirror's revisions besides `main`: what a revision names on the upstream (a branch, tag,
 * pull request's head `refs/pr/N` or conversion `refs/convert/NAME` by its refs listing, or a
 * commit by its id), and writing it here under the same name and the upstream's commit id. A ref
 * upstream becomes the same ref of the mirror (services/ref-names.ts), and `mirrored_refs`
 * (migration 0027) records the upstream commit it named and when that was read. A
 * revision asked for by commit id is a commit no ref names: its `commits` row keeps it, and its
 * files, as it keeps every commit's (services/blob-references.ts). A revision whose commit is not
 * held yet is written as one root commit holding its files (its history upstream is not copied);
 * one whose commit is here already (a tag on a commit `main` held) only gets its name.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { type CommitDeps, writeCommit } from "./commits.js";
import { apiUrl, failure, type MirrorSource, sourceGet } from "./mirror.js";
import { forgetModelInfo } from "./model-info-cache.js";
import { isSpecialKind, type NamedRef, type RefKind, refsNamedBy, specialRefNamed } from "./ref-names.js";
import { refNameProblem } from "./refs.js";
import { refCommit } from "./repo-access.js";
import type { IngestFile } from "./repo-ingest.js";
import type { Repo } from "./repos.js";

/** Where a mirrored revision lands: a ref (the branch `main` included), or a commit no ref names. */
export type MirrorRef = NamedRef | { kind: "commit" };

export interface SourceRef {
	ref: MirrorRef;
	/** The upstream commit it names now. */
	sha: string;
}

export interface HeldRef {
	kind: RefKind;
	name: string;
	sha: string;
	refreshedAt: string;
}

const COMMIT_ID = /^[0-9a-f]{40}$/;

/** Whether a revision names the default branch, which the mirror keeps in `mirrored_repos`. */
export function isMainRevision(revision: string): boolean {
	return revision === "main" || revision === "HEAD" || revision === "refs/heads/main";
}

export function isCommitId(revision: string): boolean {
	return COMMIT_ID.test(revision);
}

/**
 * What `revision` names on the source now: a commit id is taken as it is; a name is looked up in
 * the source's refs listing (a bare name a branch, then a tag). Undefined when it names nothing
 * there this hub can hold.
 */
export async function readSourceRef(source: MirrorSource, revision: string): Promise<SourceRef | undefined> {
	if (isCommitId(revision)) return { ref: { kind: "commit" }, sha: revision };
	if (isMainRevision(revision)) revision = "main";
	const named = refsNamedBy(revision);
	const listed = await readSourceRefs(source, { pullRequests: named.some((ref) => ref.kind === "pr") });
	for (const ref of named) {
		const found = listed.find((item) => item.ref.kind === ref.kind && item.ref.name === ref.name);
		if (found) return found;
	}
	return undefined;
}

/** The lists of a refs listing, and the kind of ref each holds. */
const LISTS = { branches: "branch", tags: "tag", converts: "convert", pullRequests: "pr" } as const;

/**
 * Every ref of the source this hub can hold, from its refs listing: branches (`main` included),
 * tags and conversions, and the heads of pull requests when `pullRequests` (a listing of them costs
 * the upstream more, and a repository may have hundreds). A special ref is known by its full name
 * (`ref`), whatever its `name` says.
 */
export async function readSourceRefs(
	source: MirrorSource,
	options: { pullRequests?: boolean } = {},
): Promise<Array<SourceRef & { ref: NamedRef }>> {
	const url = apiUrl(source, "/refs");
	if (options.pullRequests) url.searchParams.set("include_prs", "1");
	const response = await sourceGet(source, url);
	if (!response.ok) throw await failure(response, `Reading the refs of ${source.id}`, source);
	const listing = (await response.json()) as Record<string, unknown>;
	const refs = [];
	for (const [list, kind] of Object.entries(LISTS)) {
		const entries = listing[list];
		if (!Array.isArray(entries)) continue;
		for (const entry of entries as Array<{ name?: unknown; ref?: unknown; targetCommit?: unknown } | null>) {
			const { name, ref: fullName, targetCommit } = entry ?? {};
			if (typeof targetCommit !== "string" || !isCommitId(targetCommit)) continue;
			const ref = listedRef(kind, name, fullName);
			if (ref) refs.push({ ref, sha: targetCommit });
		}
	}
	return refs;
}

/** The ref an entry of a listing's `kind` list names, when it is one this hub can hold. */
function listedRef(kind: RefKind, name: unknown, fullName: unknown): NamedRef | undefined {
	if (isSpecialKind(kind)) {
		const special = typeof fullName === "string" ? specialRefNamed(fullName) : undefined;
		return special?.kind === kind ? special : undefined;
	}
	if (typeof name !== "string" || (name !== "main" && refNameProblem(name))) return undefined;
	return { kind, name };
}

/** The refs of a mirror that came from its upstream, `main` aside (`mirrored_repos` keeps it). */
export async function heldRefs(db: Kysely<Database>, repoKey: string): Promise<HeldRef[]> {
	const rows = await db
		.selectFrom("mirrored_refs")
		.select(["kind", "name", "upstream_sha", "refreshed_at"])
		.where("repo_id", "=", repoKey)
		.orderBy("kind")
		.orderBy("name")
		.execute();
	return rows.map((row) => ({
		kind: row.kind,
		name: row.name,
		sha: row.upstream_sha,
		refreshedAt: row.refreshed_at,
	}));
}

/** The ref `revision` names on a mirror, as last read from the upstream; undefined when none is held. */
export async function heldRef(db: Kysely<Database>, repoKey: string, revision: string): Promise<HeldRef | undefined> {
	for (const ref of refsNamedBy(revision)) {
		const row = await db
			.selectFrom("mirrored_refs")
			.select(["upstream_sha", "refreshed_at"])
			.where("repo_id", "=", repoKey)
			.where("kind", "=", ref.kind)
			.where("name", "=", ref.name)
			.executeTakeFirst();
		// A row the ref no longer matches (a repository deleted and mirrored again) does not count.
		if (row && (await refCommit(db, repoKey, ref)) === row.upstream_sha) {
			return { ...ref, sha: row.upstream_sha, refreshedAt: row.refreshed_at };
		}
	}
	return undefined;
}

export async function holdsCommit(db: Kysely<Database>, repoKey: string, sha: string): Promise<boolean> {
	const row = await db
		.selectFrom("commits")
		.select("sha")
		.where("repo_id", "=", repoKey)
		.where("sha", "=", sha)
		.executeTakeFirst();
	return row !== undefined;
}

/** Notes that the upstream still names the same commit by `ref`. */
export async function touchMirroredRef(db: Kysely<Database>, repoKey: string, ref: HeldRef): Promise<void> {
	await db
		.updateTable("mirrored_refs")
		.set({ refreshed_at: new Date().toISOString() })
		.where("repo_id", "=", repoKey)
		.where("kind", "=", ref.kind)
		.where("name", "=", ref.name)
		.execute();
}

/** The upstream dropped a ref: the mirror drops it too (its commits stay, as for any ref deleted). */
export async function forgetMirroredRef(db: Kysely<Database>, repo: Repo, ref: HeldRef): Promise<void> {
	await db.transaction().execute(async (trx) => {
		if (isSpecialKind(ref.kind)) {
			await trx
				.deleteFrom("special_refs")
				.where("repo_id", "=", repo.key)
				.where("kind", "=", ref.kind)
				.where("name", "=", ref.name)
				.execute();
		} else {
			await trx
				.deleteFrom(ref.kind === "branch" ? "refs" : "ref_tags")
				.where("repo_id", "=", repo.key)
				.where("name", "=", ref.name)
				.execute();
		}
		await trx
			.deleteFrom("mirrored_refs")
			.where("repo_id", "=", repo.key)
			.where("kind", "=", ref.kind)
			.where("name", "=", ref.name)
			.execute();
	});
	if (repo.type === "model") forgetModelInfo(db, repo.id);
}

/**
 * Makes `sha` (an upstream commit) a revision of the mirror under `ref` (not `main`): its commit
 * is written from `files` when not held yet (a root commit, keeping the upstream's id), and the
 * ref is set to it. `changed` is false when the ref already named it.
 */
export async function writeMirroredRevision(
	deps: CommitDeps,
	repo: Repo,
	revision: { ref: MirrorRef; sha: string; files: IngestFile[]; summary: string },
): Promise<{ commitOid: string; changed: boolean }> {
	const { ref, sha } = revision;
	const changed = await deps.db.transaction().execute(async (trx) => {
		const held = await holdsCommit(trx, repo.key, sha);
		if (!held) {
			const files = revision.files.map((file) => ({
				path: file.path,
				blobSha256: file.blob.sha256,
				size: file.blob.size,
				gitOid: file.gitOid,
			}));
			await writeCommit(trx, deps, {
				repo,
				branch: null,
				head: null,
				parent: null,
				files: new Map(files.map((file) => [file.path, file])),
				message: revision.summary,
				author: null,
				upstreamSha: sha,
			});
		}
		if (ref.kind === "commit") return !held;
		const before = await refCommit(trx, repo.key, ref);
		const now = new Date().toISOString();
		if (isSpecialKind(ref.kind)) {
			await trx
				.insertInto("special_refs")
				.values({ repo_id: repo.key, kind: ref.kind, name: ref.name, commit_sha: sha })
				.onConflict((conflict) => conflict.columns(["repo_id", "kind", "name"]).doUpdateSet({ commit_sha: sha }))
				.execute();
		} else if (ref.kind === "branch") {
			await trx
				.insertInto("refs")
				.values({ repo_id: repo.key, name: ref.name, commit_sha: sha })
				.onConflict((conflict) => conflict.columns(["repo_id", "name"]).doUpdateSet({ commit_sha: sha }))
				.execute();
		} else {
			// A lightweight tag: the upstream's tag object (if any) is not known here.
			const tag = { commit_sha: sha, message: null, tag_oid: null, git_object: null };
			await trx
				.insertInto("ref_tags")
				.values({ repo_id: repo.key, name: ref.name, created_at: now, ...tag })
				.onConflict((conflict) => conflict.columns(["repo_id", "name"]).doUpdateSet(tag))
				.execute();
		}
		await trx
			.insertInto("mirrored_refs")
			.values({ repo_id: repo.key, kind: ref.kind, name: ref.name, upstream_sha: sha, refreshed_at: now })
			.onConflict((conflict) =>
				conflict.columns(["repo_id", "kind", "name"]).doUpdateSet({ upstream_sha: sha, refreshed_at: now }),
			)
			.execute();
		return before !== sha;
	});
	if (repo.type === "model") forgetModelInfo(deps.db, repo.id);
	return { commitOid: sha, changed };
}
