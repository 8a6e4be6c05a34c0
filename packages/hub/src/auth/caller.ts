/**
 * Who is calling: read from `Authorization: Bearer hf_…`. No header means an
 * anonymous caller; a header with an unknown or malformed token is a 401 (the
 * clients show "Invalid user token"), never a silent downgrade to anonymous.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { unauthorized } from "../errors.js";
import type { Logger } from "../logger.js";
import { lastUseRecorder } from "./last-used.js";
import { hashToken, looksLikeToken } from "./tokens.js";

export interface Caller {
	userId: string;
	userName: string;
	fullname: string;
	email: string | null;
	token: { displayName: string; role: string; createdAt: string };
}

export interface Auth {
	/** The caller named by an Authorization header value; undefined when there is no header. */
	identify(authorization: string | undefined): Promise<Caller | undefined>;
}

export interface DatabaseAuth extends Auth {
	/** Writes the tokens' last-use times noted so far (auth/last-used.ts). */
	flushLastUse(): Promise<void>;
	/** Writes them and stops noting; call before closing the database. */
	close(): Promise<void>;
}

/**
 * Every call reads the token from the database, with no cache in between, so a
 * revoked token (its row deleted) stops working on the next request.
 */
export function databaseAuth(db: Kysely<Database>, options: { logger?: Logger } = {}): DatabaseAuth {
	const lastUse = lastUseRecorder(db, { logger: options.logger });
	return {
		flushLastUse: () => lastUse.flush(),
		close: () => lastUse.close(),
		async identify(authorization) {
			if (authorization === undefined || authorization.trim() === "") return undefined;
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
					"access_tokens.display_name",
					"access_tokens.role",
					"access_tokens.created_at",
				])
				.where("access_tokens.token_hash", "=", hashToken(token))
				.executeTakeFirst();
			if (!row) throw unauthorized();
			lastUse.note(row.tokenId);
			return {
				userId: row.userId,
				userName: row.userName,
				fullname: row.fullname,
				email: row.email,
				token: { displayName: row.display_name, role: row.role, createdAt: row.created_at },
			};
		},
	};
}
