/**
 * Who is calling: read from `Authorization: Bearer hf_…`, or, without that
 * header, from the `hubkit_session` cookie a browser got at sign-in. No header
 * means an anonymous caller; a header with an unknown, malformed, expired or
 * disabled user's token is a 401 (the clients show "Invalid user token"), never a
 * silent downgrade to anonymous. A cookie naming no live session is only ignored:
 * browsers keep sending stale cookies, and the page then shows a signed-out visitor.
 */
import type { Kysely } from "kysely";
import type { HubConfig } from "../config.js";
import type { Database } from "../db/schema.js";
import { unauthorized } from "../errors.js";
import type { Logger } from "../logger.js";
import { lastUseRecorder } from "./last-used.js";
import { findSession, hashSessionId, type SessionConfig } from "./sessions.js";
import { hashToken, looksLikeToken } from "./tokens.js";

export interface Caller {
	userId: string;
	userName: string;
	fullname: string;
	email: string | null;
	/** For a session: `Browser session`, role `write`, created at sign-in. */
	token: { displayName: string; role: string; createdAt: string };
	/** How the caller proved who they are; undefined is a token (callers built by older code). */
	via?: "token" | "session";
	/** The repo ids a scoped token is limited to; undefined: every repo the user reaches. */
	repos?: string[];
	isAdmin?: boolean;
	/** For a token issued to an OAuth app: the scopes the person granted it (services/oauth.ts). */
	oauthScopes?: string[];
	/** The organisations the user is a member of (any role): their private repos are visible to the user. */
	orgs?: string[];
	/**
	 * The token (`token:<id>`) or session (`session:<id hash>`) the caller came with, for what must
	 * stop working with it (LFS upload URLs); undefined for callers built outside this module.
	 */
	credential?: string;
	/** The user's own name is contested (services/namespaces.ts): it gives them nothing until a site admin decides. */
	ownNameContested?: boolean;
}

/**
 * The namespaces whose private repositories the caller reads: their own name and their
 * organisations', less any name that is contested (identify leaves contested organisations out).
 */
export function readableNamespaces(caller: Pick<Caller, "userName" | "orgs" | "ownNameContested">): string[] {
	return [...(caller.ownNameContested ? [] : [caller.userName]), ...(caller.orgs ?? [])];
}

export interface Auth {
	/**
	 * The caller named by an Authorization header value, else by a session cookie's value;
	 * undefined when there is neither (or the cookie names no live session).
	 */
	identify(authorization: string | undefined, sessionId?: string): Promise<Caller | undefined>;
}

export interface DatabaseAuth extends Auth {
	/** Writes the tokens' last-use times noted so far (auth/last-used.ts). */
	flushLastUse(): Promise<void>;
	/** Writes them and stops noting; call before closing the database. */
	close(): Promise<void>;
}

const DEFAULT_SESSIONS: SessionConfig = { sessionIdleDays: 14, sessionMaxDays: 30 };

/**
 * Every call reads the token or session from the database, with no cache in between, so a
 * revoked token, a signed-out session or a disabled user stops working on the next request.
 */
export function databaseAuth(
	db: Kysely<Database>,
	options: { logger?: Logger; config?: Pick<HubConfig, "sessionIdleDays" | "sessionMaxDays"> } = {},
): DatabaseAuth {
	const lastUse = lastUseRecorder(db, { logger: options.logger });
	const sessions = options.config ?? DEFAULT_SESSIONS;

	async function fromToken(authorization: string): Promise<Caller> {
		const match = /^bearer\s+(\S+)\s*$/i.exec(authorization);
		const token = match?.[1];
		if (!token || !looksLikeToken(token)) throw unauthorized();
		const row = await db
			.selectFrom("access_tokens")
			.innerJoin("users", "users.id", "access_tokens.user_id")
			.select([
				"access_tokens.id as tokenId",
				"users.id as userId",
				"users.name as userName",
				"users.fullname",
				"users.email",
				"users.is_admin",
				"users.disabled",
				"access_tokens.display_name",
				"access_tokens.role",
				"access_tokens.created_at",
				"access_tokens.expires_at",
				"access_tokens.repos",
				"access_tokens.oauth_scope",
			])
			.where("access_tokens.token_hash", "=", hashToken(token))
			.executeTakeFirst();
		if (!row || row.disabled) throw unauthorized();
		if (row.expires_at !== null && Date.parse(row.expires_at) <= Date.now()) throw unauthorized();
		lastUse.note(row.tokenId);
		return {
			userId: row.userId,
			userName: row.userName,
			fullname: row.fullname,
			email: row.email,
			token: { displayName: row.display_name, role: row.role, createdAt: row.created_at },
			via: "token",
			credential: `token:${row.tokenId}`,
			...(row.repos !== null ? { repos: JSON.parse(row.repos) as string[] } : {}),
			...(row.oauth_scope ? { oauthScopes: row.oauth_scope.split(" ") } : {}),
			isAdmin: row.is_admin === 1,
		};
	}

	async function fromSession(sessionId: string): Promise<Caller | undefined> {
		const session = await findSession(db, sessionId, sessions);
		if (!session) return undefined;
		const user = await db
			.selectFrom("users")
			.select(["id", "name", "fullname", "email", "is_admin", "disabled"])
			.where("id", "=", session.userId)
			.executeTakeFirst();
		if (!user || user.disabled) return undefined;
		return {
			userId: user.id,
			userName: user.name,
			fullname: user.fullname,
			email: user.email,
			// A session acts as its user with write rights on what the user owns.
			token: { displayName: "Browser session", role: "write", createdAt: session.createdAt },
			via: "session",
			credential: `session:${hashSessionId(sessionId)}`,
			isAdmin: user.is_admin === 1,
		};
	}

	/** Names of the organisations the user belongs to: one small query per authenticated request. */
	async function orgsOf(userId: string): Promise<string[]> {
		const rows = await db
			.selectFrom("org_members")
			.innerJoin("users", "users.id", "org_members.org_id")
			.select("users.name")
			.where("org_members.user_id", "=", userId)
			.execute();
		return rows.map((row) => row.name);
	}

	/** The names among `names` a site admin has yet to decide (namespace_conflicts keeps them lowercased). */
	async function contestedAmong(names: string[]): Promise<Set<string>> {
		const rows = await db
			.selectFrom("namespace_conflicts")
			.select("name")
			.where(
				"name",
				"in",
				names.map((name) => name.toLowerCase()),
			)
			.where("decision", "is", null)
			.execute();
		return new Set(rows.map((row) => row.name));
	}

	return {
		flushLastUse: () => lastUse.flush(),
		close: () => lastUse.close(),
		async identify(authorization, sessionId) {
			const caller =
				authorization !== undefined && authorization.trim() !== ""
					? await fromToken(authorization)
					: sessionId
						? await fromSession(sessionId)
						: undefined;
			if (!caller) return undefined;
			const memberships = await orgsOf(caller.userId);
			const contested = await contestedAmong([caller.userName, ...memberships]);
			const orgs = memberships.filter((name) => !contested.has(name.toLowerCase()));
			return {
				...caller,
				...(orgs.length > 0 ? { orgs } : {}),
				...(contested.has(caller.userName.toLowerCase()) ? { ownNameContested: true } : {}),
			};
		},
	};
}
