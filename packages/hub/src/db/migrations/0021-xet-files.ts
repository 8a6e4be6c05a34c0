/**
 * Version 21: what Xet reads and dedupe need (services/xet-store.ts). `xet_xorbs.chunk_index`
 * keeps each xorb's chunks (hash, where each starts in the serialized xorb, its uncompressed
 * size) so a reconstruction answer or a dedupe shard never re-reads the xorb; rows stored before
 * it have none and get it the first time they are needed. `xet_files` keeps each file a shard
 * made: its Xet hash, sha256, size and terms. `xet_dedupe_chunks` finds the xorb holding a chunk
 * for the chunks clients may ask about (xet/hash.ts isGlobalDedupEligible).
 */
import type { Kysely, Migration } from "kysely";

export const xetFilesMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema.alterTable("xet_xorbs").addColumn("chunk_index", "text").execute();
		await db.schema
			.createTable("xet_files")
			.addColumn("file_hash", "text", (column) => column.primaryKey())
			.addColumn("sha256", "text", (column) => column.notNull())
			.addColumn("size", "bigint", (column) => column.notNull())
			.addColumn("terms", "text", (column) => column.notNull())
			.addColumn("created_at", "text", (column) => column.notNull())
			.execute();
		await db.schema.createIndex("xet_files_by_sha256").on("xet_files").column("sha256").execute();
		await db.schema
			.createTable("xet_dedupe_chunks")
			.addColumn("chunk_hash", "text", (column) => column.primaryKey())
			.addColumn("xorb_hash", "text", (column) => column.notNull())
			.execute();
		await db.schema.createIndex("xet_dedupe_chunks_by_xorb").on("xet_dedupe_chunks").column("xorb_hash").execute();
	},
};
