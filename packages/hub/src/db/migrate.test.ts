import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { ENGINES, startTestDatabase, type TestDatabase } from "../../test/support/engines.js";
import { migrateToLatest } from "./migrate.js";
import { allMigrations } from "./migrations/index.js";
import { openDatabase } from "./open.js";

describe.each(ENGINES)("migrations on %s", (engine) => {
	let testDb: TestDatabase | undefined;
	afterEach(async () => {
		await testDb?.cleanup();
	});

	it("creates every table once and is a no-op the second time", async () => {
		testDb = await startTestDatabase(engine);
		const first = openDatabase(testDb.config);
		expect(first.engine).toBe(engine);
		expect(await migrateToLatest(first.db, first.engine)).toEqual(Object.keys(allMigrations(engine)));
		await first.db
			.insertInto("blobs")
			.values({ sha256: "a".repeat(64), size: 5_000_000_000 })
			.execute();
		await first.close();

		const second = openDatabase(testDb.config);
		expect(await migrateToLatest(second.db, second.engine)).toEqual([]);
		const blob = await second.db.selectFrom("blobs").selectAll().executeTakeFirstOrThrow();
		// Sizes above 2^31 come back as numbers on both engines.
		expect(blob.size).toBe(5_000_000_000);
		const tables = ["models", "model_tags", "provider_mappings", "commits", "refs", "trees", "tree_entries", "users"];
		for (const table of [...tables, "access_tokens"]) {
			const result = await sql<{ count: number }>`SELECT count(*) AS count FROM ${sql.table(table)}`.execute(second.db);
			expect(Number(result.rows[0]?.count)).toBeGreaterThanOrEqual(0);
		}
		await second.close();
	});
});
