/**
 * Indexes and search triggers come back on start-up: after a bulk load killed
 * between dropping them and building them again (the real CLI, stopped with
 * SIGKILL at that point by HUBKIT_TEST_EXIT_AT), and after someone dropped them
 * by hand. Rows written while the triggers were missing reach search too.
 */
import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseEngine } from "../src/db/engine.js";
import { expectedIndexes, withDeferredTable } from "../src/db/index-check.js";
import { openDatabase } from "../src/db/open.js";
import type { Database } from "../src/db/schema.js";
import { idContains } from "../src/db/search-index.js";
import { silentLogger } from "../src/logger.js";
import { loadSeed } from "../src/seed/load.js";
import { openHub, startHub } from "../src/server.js";
import { linesLogger, runCli, spawnCli } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { seedModel } from "./support/seed-records.js";

/** Every index and trigger a migration or a person made (not those behind primary keys), name → definition. */
async function schemaObjects(db: Kysely<Database>, engine: DatabaseEngine): Promise<Map<string, string>> {
	const rows =
		engine === "sqlite"
			? await sql<{ name: string; definition: string }>`
				SELECT name, sql AS definition FROM sqlite_master
				WHERE type IN ('index', 'trigger') AND sql IS NOT NULL`.execute(db)
			: await sql<{ name: string; definition: string }>`
				SELECT indexname AS name, indexdef AS definition FROM pg_indexes
				WHERE schemaname = current_schema()
					AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = pg_indexes.indexname)`.execute(db);
	return new Map(rows.rows.map((row) => [row.name, row.definition]));
}

async function searchIds(db: Kysely<Database>, engine: DatabaseEngine, text: string): Promise<string[]> {
	const rows = await db
		.selectFrom("models")
		.select("id")
		.where((eb) => idContains(engine, eb, text))
		.execute();
	return rows.map((row) => row.id);
}

