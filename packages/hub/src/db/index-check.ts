/**
 * The secondary indexes and search triggers the schema expects, and the check
 * that builds whatever is missing. It runs on every start (server.ts openHub,
 * after the migrations) and at the end of a bulk load (bulk-load.ts): an index
 * dropped by hand, or by a bulk load that was killed before it could build them
 * again, costs one slow start instead of a slow hub for good.
 */
import { type Kysely, sql } from "kysely";
import type { Logger } from "../logger.js";
import type { DatabaseEngine } from "./engine.js";
import { MIGRATION_TABLE } from "./migrate.js";
import type { Database } from "./schema.js";
import {
	fillSearchIndex,
	hasBtreeGin,
	POSTGRES_SEARCH_INDEX,
	POSTGRES_TASK_SEARCH_INDEX,
	SQLITE_SEARCH_TRIGGERS,
} from "./search-index.js";

export interface IndexDefinition {
	kind: "index" | "trigger";
	name: string;
	/** The CREATE statement. */
	definition: string;
}

/** What a bulk load dropped and has not built again (migration 0005). */
export interface DeferredIndexesTable {
	name: string;
	kind: "index" | "trigger";
	definition: string;
}

export function withDeferredTable(db: Kysely<Database>): Kysely<Database & { deferred_indexes: DeferredIndexesTable }> {
	return db.withTables<{ deferred_indexes: DeferredIndexesTable }>();
}

/**
 * The plain indexes each migration creates, as [name, table, columns]. A
 * migration that adds an index lists it here too (test/lifecycle-indexes.test.ts
 * fails otherwise); only migrations the database has applied count.
 */
const PLAIN_INDEXES: Record<string, [name: string, table: string, columns: string[], unique?: "unique"][]> = {
	"0001-initial": [
		["models_by_downloads", "models", ["downloads", "id"]],
		["models_by_likes", "models", ["likes", "id"]],
		["models_by_trending_score", "models", ["trending_score", "id"]],
		["models_by_created_at", "models", ["created_at", "id"]],
		["models_by_last_modified", "models", ["last_modified", "id"]],
		["models_by_author", "models", ["author", "id"]],
		["models_by_pipeline_downloads", "models", ["pipeline_tag", "downloads", "id"]],
		["models_by_library", "models", ["library_name", "id"]],
		["model_tags_by_tag", "model_tags", ["tag", "model_id"]],
		["provider_mappings_by_provider", "provider_mappings", ["provider", "model_id"]],
	],
	"0002-router-follow-ups": [["router_follow_ups_by_created", "router_follow_ups", ["created_at"]]],
	"0004-model-sizes-and-apps": [
		["models_by_main_size", "models", ["main_size", "id"]],
		["models_by_num_parameters", "models", ["num_parameters", "id"]],
		["model_apps_by_app", "model_apps", ["app", "model_id"]],
	],
	"0007-accounts": [
		["users_by_email", "users", ["email"], "unique"],
		["org_members_by_user", "org_members", ["user_id", "org_id"]],
		["sessions_by_user", "sessions", ["user_id"]],
		["sign_in_failures_by_subject", "sign_in_failures", ["subject", "failed_at"]],
	],
	"0009-oauth": [
		["oauth_apps_by_owner", "oauth_apps", ["owner_id"]],
		["oauth_refresh_tokens_by_grant", "oauth_refresh_tokens", ["grant_id"]],
		["access_tokens_by_oauth_grant", "access_tokens", ["oauth_grant_id"]],
	],
	"0010-writable-repos": [
		["datasets_by_downloads", "datasets", ["downloads", "id"]],
		["datasets_by_likes", "datasets", ["likes", "id"]],
		["datasets_by_trending_score", "datasets", ["trending_score", "id"]],
		["datasets_by_created_at", "datasets", ["created_at", "id"]],
		["datasets_by_last_modified", "datasets", ["last_modified", "id"]],
		["datasets_by_author", "datasets", ["author", "id"]],
		["dataset_tags_by_tag", "dataset_tags", ["tag", "dataset_id"]],
		["likes_by_repo_date", "likes", ["repo_id", "created_at"]],
		["likes_by_user", "likes", ["user_id", "created_at"]],
		["access_requests_by_status", "access_requests", ["repo_id", "status", "created_at"]],
		["lfs_uploads_by_expiry", "lfs_uploads", ["expires_at"]],
	],
	"0012-shared-rate-limits": [["rate_buckets_updated_ms", "rate_buckets", ["updated_ms"]]],
	"0017-content-addressed-trees": [
		["tree_entries_by_blob", "tree_entries", ["blob_sha256"]],
		["tree_entries_by_object", "tree_entries", ["object_oid"]],
		["commits_by_sha", "commits", ["sha"]],
		["commits_by_tree", "commits", ["tree_oid"]],
	],
	"0021-xet-files": [
		["xet_files_by_sha256", "xet_files", ["sha256"]],
		["xet_dedupe_chunks_by_xorb", "xet_dedupe_chunks", ["xorb_hash"]],
	],
	"0022-xet-lifecycle": [["xet_file_xorbs_by_xorb", "xet_file_xorbs", ["xorb_hash"]]],
	"0023-git-commit-objects": [["commit_aliases_by_new_sha", "commit_aliases", ["repo_id", "new_sha"]]],
	"0024-annotated-tags": [["ref_tags_by_tag_oid", "ref_tags", ["repo_id", "tag_oid"]]],
	"0026-mirror-blob-uses": [["mirror_blob_uses_by_last_use", "mirror_blob_uses", ["last_used_at", "sha256"]]],
	"0028-mirror-shadowed-reads": [
		["mirror_shadowed_reads_by_last_read", "mirror_shadowed_reads", ["last_read_at", "repo_id"]],
	],
};

