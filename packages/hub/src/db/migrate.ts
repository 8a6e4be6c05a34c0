/**
 * Brings the schema up to the newest version; safe to run on every start.
 * All pending migrations apply as one transaction on both engines, so a failed
 * or killed run leaves the schema as it was. On PostgreSQL Kysely's migrator
 * does that itself, under an advisory lock; its SQLite adapter neither locks
 * nor opens a transaction (it assumes one connection), so here the run is
 * wrapped in `BEGIN IMMEDIATE`, which also makes another process wait.
 * Hubs sharing a database also take the start-up lock around this (startup-lock.ts).
 */
import { type Kysely, type MigrationResultSet, Migrator, sql } from "kysely";
import type { DatabaseEngine } from "./engine.js";
import { allMigrations } from "./migrations/index.js";
import type { Database } from "./schema.js";

/** Kysely's record of applied migrations (db/index-check.ts reads it too). */
export const MIGRATION_TABLE = "hubkit_migrations";

export async function migrateToLatest(db: Kysely<Database>, engine: DatabaseEngine): Promise<string[]> {
	const migrator = new Migrator({
		db,
		provider: { getMigrations: async () => allMigrations(engine) },
		migrationTableName: MIGRATION_TABLE,
		migrationLockTableName: "hubkit_migrations_lock",
		// Migrations are written side by side and may land out of number order (0003 before 0002);
		// each touches its own tables, so one that arrives late is simply applied.
		allowUnorderedMigrations: true,
	});
	const result =
		engine === "sqlite"
			? await inSqliteTransaction(db, () => migrator.migrateToLatest())
			: await migrator.migrateToLatest();
	if (result.error) {
		const failed = result.results?.find((item) => item.status === "Error")?.migrationName;
		throw new Error(`Database migration ${failed ?? ""} failed: ${String(result.error)}`);
	}
	return (result.results ?? []).filter((item) => item.status === "Success").map((item) => item.migrationName);
}

/** Nothing else uses the database while it migrates (start-up), so the one connection's transaction is the migrator's alone. */
async function inSqliteTransaction(
	db: Kysely<Database>,
	migrate: () => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
	await sql`BEGIN IMMEDIATE`.execute(db);
	let result: MigrationResultSet;
	try {
		result = await migrate();
	} catch (error) {
		await sql`ROLLBACK`.execute(db);
		throw error;
	}
	await sql.raw(result.error ? "ROLLBACK" : "COMMIT").execute(db);
	return result;
}
