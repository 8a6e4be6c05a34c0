/**
 * Access tokens: `hf_` + 34 random base62 characters, the prefix existing
 * clients insist on. Only the sha256 of a token is stored, so a token is shown
 * once, when it is made, and a leaked database does not leak tokens.
 */
import { createHash, randomBytes, randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { ownerNameProblem } from "../ids.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const TOKEN_PATTERN = /^hf_[A-Za-z0-9]{34}$/;

export type TokenRole = "read" | "write";

export function hashToken(token: string): string {
	return createHash("sha256").update(token).digest("hex");
}

/** 24 hex characters, the shape of hub object ids. */
export function newObjectId(): string {
	return randomBytes(12).toString("hex");
}

/** A new token in the shape clients accept; exported for the tokens the OAuth provider issues. */
export function newToken(): string {
	let body = "";
	for (let index = 0; index < 34; index++) body += ALPHABET[randomInt(ALPHABET.length)];
	return `hf_${body}`;
}

export function looksLikeToken(value: string): boolean {
	return TOKEN_PATTERN.test(value);
}

export interface CreatedToken {
	/** The token itself: give it to the user now, it cannot be read back later. */
	token: string;
	/** Names the token in `hubkit token list` and `revoke`; not a secret. */
	id: string;
	userName: string;
	displayName: string;
	role: TokenRole;
}

/** A user that cannot be created under that name; the message says why, for the person who asked. */
export class UserNameError extends Error {}

/**
 * Creates the user when missing, then a token for them; `read` unless another role is asked for.
 * A new user's name must be a valid owner name and not a reserved one (its pages would sit under
 * the hub's own paths); a user made before a name was reserved still gets tokens.
 */
export async function createAccessToken(
	db: Kysely<Database>,
	userName: string,
	options: { displayName?: string; role?: TokenRole; now?: Date; expiresAt?: string; repos?: string[] } = {},
): Promise<CreatedToken> {
	const createdAt = (options.now ?? new Date()).toISOString();
	const role = options.role ?? "read";
	const displayName = options.displayName ?? `${userName} token`;
	const token = newToken();
	const id = newObjectId();
	await db.transaction().execute(async (trx) => {
		const existing = await trx
			.selectFrom("users")
			.select(["id", "kind"])
			.where("name", "=", userName)
			.executeTakeFirst();
		const problem = existing ? undefined : ownerNameProblem(userName);
		if (problem) throw new UserNameError(`Cannot create user ${JSON.stringify(userName)}: ${problem}`);
		if (existing?.kind === "org") {
			throw new UserNameError(`${JSON.stringify(userName)} is an organisation: tokens belong to users`);
		}
		await trx
			.insertInto("users")
			.values({ id: newObjectId(), name: userName, fullname: userName, email: null, created_at: createdAt })
			.onConflict((conflict) => conflict.column("name").doNothing())
			.execute();
		const user = await trx.selectFrom("users").select("id").where("name", "=", userName).executeTakeFirstOrThrow();
		await trx
			.insertInto("access_tokens")
			.values({
				id,
				user_id: user.id,
				token_hash: hashToken(token),
				display_name: displayName,
				role,
				created_at: createdAt,
				expires_at: options.expiresAt ?? null,
				repos: options.repos ? JSON.stringify(options.repos) : null,
			})
			.execute();
	});
	return { token, id, userName, displayName, role };
}

/** A token as `hubkit token list` shows it: never the secret, which is not stored anyway. */
export interface TokenSummary {
	id: string;
	displayName: string;
	role: string;
	createdAt: string;
	/** Written at most once a minute (auth/last-used.ts); null when never used. */
	lastUsedAt: string | null;
	/** Null: never expires. */
	expiresAt: string | null;
	/** Null: not limited to some repos. */
	repos: string[] | null;
}

/** The user's tokens, oldest first; undefined when there is no such user. */
export async function listAccessTokens(db: Kysely<Database>, userName: string): Promise<TokenSummary[] | undefined> {
	const user = await db.selectFrom("users").select("id").where("name", "=", userName).executeTakeFirst();
	if (!user) return undefined;
	const rows = await db
		.selectFrom("access_tokens")
		.select([
			"id",
			"display_name as displayName",
			"role",
			"created_at as createdAt",
			"last_used_at as lastUsedAt",
			"expires_at as expiresAt",
			"repos",
		])
		.where("user_id", "=", user.id)
		.orderBy("created_at")
		.orderBy("id")
		.execute();
	return rows.map((row) => ({ ...row, repos: row.repos === null ? null : (JSON.parse(row.repos) as string[]) }));
}

/**
 * Deletes a token; the next request that carries it gets a 401, since every
 * request reads its token from the database. False when there is no such token.
 */
export async function revokeAccessToken(db: Kysely<Database>, id: string, userId?: string): Promise<boolean> {
	let query = db.deleteFrom("access_tokens").where("id", "=", id);
	// From the settings page: only the caller's own tokens.
	if (userId !== undefined) query = query.where("user_id", "=", userId);
	const result = await query.executeTakeFirst();
	return result.numDeletedRows > 0n;
}
