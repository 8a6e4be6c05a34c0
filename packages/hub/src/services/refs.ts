/**
 * A repository's history and names for its commits: the commits reachable from a
 * revision (newest first, following parents), its branches (`refs`) and tags
 * (`ref_tags`), and creating or deleting either. Commits never change, so a branch
 * or tag is only a name pointing at one; deleting it leaves the commits in place.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { badRequest, HubError, notFound } from "../errors.js";
import { revisionProblem } from "../storage/repo-path.js";
import { tagObject } from "../storage/tag-objects.js";
import { avatarUrl } from "./avatar.js";
import { type NamedRef, qualifiedRef } from "./ref-names.js";
import { resolveRevision } from "./repo-access.js";
import type { Repo } from "./repos.js";

export const MAX_COMMITS_PAGE = 1000;
export const DEFAULT_COMMITS_PAGE = 50;

export interface CommitItem {
	id: string;
	title: string;
	message: string;
	authors: { user: string; avatar: string }[];
	date: string;
}

export interface CommitPage {
	items: CommitItem[];
	/** Commits reachable from the revision, all pages together. */
	total: number;
	/** The page after this one, if any. */
	nextPage: number | undefined;
}

/** The first line of a commit message is its title; what follows the blank line is its message. */
function splitMessage(message: string): { title: string; message: string } {
	const newline = message.indexOf("\n");
	if (newline === -1) return { title: message, message: "" };
	return { title: message.slice(0, newline).trim(), message: message.slice(newline + 1).trim() };
}

/**
 * One page of the history from `revision`. The whole chain is walked to count it (`X-Total-Count`):
 * one query reads the repository's commits, parents are followed in memory.
 */
export async function listCommits(
	db: Kysely<Database>,
	repo: Repo,
	revision: string,
	page: { limit: number; page: number; hubUrl: string },
): Promise<CommitPage> {
	const head = await resolveRevision(db, repo.key, revision);
	const rows = await db
		.selectFrom("commits")
		.select(["sha", "parent_sha", "message", "created_at", "author"])
		.where("repo_id", "=", repo.key)
		.execute();
	const bySha = new Map(rows.map((row) => [row.sha, row]));
	const chain: typeof rows = [];
	const seen = new Set<string>();
	for (let sha: string | null = head; sha !== null && !seen.has(sha); ) {
		const row = bySha.get(sha);
		if (!row) break;
		seen.add(sha);
		chain.push(row);
		sha = row.parent_sha;
	}
	const start = page.page * page.limit;
	const slice = chain.slice(start, start + page.limit);
	const authorNames = [...new Set(slice.flatMap((row) => (row.author ? [row.author] : [])))];
	const avatars = new Map<string, string | null>();
	if (authorNames.length > 0) {
		const users = await db
			.selectFrom("users")
			.select(["name", "avatar_sha256"])
			.where("name", "in", authorNames)
			.execute();
		for (const user of users) avatars.set(user.name, user.avatar_sha256);
	}
	const items = slice.map((row) => ({
		id: row.sha,
		...splitMessage(row.message),
		authors: row.author
			? [{ user: row.author, avatar: avatarUrl(page.hubUrl, row.author, avatars.get(row.author)) }]
			: [],
		date: row.created_at,
	}));
	return { items, total: chain.length, nextPage: start + page.limit < chain.length ? page.page + 1 : undefined };
}

export interface RefItem {
	name: string;
	ref: string;
	targetCommit: string;
}

/** A pull request's head as an upstream's refs listing names it: its number and commit. */
export interface ListedPullRequest {
	name: string;
	sha: string;
}

/**
 * `GET …/refs`: branches and tags by name, conversions (`refs/convert/…`) and pull requests'
 * heads (`refs/pr/N`, by number). A special ref's `name` is its full name but for a conversion's,
 * which is the bare one (`parquet`), as huggingface.co lists them. A mirror copies a pull request
 * when it is read, so its listing names the upstream's (`upstreamPullRequests`, as just read)
 * rather than only those held here.
 */
export async function listRefs(
	db: Kysely<Database>,
	repo: Repo,
	options: { upstreamPullRequests?: ListedPullRequest[] } = {},
): Promise<{ branches: RefItem[]; converts: RefItem[]; tags: RefItem[]; pullRequests: RefItem[] }> {
	const branches = await db
		.selectFrom("refs")
		.select(["name", "commit_sha"])
		.where("repo_id", "=", repo.key)
		.orderBy("name")
		.execute();
	const tags = await db
		.selectFrom("ref_tags")
		.select(["name", "commit_sha"])
		.where("repo_id", "=", repo.key)
		.orderBy("name")
		.execute();
	const special = await db
		.selectFrom("special_refs")
		.select(["kind", "name", "commit_sha"])
		.where("repo_id", "=", repo.key)
		.orderBy("name")
		.execute();
	const item = (ref: NamedRef, commit: string, name = ref.name) => ({
		name,
		ref: qualifiedRef(ref),
		targetCommit: commit,
	});
	const pullRequests = (
		options.upstreamPullRequests?.map((listed) => ({
			kind: "pr" as const,
			name: listed.name,
			commit_sha: listed.sha,
		})) ?? special.filter((row) => row.kind === "pr")
	).sort((a, b) => Number(a.name) - Number(b.name));
	return {
		branches: branches.map((row) => item({ kind: "branch", name: row.name }, row.commit_sha)),
		converts: special.filter((row) => row.kind === "convert").map((row) => item(row, row.commit_sha)),
		tags: tags.map((row) => item({ kind: "tag", name: row.name }, row.commit_sha)),
		pullRequests: pullRequests.map((row) => item(row, row.commit_sha, qualifiedRef(row))),
	};
}

