/**
 * `hubkit migrate`: copies a hub's whole SQLite database into an empty
 * PostgreSQL one. The tables to copy are not listed here: they are read from
 * both databases once both are migrated to the same version, and any table one
 * side has and the other lacks stops the copy, so a table a later migration
 * adds is never skipped in silence. Only the migrator's own bookkeeping and
 * SQLite's search index (PostgreSQL keeps its own, built from `models`) stay
 * behind.
 *
 * The copy is one transaction on the target: it either lands whole or leaves
 * the target as empty as it found it, so a failed run is simply run again.
 * The source is read inside one read transaction, a consistent snapshot even
 * while a hub still writes to it.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import { withIndexesDeferred } from "./bulk-load.js";
import { MIGRATION_TABLE } from "./migrate.js";
import type { Database } from "./schema.js";

/** Tables that describe a database rather than hold the hub's data. */
const BOOKKEEPING_TABLES = new Set([MIGRATION_TABLE, "hubkit_migrations_lock", "deferred_indexes"]);

/** Keeps each multi-row insert well under PostgreSQL's 65,535 bound parameters. */
const PARAMETERS_PER_INSERT = 30_000;
const MAX_ROWS_PER_INSERT = 2_000;

export class CopyRefused extends Error {}

export interface TableCount {
	table: string;
	source: number;
	target: number;
}

export interface CopyOptions {
	/** Called after each batch with the table and the rows copied into it so far. */
	onProgress?: (table: string, rows: number) => void;
}

type AnyDb = Kysely<Database>;

async function sqliteTables(db: AnyDb): Promise<string[]> {
	const rows = await sql<{ name: string; sql: string | null }>`
		SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db);
	// A virtual table (the FTS search index) keeps its data in shadow tables named after it.
	const virtual = rows.rows.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql ?? "")).map((row) => row.name);
	return rows.rows
		.map((row) => row.name)
		.filter((name) => !virtual.some((table) => name === table || name.startsWith(`${table}_`)));
}

async function postgresTables(db: AnyDb): Promise<string[]> {
	const rows = await sql<{ table_name: string }>`
		SELECT table_name FROM information_schema.tables
		WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db);
	return rows.rows.map((row) => row.table_name);
}

async function sqliteColumns(db: AnyDb, table: string): Promise<string[]> {
	const rows = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db);
	return rows.rows.map((row) => row.name);
}

async function postgresColumns(db: AnyDb, table: string): Promise<string[]> {
	const rows = await sql<{ column_name: string }>`
		SELECT column_name FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = ${table} ORDER BY ordinal_position`.execute(db);
	return rows.rows.map((row) => row.column_name);
}

async function appliedMigrations(db: AnyDb): Promise<string[]> {
	const rows = await sql<{ name: string }>`SELECT name FROM ${sql.table(MIGRATION_TABLE)} ORDER BY name`.execute(db);
	return rows.rows.map((row) => row.name);
}

/**
 * The tables in an order where each comes after those its foreign keys point
 * to (PostgreSQL's catalogue says which), alphabetical otherwise.
 */
async function dependencyOrder(db: AnyDb, tables: string[]): Promise<string[]> {
	const keys = await sql<{ child: string; parent: string }>`
		SELECT child.relname AS child, parent.relname AS parent
		FROM pg_constraint
		JOIN pg_class child ON child.oid = pg_constraint.conrelid
		JOIN pg_class parent ON parent.oid = pg_constraint.confrelid
		WHERE pg_constraint.contype = 'f' AND child.relnamespace = current_schema()::regnamespace`.execute(db);
	const parents = new Map(tables.map((table) => [table, new Set<string>()]));
	for (const key of keys.rows) if (key.child !== key.parent) parents.get(key.child)?.add(key.parent);
	const ordered: string[] = [];
	const placed = new Set<string>();
	const remaining = [...tables].sort();
	while (remaining.length > 0) {
		const next = remaining.findIndex((table) => [...(parents.get(table) ?? [])].every((parent) => placed.has(parent)));
		if (next < 0) throw new CopyRefused(`Foreign keys form a cycle among: ${remaining.join(", ")}`);
		const [table] = remaining.splice(next, 1) as [string];
		ordered.push(table);
		placed.add(table);
	}
	return ordered;
}

function difference(a: string[], b: string[]): string[] {
	const other = new Set(b);
	return a.filter((item) => !other.has(item));
}

/**
 * What to copy, checked before anything is written: the same migrations
 * applied on both sides, the same tables and columns, no bulk load left
 * unfinished on the source.
 */
