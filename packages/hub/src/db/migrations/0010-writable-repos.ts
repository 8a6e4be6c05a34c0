/**
 * Version 10: repositories people write to.
 * - `datasets` (+ `dataset_tags`): dataset repositories beside models. Their commits, refs and
 *   files live in the same tables as models' under the repo key `datasets/{id}`
 *   (services/repos.ts), so a model and a dataset may share an id, as on other hubs.
 * - `commits.author`: who made a commit (a user name; null for seeded history).
 * - `ref_tags`: git tags (branches stay in `refs`).
 * - `likes`: one row per user and repository, dated (`sort=likes30d`).
 * - `access_requests`: who asked for a gated repository and what its owner answered.
 * - `repo_redirects`: the old id of a renamed repository, which keeps answering with a redirect.
 * - `lfs_uploads`: LFS uploads in progress; the upload URL carries a secret (only its hash is
 *   kept) because clients PUT to it without their token.
 */
import type { Kysely, Migration } from "kysely";

export const writableReposMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema
			.createTable("datasets")
			.addColumn("id", "text", (column) => column.primaryKey())
			.addColumn("author", "text", (column) => column.notNull())
			.addColumn("name", "text", (column) => column.notNull())
			.addColumn("private", "integer", (column) => column.notNull().defaultTo(0))
			.addColumn("gated", "text")
			.addColumn("downloads", "integer", (column) => column.notNull().defaultTo(0))
			.addColumn("likes", "integer", (column) => column.notNull().defaultTo(0))
			.addColumn("trending_score", "integer", (column) => column.notNull().defaultTo(0))
			.addColumn("created_at", "text", (column) => column.notNull())
			.addColumn("last_modified", "text", (column) => column.notNull())
			.addColumn("sha", "text", (column) => column.notNull())
			.addColumn("tags", "text", (column) => column.notNull().defaultTo("[]"))
			.addColumn("card_data", "text")
			.addColumn("description", "text")
			.addColumn("owner", "text")
			.addColumn("main_size", "bigint", (column) => column.notNull().defaultTo(0))
			.execute();
		for (const column of ["downloads", "likes", "trending_score", "created_at", "last_modified"]) {
			await db.schema.createIndex(`datasets_by_${column}`).on("datasets").columns([column, "id"]).execute();
		}
		await db.schema.createIndex("datasets_by_author").on("datasets").columns(["author", "id"]).execute();

		await db.schema
			.createTable("dataset_tags")
			.addColumn("dataset_id", "text", (column) => column.notNull())
			.addColumn("tag", "text", (column) => column.notNull())
			.addPrimaryKeyConstraint("dataset_tags_pk", ["dataset_id", "tag"])
			.execute();
		await db.schema.createIndex("dataset_tags_by_tag").on("dataset_tags").columns(["tag", "dataset_id"]).execute();

		await db.schema.alterTable("commits").addColumn("author", "text").execute();

		await db.schema
			.createTable("ref_tags")
			.addColumn("repo_id", "text", (column) => column.notNull())
			.addColumn("name", "text", (column) => column.notNull())
			.addColumn("commit_sha", "text", (column) => column.notNull())
			.addColumn("message", "text")
			.addColumn("created_at", "text", (column) => column.notNull())
			.addPrimaryKeyConstraint("ref_tags_pk", ["repo_id", "name"])
			.execute();

		await db.schema
			.createTable("likes")
			// The repo key: `{id}` for a model, `datasets/{id}` for a dataset.
			.addColumn("repo_id", "text", (column) => column.notNull())
			.addColumn("user_id", "text", (column) => column.notNull())
			.addColumn("created_at", "text", (column) => column.notNull())
			.addPrimaryKeyConstraint("likes_pk", ["repo_id", "user_id"])
			.execute();
		await db.schema.createIndex("likes_by_repo_date").on("likes").columns(["repo_id", "created_at"]).execute();
		await db.schema.createIndex("likes_by_user").on("likes").columns(["user_id", "created_at"]).execute();

		await db.schema
			.createTable("access_requests")
			.addColumn("repo_id", "text", (column) => column.notNull())
			.addColumn("user_id", "text", (column) => column.notNull())
			// "pending", "accepted" or "rejected".
			.addColumn("status", "text", (column) => column.notNull())
			// JSON object: the answers the requester gave (the card's gate fields), or null.
			.addColumn("fields", "text")
			.addColumn("created_at", "text", (column) => column.notNull())
			.addColumn("updated_at", "text", (column) => column.notNull())
			.addPrimaryKeyConstraint("access_requests_pk", ["repo_id", "user_id"])
			.execute();
		await db.schema
			.createIndex("access_requests_by_status")
			.on("access_requests")
			.columns(["repo_id", "status", "created_at"])
			.execute();

		await db.schema
			.createTable("repo_redirects")
			// Repo keys, as in `likes`.
			.addColumn("from_id", "text", (column) => column.primaryKey())
			.addColumn("to_id", "text", (column) => column.notNull())
			.addColumn("created_at", "text", (column) => column.notNull())
			.execute();

		await db.schema
			.createTable("lfs_uploads")
			.addColumn("id_hash", "text", (column) => column.primaryKey())
			.addColumn("repo_id", "text", (column) => column.notNull())
			.addColumn("user_id", "text", (column) => column.notNull())
			.addColumn("oid", "text", (column) => column.notNull())
			.addColumn("size", "bigint", (column) => column.notNull())
			// Bytes per part for a multipart upload; null for a single PUT.
			.addColumn("chunk_size", "bigint")
			.addColumn("created_at", "text", (column) => column.notNull())
			.addColumn("expires_at", "text", (column) => column.notNull())
			.execute();
		await db.schema.createIndex("lfs_uploads_by_expiry").on("lfs_uploads").columns(["expires_at"]).execute();
	},
};
