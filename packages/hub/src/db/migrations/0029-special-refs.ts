/**
 * Version 29: refs outside branches and tags, as huggingface.co has them: `refs/pr/N`, the head of
 * pull request N, and `refs/convert/NAME`, a conversion of the repository (the dataset viewer's
 * `refs/convert/parquet`). A mirror holds its upstream's; revisions, the refs listing
 * (`pullRequests`, `converts`) and git read them as they read branches and tags.
 */
import type { Kysely, Migration } from "kysely";

export const specialRefsMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema
			.createTable("special_refs")
			.addColumn("repo_id", "text", (column) => column.notNull())
			.addColumn("kind", "text", (column) => column.notNull())
			.addColumn("name", "text", (column) => column.notNull())
			.addColumn("commit_sha", "text", (column) => column.notNull())
			.addPrimaryKeyConstraint("special_refs_pkey", ["repo_id", "kind", "name"])
			.execute();
	},
};