describe.each(ENGINES)("index check on %s", (engine) => {
	let testDb: TestDatabase | undefined;
	afterEach(async () => {
		await testDb?.cleanup();
		testDb = undefined;
	});

	it("finds nothing missing on a new database, and builds what was dropped by hand as the migrations made it", async () => {
		testDb = await startTestDatabase(engine);
		const firstLog = linesLogger();
		const first = await openHub(testDb.config, firstLog);
		const made = await schemaObjects(first.deps.db, engine);
		expect(firstLog.lines.filter((line) => line.includes("Rebuilt"))).toEqual([]);
		// The expected set is the migrations' set: an index a migration adds must be listed in index-check.ts.
		expect([...made.keys()].sort()).toEqual(
			(await expectedIndexes(first.deps.db, engine)).map((item) => item.name).sort(),
		);

		for (const [name] of made) {
			const kind = engine === "sqlite" && name.startsWith("models_search_") ? "TRIGGER" : "INDEX";
			await sql`DROP ${sql.raw(kind)} ${sql.id(name)}`.execute(first.deps.db);
		}
		// Written while the search triggers are missing: only a refill can make it findable.
		await loadSeed({ db: first.deps.db, blobStore: first.deps.blobStore }, [seedModel("acme/zebra-crossing")]);
		await first.close();

		const log = linesLogger();
		const second = await openHub(testDb.config, log);
		try {
			expect(await schemaObjects(second.deps.db, engine)).toEqual(made);
			const rebuilt = log.lines.find((line) => line.startsWith("Rebuilt missing indexes and triggers: "));
			expect(rebuilt?.split(": ")[1]?.split(", ").sort()).toEqual([...made.keys()].sort());
			expect(await searchIds(second.deps.db, engine, "zebra")).toEqual(["acme/zebra-crossing"]);
		} finally {
			await second.close();
		}
	});

	it("builds again the indexes a bulk load dropped when the process was killed in that window", async () => {
		testDb = await startTestDatabase(engine);
		const config = testDb.config;
		const reference = await openHub(config, silentLogger);
		const made = await schemaObjects(reference.deps.db, engine);
		await reference.close();

		const killed = await runCli(["seed", "--synthetic", "2000", "--data", config.dataDir], {
			...testDb.cliEnv,
			HUBKIT_TEST_EXIT_AT: "after-index-drop",
		});
		expect(killed.signal).toBe("SIGKILL");
		// The window the test means: indexes gone, and the record of them committed with the drop.
		const raw = openDatabase(config);
		try {
			const present = [...(await schemaObjects(raw.db, engine)).keys()];
			const rows = await withDeferredTable(raw.db).selectFrom("deferred_indexes").select("name").execute();
			const recorded = rows.map((row) => row.name);
			// The catalogue tables' indexes (search among them) are gone and recorded; other tables keep theirs.
			expect(recorded).toContain(engine === "sqlite" ? "models_search_insert" : "models_id_trgm");
			expect(recorded).toContain("models_by_downloads");
			expect(present.filter((name) => recorded.includes(name))).toEqual([]);
			expect([...present, ...recorded].sort()).toEqual([...made.keys()].sort());
		} finally {
			await raw.close();
		}

		const log = linesLogger();
		const hub = await openHub(config, log);
		try {
			expect(log.lines.some((line) => line.startsWith("A bulk load stopped before building"))).toBe(true);
			expect(await schemaObjects(hub.deps.db, engine)).toEqual(made);
			expect(await withDeferredTable(hub.deps.db).selectFrom("deferred_indexes").selectAll().execute()).toEqual([]);
			// A model added now (row by row, the catalogue being empty is not a bulk load here) is found by search.
			await loadSeed({ db: hub.deps.db, blobStore: hub.deps.blobStore }, [seedModel("acme/zebra-after-kill")]);
			expect(await searchIds(hub.deps.db, engine, "zebra-after")).toEqual(["acme/zebra-after-kill"]);
		} finally {
			await hub.close();
		}
	});

	it("stops `seed` on SIGTERM after the batch under way, with every index built before it exits", async () => {
		testDb = await startTestDatabase(engine);
		const config = testDb.config;
		const reference = await openHub(config, silentLogger);
		const made = await schemaObjects(reference.deps.db, engine);
		await reference.close();

		const seeding = spawnCli(["seed", "--synthetic", "500000", "--data", config.dataDir], testDb.cliEnv);
		await seeding.waitFor("Seeding the 500000 synthetic models");
		seeding.child.kill("SIGTERM");
		const exit = await seeding.exited;
		expect(exit.code).toBe(143);
		expect(exit.output).toContain("Stopped early by SIGTERM; indexes are complete");

		const raw = openDatabase(config);
		try {
			expect(await schemaObjects(raw.db, engine)).toEqual(made);
			expect(await withDeferredTable(raw.db).selectFrom("deferred_indexes").selectAll().execute()).toEqual([]);
			const { count } = await raw.db
				.selectFrom("models")
				.select((eb) => eb.fn.countAll<number>().as("count"))
				.executeTakeFirstOrThrow();
			expect(Number(count)).toBeLessThan(500000);
		} finally {
			await raw.close();
		}
	});

	it("recovers a first `serve` killed while it seeds the sample catalogue, and serves search", async () => {
		testDb = await startTestDatabase(engine);
		const config = testDb.config;
		const killed = await runCli(["serve", "--port", "0", "--data", config.dataDir], {
			...testDb.cliEnv,
			HUBKIT_TEST_EXIT_AT: "after-index-drop",
		});
		expect(killed.signal).toBe("SIGKILL");

		const log = linesLogger();
		const running = await startHub({ ...config, host: "127.0.0.1", port: 0 }, log);
		try {
			expect(log.lines.some((line) => line.startsWith("Rebuilt missing indexes and triggers"))).toBe(true);
			await loadSeed(running.deps, [seedModel("acme/zebra-late-arrival")]);
			const response = await fetch(`${running.url}/api/models?search=zebra-late`);
			expect(((await response.json()) as { id: string }[]).map((item) => item.id)).toEqual(["acme/zebra-late-arrival"]);
		} finally {
			await running.close();
		}
		// It seeds the sample catalogue twice (killed, then again): on PGlite about 25 s alone, and
		// past the project's 60 s on a machine busy with other work.
	}, 180_000);
});
