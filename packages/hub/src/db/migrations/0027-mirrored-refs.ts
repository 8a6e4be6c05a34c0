/**
 * Version 27: the branches and tags a mirror holds besides `main` (whose state stays in
 * `mirrored_repos`), each with the upstream commit it names and when the upstream was last asked,
 * so the caching mirror re-checks each one on its own after `HUBKIT_MIRROR_REFRESH_SECONDS`. A
 * revision asked for by commit id needs no row: a commit never changes, and its `commits` row keeps
 * it (and its files) alive.
 */
import type { Kysely, Migration } from "kysely";

export const mirroredRefsMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema
			.createTable("mirrored_refs")
			.addColumn("repo_id", "text", (column) => column.notNull())
			.addColumn("kind", "text", (column) => column.notNull())
			.addColumn("name", "text", (column) => column.notNull())
			.addColumn("upstream_sha", "text", (column) => column.notNull())
			.addColumn("refreshed_at", "text", (column) => column.notNull())
			.addPrimaryKeyConstraint("mirrored_refs_pkey", ["repo_id", "kind", "name"])
			.execute();
	},
};
