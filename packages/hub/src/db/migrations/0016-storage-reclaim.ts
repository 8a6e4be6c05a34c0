/**
 * Version 16: what reclaiming storage and the storage quota need (services/gc.ts, services/quota.ts).
 * - `lfs_uploads.credential`: the token or browser session that asked for the upload URL, so the
 *   URL stops working when that token is revoked or that session ends (as the caller would).
 * - `lfs_objects.size`: the bytes of an object uploaded for a repository, which count towards its
 *   namespace's quota before a commit names it.
 */
import type { Kysely, Migration } from "kysely";

export const storageReclaimMigration: Migration = {
	async up(db: Kysely<unknown>) {
		// `token:<id>` or `session:<sha256 of the session id>`; null for rows made before this version.
		await db.schema.alterTable("lfs_uploads").addColumn("credential", "text").execute();
		await db.schema.alterTable("lfs_objects").addColumn("size", "bigint").execute();
	},
};
