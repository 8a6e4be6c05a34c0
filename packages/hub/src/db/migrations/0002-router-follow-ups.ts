/**
 * Version 2: which caller started which queued provider request, so the router
 * forwards a status or result request only for that caller
 * (services/router-follow-ups.ts). Rows older than a day are ignored and pruned.
 */
import type { Kysely, Migration } from "kysely";

export const routerFollowUpsMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema
			.createTable("router_follow_ups")
			.addColumn("provider", "text", (column) => column.notNull())
			.addColumn("request_id", "text", (column) => column.notNull())
			.addColumn("user_name", "text", (column) => column.notNull())
			.addColumn("created_at", "text", (column) => column.notNull())
			.addPrimaryKeyConstraint("router_follow_ups_pk", ["provider", "request_id"])
			.execute();
		await db.schema.createIndex("router_follow_ups_by_created").on("router_follow_ups").column("created_at").execute();
	},
};
