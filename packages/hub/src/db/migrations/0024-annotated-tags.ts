/**
 * Version 24: a tag may be an annotated tag, as git makes with `git tag -a`. `ref_tags.tag_oid`
 * is the git id of its tag object and `ref_tags.git_object` the object's exact bytes (base64, as
 * `commits.git_object`); both are null for a lightweight tag. `commit_sha` stays the commit the
 * tag names either way, so revisions and the API's refs read it as before.
 */
import type { Kysely, Migration } from "kysely";

export const annotatedTagsMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema.alterTable("ref_tags").addColumn("tag_oid", "text").execute();
		await db.schema.alterTable("ref_tags").addColumn("git_object", "text").execute();
		// "Which tag is this object?": a clone asks for a tag object by its id (services/git-repository.ts).
		await db.schema.createIndex("ref_tags_by_tag_oid").on("ref_tags").columns(["repo_id", "tag_oid"]).execute();
	},
};
