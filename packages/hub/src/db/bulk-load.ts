/**
 * Fast loading into empty tables: the secondary indexes (and SQLite's search
 * triggers) are dropped before the load and built again after it, which costs
 * a fraction of keeping them up to date row by row. Only used when the
 * catalogue is empty, so no reader ever sees a hub without its indexes.
 * Like search-index.ts, this file knows which engine it runs on; the index
 * definitions themselves are read back from the database, so a later
 * migration's indexes are rebuilt exactly as it made them.
 */
import { type Kysely, sql } from "kysely";
import type { DatabaseEngine } from "./engine.js";
import type { Database } from "./schema.js";
import { fillSearchIndex } from "./search-index.js";

const BULK_TABLES = ["models", "model_tags", "provider_mappings", "commits", "refs", "commit_files"];

interface SavedDefinition {
	kind: "index" | "trigger";
	name: string;
	definition: string;
}

async function secondaryDefinitions(db: Kysely<Database>, engine: DatabaseEngine): Promise<SavedDefinition[]> {
	if (engine === "sqlite") {
		const rows = await sql<{ type: "index" | "trigger"; name: string; sql: string }>`
			SELECT type, name, sql FROM sqlite_master
			WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${sql.join(BULK_TABLES)})`.execute(db);
		return rows.rows.map((row) => ({ kind: row.type, name: row.name, definition: row.sql }));
	}
	const rows = await sql<{ indexname: string; indexdef: string }>`
		SELECT indexname, indexdef FROM pg_indexes
		WHERE schemaname = current_schema() AND tablename IN (${sql.join(BULK_TABLES)})
			AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE pg_constraint.conname = pg_indexes.indexname)`.execute(db);
	return rows.rows.map((row) => ({ kind: "index", name: row.indexname, definition: row.indexdef }));
}

/** Runs `load` with the secondary indexes dropped, then rebuilds them (also when `load` fails). */
export async function withIndexesDeferred<T>(
	db: Kysely<Database>,
	engine: DatabaseEngine,
	load: () => Promise<T>,
): Promise<T> {
	const saved = await secondaryDefinitions(db, engine);
	for (const item of saved.filter((entry) => entry.kind === "trigger")) {
		await sql`DROP TRIGGER ${sql.id(item.name)}`.execute(db);
	}
	for (const item of saved.filter((entry) => entry.kind === "index")) {
		await sql`DROP INDEX ${sql.id(item.name)}`.execute(db);
	}
	try {
		return await load();
	} finally {
		for (const item of saved.filter((entry) => entry.kind === "index")) await sql.raw(item.definition).execute(db);
		await fillSearchIndex(db, engine);
		for (const item of saved.filter((entry) => entry.kind === "trigger")) await sql.raw(item.definition).execute(db);
	}
}
