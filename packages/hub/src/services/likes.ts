/**
 * Likes: one dated row per user and repository (`likes`), and the record's `likes`
 * count kept in step in the same transaction, so listings sort and show it without
 * counting. Liking twice or unliking what was never liked changes nothing.
 * `sort=likes30d` counts the rows of the last 30 days (`recentLikes`).
 */
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { Database } from "../db/schema.js";
import { notFound } from "../errors.js";
import { avatarUrl } from "./avatar.js";
import { forgetModelInfo } from "./model-info-cache.js";
import { canSee } from "./repo-access.js";
import { parseRepoKey, type Repo, type RepoType, repoKey } from "./repos.js";

const RECENT_DAYS = 30;

function recordTable(type: RepoType): "models" | "datasets" {
	return type === "model" ? "models" : "datasets";
}

/** Likes `repo` for the caller; returns the repository's like count. */
export async function likeRepo(db: Kysely<Database>, repo: Repo, caller: Caller, now = new Date()): Promise<number> {
	const likes = await db.transaction().execute(async (trx) => {
		const inserted = await trx
			.insertInto("likes")
			.values({ repo_id: repo.key, user_id: caller.userId, created_at: now.toISOString() })
			.onConflict((conflict) => conflict.columns(["repo_id", "user_id"]).doNothing())
			.executeTakeFirst();
		if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
			await trx
				.updateTable(recordTable(repo.type))
				.set((eb) => ({ likes: eb("likes", "+", 1) }))
				.where("id", "=", repo.id)
				.execute();
		}
		return likeCount(trx, repo);
	});
	if (repo.type === "model") forgetModelInfo(db, repo.id);
	return likes;
}

/** Takes the caller's like of `repo` back; returns the repository's like count. */
export async function unlikeRepo(db: Kysely<Database>, repo: Repo, caller: Caller): Promise<number> {
	const likes = await db.transaction().execute(async (trx) => {
		const deleted = await trx
			.deleteFrom("likes")
			.where("repo_id", "=", repo.key)
			.where("user_id", "=", caller.userId)
			.executeTakeFirst();
		if (Number(deleted.numDeletedRows) > 0) {
			await trx
				.updateTable(recordTable(repo.type))
				.set((eb) => ({ likes: eb("likes", "-", 1) }))
				.where("id", "=", repo.id)
				.where("likes", ">", 0)
				.execute();
		}
		return likeCount(trx, repo);
	});
	if (repo.type === "model") forgetModelInfo(db, repo.id);
	return likes;
}

async function likeCount(db: Kysely<Database>, repo: Repo): Promise<number> {
	const row = await db
		.selectFrom(recordTable(repo.type))
		.select("likes")
		.where("id", "=", repo.id)
		.executeTakeFirstOrThrow();
	return Number(row.likes);
}

export interface LikedRepo {
	createdAt: string;
	repo: { name: string; type: RepoType };
}

/**
 * What a user liked, newest first: `GET /api/users/{name}/likes`. Private repositories the viewer
 * may not see are left out, so a like never tells that one exists.
 */
export async function likesOf(
	db: Kysely<Database>,
	userName: string,
	viewer: Caller | undefined,
	limit = 1000,
): Promise<LikedRepo[]> {
	const user = await db
		.selectFrom("users")
		.select("id")
		.where("name", "=", userName)
		.where("kind", "=", "user")
		.executeTakeFirst();
	if (!user) throw notFound(`User not found: ${userName}`);
	const rows = await db
		.selectFrom("likes")
		.select(["repo_id", "created_at"])
		.where("user_id", "=", user.id)
		.orderBy("created_at", "desc")
		.orderBy("repo_id")
		.limit(limit)
		.execute();
	const parsed = rows.map((row) => ({ ...parseRepoKey(row.repo_id), createdAt: row.created_at }));
	const visible = new Set<string>();
	for (const type of ["model", "dataset"] as const) {
		const ids = parsed.filter((like) => like.type === type).map((like) => like.id);
		if (ids.length === 0) continue;
		const records = await db
			.selectFrom(recordTable(type))
			.select(["id", "private", "author", "owner"])
			.where("id", "in", ids)
			.execute();
		for (const record of records) if (canSee(record, viewer)) visible.add(repoKey(type, record.id));
	}
	return parsed
		.filter((like) => visible.has(repoKey(like.type, like.id)))
		.map((like) => ({ createdAt: like.createdAt, repo: { name: like.id, type: like.type } }));
}

export interface Liker {
	user: string;
	fullname: string;
	avatarUrl: string;
	type: "user";
}

/** Likers per page of `GET …/likers` unless the client asks for fewer. */
export const LIKERS_PAGE = 100;

/**
 * Who liked `repo` (which the caller may see), newest first, a page from `offset`:
 * `GET /api/{plural}/{id}/likers`, as `list_repo_likers` reads it. Disabled accounts are left out.
 */
export async function likersOf(
	db: Kysely<Database>,
	repo: Repo,
	hubUrl: string,
	page: { offset: number; limit: number },
): Promise<Liker[]> {
	const rows = await db
		.selectFrom("likes")
		.innerJoin("users", "users.id", "likes.user_id")
		.select(["users.name", "users.fullname", "users.avatar_sha256"])
		.where("likes.repo_id", "=", repo.key)
		.where("users.disabled", "=", 0)
		.orderBy("likes.created_at", "desc")
		.orderBy("users.name")
		.offset(page.offset)
		.limit(page.limit)
		.execute();
	return rows.map((row) => ({
		user: row.name,
		fullname: row.fullname,
		avatarUrl: avatarUrl(hubUrl, row.name, row.avatar_sha256),
		type: "user",
	}));
}

/** The first moment that counts for `likes30d`, as stored (ISO text sorts by time). */
export function recentLikesSince(now = new Date()): string {
	return new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString();
}

/**
 * A model's likes since `since`, as an expression of a `models` query: counted from the
 * `likes_by_repo_date` index (repo_id, created_at), one range per model.
 */
export function recentLikes(eb: ExpressionBuilder<Database, "models">, since: string) {
	return eb
		.selectFrom("likes")
		.select(sql<number>`count(*)`.as("recent"))
		.whereRef("likes.repo_id", "=", "models.id")
		.where("likes.created_at", ">=", since);
}