/**
 * Why `name` cannot name a branch or tag, or undefined. Besides what no revision may hold: no
 * `refs/` prefix (that is how a revision names one), nothing that reads as a commit id or `HEAD`.
 */
export function refNameProblem(name: string): string | undefined {
	const problem = revisionProblem(name);
	if (problem) return problem;
	if (name.includes("..")) return "A branch or tag name may not contain '..'";
	if (/^[0-9a-f]{40}$/i.test(name)) return "A branch or tag name may not look like a commit id";
	if (name === "HEAD" || name.startsWith("refs/")) return "A branch or tag name may not be HEAD or start with refs/";
	if (name.startsWith("/") || name.endsWith("/") || name.includes("//")) return "Invalid branch or tag name";
	if (/[\s~^:?*[\\]/.test(name) || name.endsWith(".lock")) return "Invalid branch or tag name";
	return undefined;
}

function checkedRefName(name: string): string {
	const problem = refNameProblem(name);
	if (problem) throw badRequest(problem);
	return name;
}

function refExists(kind: "Branch" | "Tag", name: string): HubError {
	return new HubError(409, `${kind} ${name} already exists`);
}

/**
 * A new branch at `startingPoint` (any revision; main's head by default). An existing branch is a
 * 409 unless `overwrite`, which moves it (the public client's `overwrite` flag).
 */
export async function createBranch(
	db: Kysely<Database>,
	repo: Repo,
	branch: string,
	options: { startingPoint?: string; overwrite?: boolean },
): Promise<string> {
	checkedRefName(branch);
	const target = await resolveRevision(db, repo.key, options.startingPoint ?? "main");
	return db.transaction().execute(async (trx) => {
		const existing = await trx
			.selectFrom("refs")
			.select("commit_sha")
			.where("repo_id", "=", repo.key)
			.where("name", "=", branch)
			.executeTakeFirst();
		if (existing && !options.overwrite) throw refExists("Branch", branch);
		if (existing && branch === "main") throw badRequest("The main branch moves by commits, not by overwriting it");
		if (existing) {
			// Without a starting point, overwriting an existing branch leaves it where it is.
			if (options.startingPoint === undefined) return existing.commit_sha;
			await trx
				.updateTable("refs")
				.set({ commit_sha: target })
				.where("repo_id", "=", repo.key)
				.where("name", "=", branch)
				.execute();
			return target;
		}
		// A branch made by another request since the look-up is a conflict, not a failure.
		const inserted = await trx
			.insertInto("refs")
			.values({ repo_id: repo.key, name: branch, commit_sha: target })
			.onConflict((conflict) => conflict.columns(["repo_id", "name"]).doNothing())
			.executeTakeFirst();
		if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw refExists("Branch", branch);
		return target;
	});
}

export async function deleteBranch(db: Kysely<Database>, repo: Repo, branch: string): Promise<void> {
	if (branch === "main") throw badRequest("The main branch cannot be deleted");
	const deleted = await db
		.deleteFrom("refs")
		.where("repo_id", "=", repo.key)
		.where("name", "=", branch)
		.executeTakeFirst();
	if (Number(deleted.numDeletedRows) === 0) {
		throw new HubError(404, `Branch ${branch} not found in ${repo.id}`, { code: "RevisionNotFound" });
	}
}

/**
 * A tag on the commit `revision` names; an existing tag of that name is a 409. With a message it
 * is an annotated tag, as `git tag -a` makes: a tag object signed by `tagger` that git clients
 * receive too; without one a lightweight tag.
 */
export async function createTag(
	db: Kysely<Database>,
	repo: Repo,
	revision: string,
	tag: string,
	options: { message?: string; tagger: string | null; now?: Date },
): Promise<string> {
	checkedRefName(tag);
	const target = await resolveRevision(db, repo.key, revision);
	const createdAt = (options.now ?? new Date()).toISOString();
	const object =
		options.message === undefined
			? undefined
			: tagObject({ commit: target, name: tag, tagger: options.tagger, createdAt, message: options.message });
	const inserted = await db
		.insertInto("ref_tags")
		.values({
			repo_id: repo.key,
			name: tag,
			commit_sha: target,
			message: options.message ?? null,
			created_at: createdAt,
			tag_oid: object?.oid ?? null,
			git_object: object?.base64 ?? null,
		})
		.onConflict((conflict) => conflict.columns(["repo_id", "name"]).doNothing())
		.executeTakeFirst();
	if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw refExists("Tag", tag);
	return target;
}

export async function deleteTag(db: Kysely<Database>, repo: Repo, tag: string): Promise<void> {
	const deleted = await db
		.deleteFrom("ref_tags")
		.where("repo_id", "=", repo.key)
		.where("name", "=", tag)
		.executeTakeFirst();
	if (Number(deleted.numDeletedRows) === 0) throw notFound(`Tag ${tag} not found in ${repo.id}`);
}
