/**
 * Browser sessions, kept server side: the cookie carries 32 random bytes, the
 * database only their sha256, so a leaked database holds no usable session. A
 * session ends when its user signs out, changes password or is disabled, after
 * `sessionIdleDays` without a request, or `sessionMaxDays` after sign-in.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { HubConfig } from "../config.js";
import type { Database } from "../db/schema.js";

export const SESSION_COOKIE = "hubkit_session";
/**
 * Beside the HttpOnly session cookie, a readable `1` that only says "someone is signed in here",
 * so a page asks `/api/whoami-v2` only when there is someone to ask about (routes/site-proxy.ts
 * keeps it in step with the session on every page answer). It carries nothing to steal.
 */
export const SIGNED_IN_COOKIE = "hubkit_signed_in";
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 86_400_000;
/** last_seen_at is rewritten at most this often, so every request does not write. */
const SEEN_WRITE_INTERVAL_MS = 60_000;

export type SessionConfig = Pick<HubConfig, "sessionIdleDays" | "sessionMaxDays">;

export function hashSessionId(id: string): string {
	return createHash("sha256").update(id).digest("hex");
}

/** A new session for the user: the id for the cookie (shown nowhere else). A fresh id on every sign-in. */
export async function createSession(db: Kysely<Database>, userId: string, now = new Date()): Promise<string> {
	const id = randomBytes(32).toString("base64url");
	const at = now.toISOString();
	await db
		.insertInto("sessions")
		.values({ id_hash: hashSessionId(id), user_id: userId, created_at: at, last_seen_at: at })
		.execute();
	return id;
}

export interface LiveSession {
	userId: string;
	createdAt: string;
}

/** The session behind a cookie value, or undefined when it is unknown or has expired (an expired row is deleted). */
export async function findSession(
	db: Kysely<Database>,
	id: string,
	config: SessionConfig,
	now = new Date(),
): Promise<LiveSession | undefined> {
	if (!SESSION_ID.test(id)) return undefined;
	const idHash = hashSessionId(id);
	const row = await db.selectFrom("sessions").selectAll().where("id_hash", "=", idHash).executeTakeFirst();
	if (!row) return undefined;
	const idleSince = now.getTime() - Date.parse(row.last_seen_at);
	const age = now.getTime() - Date.parse(row.created_at);
	if (idleSince > config.sessionIdleDays * DAY_MS || age > config.sessionMaxDays * DAY_MS) {
		await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
		return undefined;
	}
	if (idleSince > SEEN_WRITE_INTERVAL_MS) {
		await db.updateTable("sessions").set({ last_seen_at: now.toISOString() }).where("id_hash", "=", idHash).execute();
	}
	return { userId: row.user_id, createdAt: row.created_at };
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
	await db.deleteFrom("sessions").where("id_hash", "=", hashSessionId(id)).execute();
}

/** Ends every session of the user (password change, disabling): each browser is signed out on its next request. */
export async function deleteUserSessions(db: Kysely<Database>, userId: string): Promise<void> {
	await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}
