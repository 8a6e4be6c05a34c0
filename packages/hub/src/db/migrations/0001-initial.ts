/**
 * Version 1: the catalogue, repositories (commits, refs, files, blobs), users and
 * tokens. Column types are ones both engines accept with the same meaning.
 */
import type { Kysely, Migration } from "kysely";
import type { DatabaseEngine } from "../engine.js";
import { createSearchIndex } from "../search-index.js";

export function initialMigration(engine: DatabaseEngine): Migration {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema
				.createTable("models")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("author", "text", (column) => column.notNull())
				.addColumn("name", "text", (column) => column.notNull())
				.addColumn("pipeline_tag", "text")
				.addColumn("library_name", "text")
				.addColumn("private", "integer", (column) => column.notNull().defaultTo(0))
				.addColumn("gated", "text")
				.addColumn("downloads", "integer", (column) => column.notNull().defaultTo(0))
				.addColumn("likes", "integer", (column) => column.notNull().defaultTo(0))
				.addColumn("trending_score", "integer", (column) => column.notNull().defaultTo(0))
				.addColumn("created_at", "text", (column) => column.notNull())
				.addColumn("last_modified", "text", (column) => column.notNull())
				.addColumn("sha", "text", (column) => column.notNull())
				.addColumn("tags", "text", (column) => column.notNull().defaultTo("[]"))
				.addColumn("config", "text")
				.addColumn("card_data", "text")
				.addColumn("widget_data", "text")
				.addColumn("transformers_info", "text")
				.addColumn("owner", "text")
				.execute();
			// Keyset pagination walks (sort column, id); one index per sort.
			for (const column of ["downloads", "likes", "trending_score", "created_at", "last_modified"]) {
				await db.schema.createIndex(`models_by_${column}`).on("models").columns([column, "id"]).execute();
			}
			await db.schema.createIndex("models_by_author").on("models").columns(["author", "id"]).execute();
			await db.schema
				.createIndex("models_by_pipeline_downloads")
				.on("models")
				.columns(["pipeline_tag", "downloads", "id"])
				.execute();
			await db.schema.createIndex("models_by_library").on("models").columns(["library_name", "id"]).execute();
			await createSearchIndex(db, engine);

			await db.schema
				.createTable("model_tags")
				.addColumn("model_id", "text", (column) => column.notNull())
				.addColumn("tag", "text", (column) => column.notNull())
				.addPrimaryKeyConstraint("model_tags_pk", ["model_id", "tag"])
				.execute();
			await db.schema.createIndex("model_tags_by_tag").on("model_tags").columns(["tag", "model_id"]).execute();

			await db.schema
				.createTable("provider_mappings")
				.addColumn("model_id", "text", (column) => column.notNull())
				.addColumn("position", "integer", (column) => column.notNull())
				.addColumn("provider", "text", (column) => column.notNull())
				.addColumn("provider_id", "text", (column) => column.notNull())
				.addColumn("task", "text", (column) => column.notNull())
				.addColumn("status", "text", (column) => column.notNull())
				.addColumn("adapter", "text")
				.addColumn("adapter_weights_path", "text")
				.addPrimaryKeyConstraint("provider_mappings_pk", ["model_id", "position"])
				.execute();
			await db.schema
				.createIndex("provider_mappings_by_provider")
				.on("provider_mappings")
				.columns(["provider", "model_id"])
				.execute();

			await db.schema
				.createTable("commits")
				.addColumn("repo_id", "text", (column) => column.notNull())
				.addColumn("sha", "text", (column) => column.notNull())
				.addColumn("parent_sha", "text")
				.addColumn("message", "text", (column) => column.notNull())
				.addColumn("created_at", "text", (column) => column.notNull())
				.addPrimaryKeyConstraint("commits_pk", ["repo_id", "sha"])
				.execute();

			await db.schema
				.createTable("refs")
				.addColumn("repo_id", "text", (column) => column.notNull())
				.addColumn("name", "text", (column) => column.notNull())
				.addColumn("commit_sha", "text", (column) => column.notNull())
				.addPrimaryKeyConstraint("refs_pk", ["repo_id", "name"])
				.execute();

			await db.schema
				.createTable("commit_files")
				.addColumn("commit_sha", "text", (column) => column.notNull())
				.addColumn("path", "text", (column) => column.notNull())
				.addColumn("blob_sha256", "text", (column) => column.notNull())
				.addColumn("size", "bigint", (column) => column.notNull())
				.addColumn("git_oid", "text", (column) => column.notNull())
				.addPrimaryKeyConstraint("commit_files_pk", ["commit_sha", "path"])
				.execute();

			await db.schema
				.createTable("blobs")
				.addColumn("sha256", "text", (column) => column.primaryKey())
				.addColumn("size", "bigint", (column) => column.notNull())
				.execute();

			await db.schema
				.createTable("users")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("name", "text", (column) => column.notNull().unique())
				.addColumn("fullname", "text", (column) => column.notNull())
				.addColumn("email", "text")
				.addColumn("created_at", "text", (column) => column.notNull())
				.execute();

			await db.schema
				.createTable("access_tokens")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("user_id", "text", (column) => column.notNull())
				.addColumn("token_hash", "text", (column) => column.notNull().unique())
				.addColumn("display_name", "text", (column) => column.notNull())
				.addColumn("role", "text", (column) => column.notNull())
				.addColumn("created_at", "text", (column) => column.notNull())
				.execute();
		},
	};
}
