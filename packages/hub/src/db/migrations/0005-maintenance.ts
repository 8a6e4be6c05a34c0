/**
 * Version 5: `deferred_indexes`, the indexes and triggers a bulk load has dropped
 * and not built again yet. They are written in the same transaction as the drop,
 * so a start after a crash finds exactly what to build again (db/index-check.ts).
 */
import type { Kysely, Migration } from "kysely";

export const maintenanceMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema
			.createTable("deferred_indexes")
			.addColumn("name", "text", (column) => column.primaryKey())
			.addColumn("kind", "text", (column) => column.notNull())
			.addColumn("definition", "text", (column) => column.notNull())
			.execute();
	},
};
