/**
 * Several hubs starting at once on one database: one migrates and seeds, the
 * others wait for it (the start-up lock, db/startup-lock.ts, and on PostgreSQL
 * also Kysely's advisory lock around the migrations), and none listens before
 * the schema is complete. PostgreSQL with three hubs in this process (each its
 * own pool and sessions); SQLite with two `hubkit serve` processes on one file.
 */
import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../src/db/migrate.js";
import { allMigrations } from "../src/db/migrations/index.js";
import { openDatabase } from "../src/db/open.js";
import { withStartupLock } from "../src/db/startup-lock.js";
import { sampleCatalogue } from "../src/seed/catalogue/index.js";
import { type RunningHub, startHub } from "../src/server.js";
import { type CliProcess, linesLogger, spawnCli } from "./support/cli.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { testPostgresKind } from "./support/postgres-kind.js";

const WAITING = "Another hub is starting on this database";
const MIGRATED = "Database migrated: ";
const SEEDED = "Seeded the sample catalogue";

/** Takes the start-up lock as a hub would and holds it; the function returned lets go. */
async function holdStartupLock(config: TestDatabase["config"]): Promise<() => Promise<void>> {
	let release: () => void = () => undefined;
	const released = new Promise<void>((resolve) => {
		release = resolve;
	});
	let markHeld: () => void = () => undefined;
	const held = new Promise<void>((resolve) => {
		markHeld = resolve;
	});
	const finished = withStartupLock(config, linesLogger(), async () => {
		markHeld();
		await released;
	});
	await held;
	return async () => {
		release();
		await finished;
	};
}

async function schemaState(config: TestDatabase["config"]): Promise<{ migrations: string[]; models: number }> {
	const database = openDatabase(config);
	try {
		const migrations = await sql<{ name: string }>`SELECT name FROM hubkit_migrations ORDER BY name`.execute(
			database.db,
		);
		const models = await sql<{ count: number }>`SELECT count(*) AS count FROM models`.execute(database.db);
		return { migrations: migrations.rows.map((row) => row.name), models: Number(models.rows[0]?.count) };
	} finally {
		await database.close();
	}
}

const sampleSize = sampleCatalogue().length;

describe("three hubs starting at once on one PostgreSQL database", () => {
	let testDb: TestDatabase | undefined;
	const hubs: RunningHub[] = [];
	beforeAll(() => {
		// PGlite is one session behind its socket: every connection shares its locks, so hubs cannot exclude each other.
		if (testPostgresKind() === "pglite") {
			throw new Error("Several hubs on one database need a real PostgreSQL server: unset HUBKIT_TEST_PG=pglite");
		}
	});
	afterEach(async () => {
		await Promise.all(hubs.splice(0).map((hub) => hub.close()));
		await testDb?.cleanup();
		testDb = undefined;
	});

	it("all come up; the migrations and the sample catalogue are applied exactly once", async () => {
		testDb = await startTestDatabase("postgres");
		const config = { ...testDb.config, host: "127.0.0.1", port: 0 };
		const logs = [linesLogger(), linesLogger(), linesLogger()];
		hubs.push(...(await Promise.all(logs.map((log) => startHub(config, log)))));

		const migratedBy = logs.filter((log) => log.lines.some((line) => line.startsWith(MIGRATED)));
		expect(migratedBy).toHaveLength(1);
		const names = Object.keys(allMigrations("postgres")).sort();
		expect(
			migratedBy[0]?.lines
				.find((line) => line.startsWith(MIGRATED))
				?.slice(MIGRATED.length)
				.split(", "),
		).toEqual(names);
		expect(logs.filter((log) => log.lines.some((line) => line.startsWith(SEEDED)))).toHaveLength(1);
		expect(await schemaState(testDb.config)).toEqual({ migrations: names, models: sampleSize });
		// Each serves the whole catalogue.
		for (const hub of hubs) {
			const listed = (await (await fetch(`${hub.url}/api/models?limit=1000`)).json()) as unknown[];
			expect(listed.length).toBeGreaterThan(0);
		}
	});

	it("waits while another holds the start-up lock, listening only once the schema is complete", async () => {
		testDb = await startTestDatabase("postgres");
		const config = { ...testDb.config, host: "127.0.0.1", port: 0 };
		const release = await holdStartupLock(testDb.config);
		const logs = [linesLogger(), linesLogger(), linesLogger()];
		const listening: string[] = [];
		const starting = logs.map((log) =>
			startHub(config, log).then((hub) => {
				hubs.push(hub);
				listening.push(hub.url);
				return hub;
			}),
		);
		await Promise.all(logs.map((log) => waitForLine(log.lines, WAITING)));
		// All three are blocked before their migrations: nothing applied, nobody listening.
		const database = openDatabase(testDb.config);
		const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
		await database.close();
		expect(tables.map((table) => table.name)).toEqual([]);
		expect(listening).toEqual([]);

		await release();
		await Promise.all(starting);
		expect(await schemaState(testDb.config)).toEqual({
			migrations: Object.keys(allMigrations("postgres")).sort(),
			models: sampleSize,
		});
	});

	it("lets one of several migrators on separate connections apply the migrations; the others find nothing to do", async () => {
		testDb = await startTestDatabase("postgres");
		const { config } = testDb;
		const databases = [0, 1, 2].map(() => openDatabase(config));
		try {
			const applied = await Promise.all(databases.map((database) => migrateToLatest(database.db, "postgres")));
			const names = Object.keys(allMigrations("postgres")).sort();
			expect(applied.map((list) => list.length).sort()).toEqual([0, 0, names.length]);
		} finally {
			await Promise.all(databases.map((database) => database.close()));
		}
		expect((await schemaState(testDb.config)).migrations).toEqual(Object.keys(allMigrations("postgres")).sort());
	});
});

describe("two `hubkit serve` processes starting at once on one SQLite file", () => {
	let testDb: TestDatabase | undefined;
	const children: CliProcess[] = [];
	afterEach(async () => {
		for (const child of children.splice(0)) if (child.child.exitCode === null) child.child.kill("SIGKILL");
		await testDb?.cleanup();
		testDb = undefined;
	});

	it("one migrates and seeds while the other waits; both serve and the file is intact", async () => {
		testDb = await startTestDatabase("sqlite");
		const { config, cliEnv } = testDb;
		const release = await holdStartupLock(testDb.config);
		const serving = [0, 1].map(() => spawnCli(["serve", "--port", "0", "--data", config.dataDir], cliEnv));
		children.push(...serving);
		await Promise.all(serving.map((child) => child.waitFor(WAITING)));
		await release();
		await Promise.all(serving.map((child) => child.waitFor("listening on http://")));

		const outputs = serving.map((child) => child.output());
		expect(outputs.filter((output) => output.includes(MIGRATED))).toHaveLength(1);
		expect(outputs.filter((output) => output.includes(SEEDED))).toHaveLength(1);
		for (const output of outputs) {
			const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
			const listed = (await (await fetch(`${url}/api/models?limit=1000`)).json()) as unknown[];
			expect(listed.length).toBeGreaterThan(0);
		}
		const database = openDatabase(testDb.config);
		try {
			const check = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(database.db);
			expect(check.rows).toEqual([{ integrity_check: "ok" }]);
		} finally {
			await database.close();
		}
		expect(await schemaState(testDb.config)).toEqual({
			migrations: Object.keys(allMigrations("sqlite")).sort(),
			models: sampleSize,
		});
	});
});

async function waitForLine(lines: string[], start: string): Promise<void> {
	while (!lines.some((line) => line.startsWith(start))) await new Promise((resolve) => setTimeout(resolve, 20));
}
