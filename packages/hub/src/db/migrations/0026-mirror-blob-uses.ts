/**
 * Version 26: the caching mirror's LFS bytes, for its size limit (`HUBKIT_MIRROR_MAX_BYTES`,
 * services/mirror-cache.ts): each blob a mirror fetched or served, its size and when it was last
 * used, so the least recently used can be deleted from the store (and fetched again when asked for).
 */
import type { Kysely, Migration } from "kysely";

export const mirrorBlobUsesMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema
			.createTable("mirror_blob_uses")
			.addColumn("sha256", "text", (column) => column.primaryKey())
			.addColumn("size", "bigint", (column) => column.notNull())
			.addColumn("last_used_at", "text", (column) => column.notNull())
			.execute();
		await db.schema
			.createIndex("mirror_blob_uses_by_last_use")
			.on("mirror_blob_uses")
			.columns(["last_used_at", "sha256"])
			.execute();
	},
};
