/**
 * Version 6: `hub_settings`, small facts the hub keeps about its own data
 * directory between starts — today the fingerprint of the sample catalogue and
 * local engines it last checked the catalogue's mappings against (seed/refresh.ts).
 */
import type { Kysely, Migration } from "kysely";

export const hubSettingsMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema
			.createTable("hub_settings")
			.addColumn("key", "text", (column) => column.primaryKey())
			.addColumn("value", "text", (column) => column.notNull())
			.execute();
	},
};
