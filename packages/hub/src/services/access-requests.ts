/**
 * Gated repositories: who asked for access, what the owner answered, and whether a
 * caller may download a gated repository's files. A request is one row per user and
 * repository (`access_requests`); a repository gated `auto` accepts it at once, one
 * gated `manual` leaves it pending for its owner (or a writer) to accept or reject.
 * The owner and writers of the namespace always have access.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import { namespaceRole, passesGate } from "../auth/permissions.js";
import type { Database } from "../db/schema.js";
import { badRequest, HubError, notFound } from "../errors.js";
import { mayOnRepo, type Repo } from "./repos.js";

export const REQUEST_STATUSES = ["pending", "accepted", "rejected"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export function isRequestStatus(value: unknown): value is RequestStatus {
	return typeof value === "string" && (REQUEST_STATUSES as readonly string[]).includes(value);
}

/** Files of a gated repository anyone who sees it may read: the card that explains the gate. */
export const UNGATED_PATHS: ReadonlySet<string> = new Set(["README.md", ".gitattributes"]);

/** At most this many answers, each a short string, in one request. */
const MAX_FIELDS = 50;
const MAX_FIELD_LENGTH = 2000;

/** The answers a requester gave (the card's gate fields): string keys and short string values. */
export function checkedFields(fields: Record<string, unknown>): Record<string, string> {
	const entries = Object.entries(fields);
	if (entries.length > MAX_FIELDS) throw badRequest(`At most ${MAX_FIELDS} fields`);
	const checked: Record<string, string> = {};
	for (const [key, value] of entries) {
		if (key.length > 200) throw badRequest("A field name has at most 200 characters");
		const text =
			typeof value === "string"
				? value
				: typeof value === "boolean" || typeof value === "number"
					? String(value)
					: undefined;
		if (text === undefined) throw badRequest(`Field ${key.slice(0, 50)} must be a string`);
		if (text.length > MAX_FIELD_LENGTH)
			throw badRequest(`Field ${key.slice(0, 50)} has at most ${MAX_FIELD_LENGTH} characters`);
		checked[key] = text;
	}
	return checked;
}

function notGated(repo: Repo): HubError {
	return badRequest(`${repo.id} is not gated: its files need no access request`);
}

/**
 * The caller asks for access. A first request is pending (accepted at once when the repository is
 * gated `auto`); asking again changes nothing, so an answer already given stands.
 */
export async function askAccess(
	db: Kysely<Database>,
	repo: Repo,
	caller: Caller,
	fields: Record<string, string>,
	now = new Date(),
): Promise<RequestStatus> {
	if (!repo.gated) throw notGated(repo);
	const at = now.toISOString();
	await db
		.insertInto("access_requests")
		.values({
			repo_id: repo.key,
			user_id: caller.userId,
			status: repo.gated === "auto" ? "accepted" : "pending",
			fields: Object.keys(fields).length > 0 ? JSON.stringify(fields) : null,
			created_at: at,
			updated_at: at,
		})
		.onConflict((conflict) => conflict.columns(["repo_id", "user_id"]).doNothing())
		.execute();
	return (await statusOf(db, repo, caller.userId)) ?? "pending";
}

async function statusOf(db: Kysely<Database>, repo: Repo, userId: string): Promise<RequestStatus | undefined> {
	const row = await db
		.selectFrom("access_requests")
		.select("status")
		.where("repo_id", "=", repo.key)
		.where("user_id", "=", userId)
		.executeTakeFirst();
	return isRequestStatus(row?.status) ? row.status : undefined;
}

export interface AccessRequestItem {
	user: { user: string; fullname: string };
	status: RequestStatus;
	timestamp: string;
	fields: Record<string, string> | null;
}

/** The requests in one status, oldest first (the order an owner works through them). */
export async function listAccessRequests(
	db: Kysely<Database>,
	repo: Repo,
	status: RequestStatus,
): Promise<AccessRequestItem[]> {
	const rows = await db
		.selectFrom("access_requests")
		.innerJoin("users", "users.id", "access_requests.user_id")
		.select(["users.name", "users.fullname", "access_requests.fields", "access_requests.updated_at"])
		.where("access_requests.repo_id", "=", repo.key)
		.where("access_requests.status", "=", status)
		.orderBy("access_requests.created_at")
		.orderBy("users.name")
		.execute();
	return rows.map((row) => ({
		user: { user: row.name, fullname: row.fullname },
		status,
		timestamp: row.updated_at,
		fields: row.fields === null ? null : (JSON.parse(row.fields) as Record<string, string>),
	}));
}

