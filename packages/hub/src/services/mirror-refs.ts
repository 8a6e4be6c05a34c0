/**
 * A mirror's revisions besides `main`: what a revision names on the upstream (a branch or tag by
 * its refs listing, or a commit by its id), and writing it here under the same name and the
 * upstream's commit id. A branch or tag upstream becomes a branch or tag of the mirror, and
 * `mirrored_refs` (migration 0027) records the upstream commit it named and when that was read. A
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
import { refNameProblem } from "./refs.js";
import type { IngestFile } from "./repo-ingest.js";
import type { Repo } from "./repos.js";

/** Where a mirrored revision lands: a branch (`main` included), a tag, or a commit no ref names. */
export type MirrorRef = { kind: "branch" | "tag"; name: string } | { kind: "commit" };

export interface SourceRef {
	ref: MirrorRef;
	/** The upstream commit it names now. */
	sha: string;
}

export interface HeldRef {
	kind: "branch" | "tag";
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

/** The refs a revision may name, in the order a look-up tries them (a branch wins over a tag). */
function refsNamedBy(revision: string): { kind: "branch" | "tag"; name: string }[] {
	if (revision.startsWith("refs/heads/")) return [{ kind: "branch", name: revision.slice("refs/heads/".length) }];
	if (revision.startsWith("refs/tags/")) return [{ kind: "tag", name: revision.slice("refs/tags/".length) }];
	return [
		{ kind: "branch", name: revision },
		{ kind: "tag", name: revision },
	];
}

/**
 * What `revision` names on the source now: a commit id is taken as it is; a name is looked up in
 * the source's branches, then tags. Undefined when it names nothing there this hub can hold.
 */
export async function readSourceRef(source: MirrorSource, revision: string): Promise<SourceRef | undefined> {
	if (isCommitId(revision)) return { ref: { kind: "commit" }, sha: revision };
	if (isMainRevision(revision)) revision = "main";
	const listed = await readSourceRefs(source);
	for (const ref of refsNamedBy(revision)) {
		const found = listed.find((item) => item.ref.kind === ref.kind && item.ref.name === ref.name);
		if (found) return found;
	}
	return undefined;
}

/** Every branch (`main` included) and tag of the source this hub can hold, from its refs listing. */
export async function readSourceRefs(
	source: MirrorSource,
): Promise<Array<SourceRef & { ref: { kind: "branch" | "tag"; name: string } }>> {
	const response = await sourceGet(source, apiUrl(source, "/refs"));
	if (!response.ok) throw await failure(response, `Reading the branches and tags of ${source.id}`, source);
	const listing = (await response.json()) as { branches?: unknown; tags?: unknown };
	const refs = [];
	for (const kind of ["branch", "tag"] as const) {
		const list = kind === "branch" ? listing.branches : listing.tags;
		if (!Array.isArray(list)) continue;
		for (const entry of list as Array<{ name?: unknown; targetCommit?: unknown } | null>) {
			const { name, targetCommit } = entry ?? {};
			if (typeof name !== "string" || typeof targetCommit !== "string" || !isCommitId(targetCommit)) continue;
			if (name !== "main" && refNameProblem(name)) continue;
			refs.push({ ref: { kind, name }, sha: targetCommit });
		}
	}
	return refs;
}

/** The branches and tags of a mirror that came from its upstream, `main` aside (`mirrored_repos` keeps it). */
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

/** The branch or tag `revision` names on a mirror, as last read from the upstream; undefined when none is held. */
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
		if (row && (await localRef(db, repoKey, ref)) === row.upstream_sha) {
			return { ...ref, sha: row.upstream_sha, refreshedAt: row.refreshed_at };
		}
	}
	return undefined;
}

async function localRef(
	db: Kysely<Database>,
	repoKey: string,
	ref: { kind: "branch" | "tag"; name: string },
): Promise<string | undefined> {
	const row = await db
		.selectFrom(ref.kind === "branch" ? "refs" : "ref_tags")
		.select("commit_sha")
		.where("repo_id", "=", repoKey)
		.where("name", "=", ref.name)
		.executeTakeFirst();
	return row?.commit_sha;
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

/** The upstream dropped a branch or tag: the mirror drops it too (its commits stay, as for any ref deleted). */
export async function forgetMirroredRef(db: Kysely<Database>, repo: Repo, ref: HeldRef): Promise<void> {
	await db.transaction().execute(async (trx) => {
		await trx
			.deleteFrom(ref.kind === "branch" ? "refs" : "ref_tags")
			.where("repo_id", "=", repo.key)
			.where("name", "=", ref.name)
			.execute();
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
 * branch or tag is set to it. `changed` is false when the ref already named it.
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
		const before = await localRef(trx, repo.key, ref);
		const now = new Date().toISOString();
		if (ref.kind === "branch") {
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
