/**
 * Version 11: `lfs_objects`, which LFS objects each repository may name in a commit — those
 * uploaded for it (the uploader proved they had the bytes). Blobs are shared across the hub, so
 * without this anyone who learnt a private file's sha256 could commit it into their own
 * repository and read it. A repository's own history counts too (services/lfs-objects.ts).
 */
import type { Kysely, Migration } from "kysely";

export const lfsObjectsMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema
			.createTable("lfs_objects")
			// The repo key (services/repos.ts).
			.addColumn("repo_id", "text", (column) => column.notNull())
			.addColumn("oid", "text", (column) => column.notNull())
			.addColumn("created_at", "text", (column) => column.notNull())
			.addPrimaryKeyConstraint("lfs_objects_pk", ["repo_id", "oid"])
			.execute();
	},
};