async function userIdOf(db: Kysely<Database>, userName: string): Promise<string> {
	const user = await db
		.selectFrom("users")
		.select("id")
		.where("name", "=", userName)
		.where("kind", "=", "user")
		.executeTakeFirst();
	if (!user) throw notFound(`User not found: ${userName}`);
	return user.id;
}

/** The owner answers a request that exists: accepted, rejected, or back to pending. */
export async function handleAccessRequest(
	db: Kysely<Database>,
	repo: Repo,
	userName: string,
	status: RequestStatus,
	now = new Date(),
): Promise<void> {
	if (!repo.gated) throw notGated(repo);
	const userId = await userIdOf(db, userName);
	const updated = await db
		.updateTable("access_requests")
		.set({ status, updated_at: now.toISOString() })
		.where("repo_id", "=", repo.key)
		.where("user_id", "=", userId)
		.executeTakeFirst();
	if (Number(updated.numUpdatedRows) === 0) throw notFound(`${userName} has not asked for access to ${repo.id}`);
}

/** The owner gives a user access, whether or not they asked. */
export async function grantAccess(db: Kysely<Database>, repo: Repo, userName: string, now = new Date()) {
	if (!repo.gated) throw notGated(repo);
	const userId = await userIdOf(db, userName);
	const at = now.toISOString();
	await db
		.insertInto("access_requests")
		.values({ repo_id: repo.key, user_id: userId, status: "accepted", fields: null, created_at: at, updated_at: at })
		.onConflict((conflict) =>
			conflict.columns(["repo_id", "user_id"]).doUpdateSet({ status: "accepted", updated_at: at }),
		)
		.execute();
}

/** Whether the caller may download the gated files of `repo`: a writer in its namespace, or accepted. */
export async function mayDownloadGated(
	db: Kysely<Database>,
	repo: Pick<Repo, "key" | "author" | "gated">,
	caller: Caller | undefined,
): Promise<boolean> {
	if (!repo.gated) return true;
	if (!caller) return false;
	if (passesGate(caller, await namespaceRole(db, repo.author, caller))) return true;
	const row = await db
		.selectFrom("access_requests")
		.select("status")
		.where("repo_id", "=", repo.key)
		.where("user_id", "=", caller.userId)
		.executeTakeFirst();
	return row?.status === "accepted";
}

/**
 * The caller's own standing with a repository (`GET …/access`): whether it is gated, the status of
 * their request if they made one, whether they may download its files, and whether they may write
 * it (the site shows its editors only then) and administer it (its settings); the routes check again.
 */
export async function ownAccess(db: Kysely<Database>, repo: Repo, caller: Caller | undefined) {
	const status = caller ? ((await statusOf(db, repo, caller.userId)) ?? null) : null;
	const mayWrite = await mayOnRepo(db, "write", repo, caller);
	const mayAdmin = await mayOnRepo(db, "admin", repo, caller);
	return {
		gated: repo.gated ?? false,
		status,
		mayDownload: await mayDownloadGated(db, repo, caller),
		mayWrite,
		mayAdmin,
		mirrorOf: repo.mirrorOf,
	};
}

/**
 * Refuses a download of a gated repository's file the caller has no access to: without a token
 * 401, with one 403, both `GatedRepo` (reference/hub-api.md §0). The card stays readable.
 */
export async function checkGatedDownload(
	db: Kysely<Database>,
	repo: Pick<Repo, "id" | "key" | "author" | "gated">,
	path: string,
	caller: Caller | undefined,
): Promise<void> {
	if (!UNGATED_PATHS.has(path)) await checkGatedRepo(db, repo, caller);
}

/** Every file of a gated repository at once (a git clone): the refusals of checkGatedDownload. */
export async function checkGatedRepo(
	db: Kysely<Database>,
	repo: Pick<Repo, "id" | "key" | "author" | "gated">,
	caller: Caller | undefined,
): Promise<void> {
	if (!repo.gated || (await mayDownloadGated(db, repo, caller))) return;
	if (!caller) {
		throw new HubError(401, `Access to ${repo.id} is restricted: sign in and ask for access to download its files`, {
			code: "GatedRepo",
		});
	}
	throw new HubError(403, `Access to ${repo.id} is restricted: ask for access and wait for its owner to accept`, {
		code: "GatedRepo",
	});
}
