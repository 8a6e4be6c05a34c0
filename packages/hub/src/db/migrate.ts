/** Brings the schema up to the newest version; safe to run on every start. */
import { type Kysely, type MigrationResultSet, Migrator } from "kysely";
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
	const result: MigrationResultSet = await migrator.migrateToLatest();
	if (result.error) {
		const failed = result.results?.find((item) => item.status === "Error")?.migrationName;
		throw new Error(`Database migration ${failed ?? ""} failed: ${String(result.error)}`);
	}
	return (result.results ?? []).filter((item) => item.status === "Success").map((item) => item.migrationName);
}
