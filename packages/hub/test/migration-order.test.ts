/**
 * A database migrated before a lower-numbered migration landed (0003 applied,
 * 0002 not yet written) takes the late one on its next start instead of
 * refusing to open, on both engines.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "../src/db/migrate.js";
import { openDatabase } from "../src/db/open.js";
import { ENGINES, startTestDatabase } from "./support/engines.js";

describe.each(ENGINES)("a migration that lands late on %s", (engine) => {
	it("is applied on the next start", async () => {
		const testDb = await startTestDatabase(engine);
		const database = openDatabase(testDb.config);
		try {
			await migrateToLatest(database.db, database.engine);
			// As if this database had been migrated before 0002 existed.
			await database.db.schema.dropTable("router_follow_ups").execute();
			await sql`DELETE FROM hubkit_migrations WHERE name = '0002-router-follow-ups'`.execute(database.db);

			expect(await migrateToLatest(database.db, database.engine)).toEqual(["0002-router-follow-ups"]);
			const rows = await database.db.selectFrom("router_follow_ups").selectAll().execute();
			expect(rows).toEqual([]);
		} finally {
			await database.close();
			await testDb.cleanup();
		}
	});
});
