/**
 * Version 18: a refresh token that has been exchanged is kept, marked with when (`rotated_at`),
 * until it expires, so a second use of it is recognised as a stolen copy and ends its whole
 * grant (services/oauth.ts) instead of reading as an unknown token.
 */
import type { Kysely, Migration } from "kysely";

export const refreshTokenReuseMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema.alterTable("oauth_refresh_tokens").addColumn("rotated_at", "text").execute();
	},
};