async function plan(source: AnyDb, target: AnyDb): Promise<{ table: string; columns: string[] }[]> {
	const [sourceVersions, targetVersions] = [await appliedMigrations(source), await appliedMigrations(target)];
	if (sourceVersions.join() !== targetVersions.join()) {
		throw new CopyRefused(
			`The two databases are at different schema versions (source: ${sourceVersions.at(-1)}, target: ${targetVersions.at(-1)})`,
		);
	}
	const pending = await sql<{ count: number }>`SELECT count(*) AS count FROM deferred_indexes`.execute(source);
	if (Number(pending.rows[0]?.count) > 0) {
		throw new CopyRefused("The source has a bulk load that never finished: start the hub on it once, then migrate");
	}
	const sourceTables = (await sqliteTables(source)).filter((table) => !BOOKKEEPING_TABLES.has(table));
	const targetTables = (await postgresTables(target)).filter((table) => !BOOKKEEPING_TABLES.has(table));
	const onlySource = difference(sourceTables, targetTables);
	const onlyTarget = difference(targetTables, sourceTables);
	if (onlySource.length > 0 || onlyTarget.length > 0) {
		throw new CopyRefused(
			`The databases' tables differ (only in the source: ${onlySource.join(", ") || "none"}; only in the target: ${onlyTarget.join(", ") || "none"})`,
		);
	}
	const tables = [];
	for (const table of await dependencyOrder(target, targetTables)) {
		const columns = await postgresColumns(target, table);
		const sourceColumns = await sqliteColumns(source, table);
		if (difference(columns, sourceColumns).length > 0 || difference(sourceColumns, columns).length > 0) {
			throw new CopyRefused(
				`Table ${table} has different columns (source: ${sourceColumns.join(", ")}; target: ${columns.join(", ")})`,
			);
		}
		tables.push({ table, columns });
	}
	return tables;
}

async function countRows(db: AnyDb | Transaction<Database>, table: string): Promise<number> {
	const rows = await sql<{ count: number }>`SELECT count(*) AS count FROM ${sql.table(table)}`.execute(db);
	return Number(rows.rows[0]?.count ?? 0);
}

/** Copies one table in rowid order, a batch at a time, into the target transaction. */
async function copyTable(
	source: AnyDb,
	target: Transaction<Database>,
	table: string,
	columns: string[],
	options: CopyOptions,
): Promise<void> {
	const batch = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(PARAMETERS_PER_INSERT / columns.length)));
	const selected = sql.join(columns.map((column) => sql.ref(column)));
	let after = Number.MIN_SAFE_INTEGER;
	let copied = 0;
	for (;;) {
		const page = await sql<Record<string, unknown> & { hubkit_rowid: number }>`
			SELECT rowid AS hubkit_rowid, ${selected} FROM ${sql.table(table)}
			WHERE rowid > ${after} ORDER BY rowid LIMIT ${batch}`.execute(source);
		const last = page.rows.at(-1);
		if (!last) return;
		after = last.hubkit_rowid;
		const rows = page.rows.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])));
		await target
			.insertInto(table as keyof Database)
			.values(rows as never)
			.execute();
		copied += rows.length;
		options.onProgress?.(table, copied);
	}
}

/**
 * Identity and serial columns keep counting from the copied rows' highest
 * value, not from 1 (today's schema has none; a later one may).
 */
async function resetSequences(target: Transaction<Database>): Promise<void> {
	const columns = await sql<{ table_name: string; column_name: string }>`
		SELECT table_name, column_name FROM information_schema.columns
		WHERE table_schema = current_schema() AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')`.execute(target);
	for (const { table_name: table, column_name: column } of columns.rows) {
		await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), coalesce(max(${sql.ref(column)}), 0) + 1, false)
			FROM ${sql.table(table)}`.execute(target);
	}
}

/**
 * Copies every table of `source` (SQLite) into `target` (PostgreSQL), both
 * already migrated to the newest schema, and returns each table's row count
 * on both sides, which must agree (the transaction is rolled back otherwise).
 */
export async function copyDatabase(source: AnyDb, target: AnyDb, options: CopyOptions = {}): Promise<TableCount[]> {
	const tables = await plan(source, target);
	for (const { table } of tables) {
		if ((await countRows(target, table)) > 0) throw new CopyRefused(`The target is not empty: ${table} has rows`);
	}
	const counts = await source.transaction().execute(async (snapshot) =>
		// The big tables' secondary indexes are built once at the end rather than row by row.
		withIndexesDeferred(target, "postgres", () =>
			target.transaction().execute(async (trx) => {
				for (const { table, columns } of tables) {
					// A second migrate (or a hub) writing at once would make the empty check above a lie.
					await sql`LOCK TABLE ${sql.table(table)} IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
					if ((await countRows(trx, table)) > 0) throw new CopyRefused(`The target is not empty: ${table} has rows`);
					await copyTable(snapshot, trx, table, columns, options);
				}
				await resetSequences(trx);
				const result: TableCount[] = [];
				for (const { table } of tables) {
					result.push({ table, source: await countRows(snapshot, table), target: await countRows(trx, table) });
				}
				const wrong = result.filter((count) => count.source !== count.target);
				if (wrong.length > 0) {
					throw new CopyRefused(
						`Row counts differ after the copy, nothing was kept: ${wrong.map((count) => `${count.table} ${count.source} → ${count.target}`).join(", ")}`,
					);
				}
				return result;
			}),
		),
	);
	// Fresh planner statistics (without them the first searches plan as if the tables were empty),
	// and the visibility map that lets the listing read its sort indexes without visiting the rows.
	await sql`VACUUM (ANALYZE)`.execute(target);
	return counts;
}
