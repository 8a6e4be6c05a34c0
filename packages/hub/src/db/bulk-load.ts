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
import { buildMissing, type IndexDefinition, withDeferredTable } from "./index-check.js";
import type { Database } from "./schema.js";

const BULK_TABLES = [
	"models",
	"model_tags",
	"model_apps",
	"provider_mappings",
	"commits",
	"refs",
	"trees",
	"tree_entries",
];

async function secondaryDefinitions(db: Kysely<Database>, engine: DatabaseEngine): Promise<IndexDefinition[]> {
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

/**
 * Runs `load` with the secondary indexes dropped, then builds them again (also
 * when `load` fails). The drop and the record of what was dropped
 * (`deferred_indexes`) commit together, and the record is cleared only once
 * everything is built again: a process killed anywhere in between leaves the
 * record, and the next start (index-check.ts) builds the rest.
 */
export async function withIndexesDeferred<T>(
	db: Kysely<Database>,
	engine: DatabaseEngine,
	load: () => Promise<T>,
): Promise<T> {
	const saved = await db.transaction().execute(async (trx) => {
		const deferredTable = withDeferredTable(trx);
		// An earlier load that was never finished may have dropped some already: keep its record too.
		const earlier = await deferredTable.selectFrom("deferred_indexes").selectAll().execute();
		const current = await secondaryDefinitions(trx, engine);
		if (current.length > 0) {
			await deferredTable
				.insertInto("deferred_indexes")
				.values(current)
				.onConflict((conflict) => conflict.column("name").doNothing())
				.execute();
		}
		for (const item of current.filter((entry) => entry.kind === "trigger")) {
			await sql`DROP TRIGGER ${sql.id(item.name)}`.execute(trx);
		}
		for (const item of current.filter((entry) => entry.kind === "index")) {
			await sql`DROP INDEX ${sql.id(item.name)}`.execute(trx);
		}
		return [...new Map([...earlier, ...current].map((item) => [item.name, item])).values()];
	});
	exitForTestAt("after-index-drop");
	try {
		return await load();
	} finally {
		await buildMissing(db, engine, saved);
		await withDeferredTable(db).deleteFrom("deferred_indexes").execute();
	}
}

/**
 * Crash tests stop the process here with SIGKILL, as `kill -9` would, when
 * HUBKIT_TEST_EXIT_AT names this point. Nothing else sets it.
 */
function exitForTestAt(point: string): void {
	if (process.env.HUBKIT_TEST_EXIT_AT === point) process.kill(process.pid, "SIGKILL");
}
