/**
 * Version 3: when each access token was last used. Null until the token's first
 * use is flushed; the hub writes it at most once a minute per token (auth/last-used.ts),
 * so it is a coarse "last seen", not a request log.
 */
import type { Kysely, Migration } from "kysely";

export const tokenLastUsedMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema.alterTable("access_tokens").addColumn("last_used_at", "text").execute();
	},
};
