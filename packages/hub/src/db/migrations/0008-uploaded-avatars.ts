/**
 * Version 8: uploaded avatars. A user or organisation row points at the picture's
 * blob (sha256, in the blob store like every file) and keeps its media type, read
 * from the bytes at upload; both null means the generated SVG avatar.
 */
import type { Kysely, Migration } from "kysely";

export const uploadedAvatarsMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema.alterTable("users").addColumn("avatar_sha256", "text").execute();
		await db.schema.alterTable("users").addColumn("avatar_type", "text").execute();
	},
};
