/**
 * Version 25: which repositories are mirrors of a repository on another hub (`hubkit mirror`,
 * later the caching mirror). A mirror keeps the upstream's commit ids, so its commits are exempt
 * from the rule that an id hashes its git object (services/commits.ts), and it takes no writes.
 */
import type { Kysely, Migration } from "kysely";

export const mirroredReposMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema
			.createTable("mirrored_repos")
			.addColumn("repo_id", "text", (column) => column.primaryKey())
			.addColumn("upstream", "text", (column) => column.notNull())
			.addColumn("upstream_id", "text", (column) => column.notNull())
			.addColumn("upstream_sha", "text")
			.addColumn("created_at", "text", (column) => column.notNull())
			.addColumn("refreshed_at", "text", (column) => column.notNull())
			.execute();
	},
};
