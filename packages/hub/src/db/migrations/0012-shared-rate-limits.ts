/**
 * Version 12: `rate_buckets`, the anonymous rate limit's token buckets, kept in the database so
 * that every hub behind one address spends from the same bucket per client address (several hubs
 * with a bucket each would let a client through N times as often). Rows of idle addresses are
 * swept from time to time (services/shared-rate-limit.ts).
 */
import type { Kysely, Migration } from "kysely";

export const sharedRateLimitsMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema
			.createTable("rate_buckets")
			.addColumn("key", "text", (column) => column.primaryKey())
			.addColumn("tokens", "double precision", (column) => column.notNull())
			// Milliseconds since the epoch of the last spend (the hub's clock).
			.addColumn("updated_ms", "bigint", (column) => column.notNull())
			// Whether that last spend was allowed (1) or refused (0): the update says so in one statement.
			.addColumn("allowed", "integer", (column) => column.notNull())
			.execute();
		await db.schema.createIndex("rate_buckets_updated_ms").on("rate_buckets").column("updated_ms").execute();
	},
};
