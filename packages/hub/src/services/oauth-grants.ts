/**
 * Ending OAuth grants: one grant (a replayed code or refresh token, services/oauth.ts), or every
 * grant a user made (sign out everywhere, routes/accounts.ts). A grant is its access tokens, its
 * refresh tokens (rotated ones included) and, for the user-wide end, codes not yet exchanged.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** Ends a grant: its access tokens and refresh tokens stop working at once. */
export async function revokeGrant(db: Kysely<Database>, grantId: string): Promise<void> {
	await db.deleteFrom("access_tokens").where("oauth_grant_id", "=", grantId).execute();
	await db.deleteFrom("oauth_refresh_tokens").where("grant_id", "=", grantId).execute();
}

/**
 * Ends every grant the user made to any app: its access and refresh tokens, and codes not yet
 * exchanged. The user's own tokens (made in settings) are theirs to revoke one by one.
 */
export async function revokeUserGrants(db: Kysely<Database>, userId: string): Promise<void> {
	await db.transaction().execute(async (trx) => {
		await trx.deleteFrom("oauth_codes").where("user_id", "=", userId).execute();
		await trx.deleteFrom("oauth_refresh_tokens").where("user_id", "=", userId).execute();
		await trx
			.deleteFrom("access_tokens")
			.where("user_id", "=", userId)
			.where("oauth_grant_id", "is not", null)
			.execute();
	});
}