/** Indexes on a lowercased column, as [name, table, column]: names compared without case (migration 0015). */
const LOWERCASE_INDEXES: Record<string, [name: string, table: string, column: string][]> = {
	"0015-namespace-owners": [
		["models_by_lower_author", "models", "author"],
		["datasets_by_lower_author", "datasets", "author"],
		["users_by_lower_name", "users", "name"],
	],
};

/** What the applied migrations made: their plain indexes and the engine's search index or triggers. */
export async function expectedIndexes(db: Kysely<Database>, engine: DatabaseEngine): Promise<IndexDefinition[]> {
	const applied = await sql<{ name: string }>`SELECT name FROM ${sql.table(MIGRATION_TABLE)}`.execute(db);
	// Built with the same schema builder the migrations use, so the statement is the one they ran.
	const plain = applied.rows.flatMap((row) =>
		(PLAIN_INDEXES[row.name] ?? []).map(([name, table, columns, unique]): IndexDefinition => {
			const index = db.schema.createIndex(name).on(table).columns(columns);
			return { kind: "index", name, definition: (unique ? index.unique() : index).compile().sql };
		}),
	);
	for (const row of applied.rows) {
		for (const [name, table, column] of LOWERCASE_INDEXES[row.name] ?? []) {
			const index = db.schema
				.createIndex(name)
				.on(table)
				.expression(sql`lower(${sql.ref(column)})`);
			plain.push({ kind: "index", name, definition: index.compile().sql });
		}
	}
	if (engine === "postgres") {
		const search: IndexDefinition[] = [{ kind: "index", ...POSTGRES_SEARCH_INDEX }];
		// Migration 0014 makes it only where the server has btree_gin.
		if (applied.rows.some((row) => row.name === "0014-postgres-search-by-task") && (await hasBtreeGin(db))) {
			search.push({ kind: "index", ...POSTGRES_TASK_SEARCH_INDEX });
		}
		return [...plain, ...search];
	}
	const triggers = Object.entries(SQLITE_SEARCH_TRIGGERS).map(
		([name, definition]): IndexDefinition => ({ kind: "trigger", name, definition }),
	);
	return [...plain, ...triggers];
}

/** Names of the indexes (and, on SQLite, triggers) the database holds now. */
async function presentNames(db: Kysely<Database>, engine: DatabaseEngine): Promise<Set<string>> {
	const rows =
		engine === "sqlite"
			? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger')`.execute(db)
			: await sql<{ name: string }>`
				SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()`.execute(db);
	return new Set(rows.rows.map((row) => row.name));
}

/**
 * Builds each of `wanted` that the database lacks and returns their names:
 * indexes first, then (SQLite) the search table refilled and its triggers made
 * in one transaction, since rows written while a trigger was missing never
 * reached the search table. Safe to repeat, and to run while another process
 * does the same: what exists is left alone.
 */
export async function buildMissing(
	db: Kysely<Database>,
	engine: DatabaseEngine,
	wanted: IndexDefinition[],
): Promise<string[]> {
	const present = await presentNames(db, engine);
	const missing = wanted.filter((item) => !present.has(item.name));
	for (const item of missing.filter((entry) => entry.kind === "index")) {
		await sql.raw(item.definition).execute(db);
	}
	const triggers = missing.filter((entry) => entry.kind === "trigger");
	if (triggers.length > 0) {
		await db.transaction().execute(async (trx) => {
			await fillSearchIndex(trx, engine);
			for (const item of triggers) await sql.raw(item.definition).execute(trx);
		});
	}
	return missing.map((item) => item.name);
}

/**
 * The start-up check: what an interrupted bulk load recorded as dropped (its own
 * definitions win, so a later migration's index comes back as that migration
 * made it) plus the expected set; builds what is missing and says so.
 */
export async function checkIndexes(db: Kysely<Database>, engine: DatabaseEngine, logger: Logger): Promise<string[]> {
	const deferredTable = withDeferredTable(db);
	const deferred = await deferredTable.selectFrom("deferred_indexes").selectAll().execute();
	const wanted = new Map((await expectedIndexes(db, engine)).map((item) => [item.name, item]));
	for (const item of deferred) wanted.set(item.name, item);
	if (deferred.length > 0) {
		logger.warn(`A bulk load stopped before building its ${deferred.length} indexes and triggers again`);
	}
	const built = await buildMissing(db, engine, [...wanted.values()]);
	if (built.length > 0) logger.warn(`Rebuilt missing indexes and triggers: ${built.join(", ")}`);
	if (deferred.length > 0) await deferredTable.deleteFrom("deferred_indexes").execute();
	return built;
}
