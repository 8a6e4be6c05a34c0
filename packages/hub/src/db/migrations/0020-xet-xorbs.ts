/**
 * Version 20: `xet_xorbs`, the xorbs Xet uploads sent (services/xet-cas.ts). A xorb is stored as a
 * blob (addressed by the sha256 of its bytes, like every blob); this table finds it by its Xet
 * hash, which is what shards and dedupe queries name.
 */
import type { Kysely, Migration } from "kysely";

export const xetXorbsMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema
			.createTable("xet_xorbs")
			// The xorb hash in its string form (xet/hash.ts hashToHex), as URLs carry it.
			.addColumn("hash", "text", (column) => column.primaryKey())
			.addColumn("blob_sha256", "text", (column) => column.notNull())
			.addColumn("size", "bigint", (column) => column.notNull())
			.addColumn("created_at", "text", (column) => column.notNull())
			.execute();
	},
};
