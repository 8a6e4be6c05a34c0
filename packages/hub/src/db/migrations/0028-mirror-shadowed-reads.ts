/**
 * Version 28: reads the caching mirror did not send upstream because an account or organisation
 * holds the namespace here and the hub has no such repository ("local first"): one row per
 * repository, with how often and when it was asked for, so site administrators can see which local
 * names hide repositories of the upstream. Kept to the most recently read (services/mirror-shadowed.ts).
 */
import type { Kysely, Migration } from "kysely";

export const mirrorShadowedReadsMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema
			.createTable("mirror_shadowed_reads")
			.addColumn("repo_id", "text", (column) => column.primaryKey())
			.addColumn("reads", "integer", (column) => column.notNull())
			.addColumn("first_read_at", "text", (column) => column.notNull())
			.addColumn("last_read_at", "text", (column) => column.notNull())
			.execute();
		await db.schema
			.createIndex("mirror_shadowed_reads_by_last_read")
			.on("mirror_shadowed_reads")
			.columns(["last_read_at", "repo_id"])
			.execute();
	},
};
