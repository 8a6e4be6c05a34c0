/**
 * The two database engines the test suites run on: SQLite in a temporary data
 * directory, and PostgreSQL — a real server (postgres-server.ts, started once
 * per run by postgres-global-setup.ts) on which each test database is a fresh
 * `CREATE DATABASE`, reached through the production path (`DATABASE_URL=postgres://…`
 * → pg Pool of the default size). `HUBKIT_TEST_PG=pglite` swaps the server for
 * PGlite (Postgres compiled to WASM) served over the wire protocol, for quick local runs.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import pg from "pg";
import { inject } from "vitest";
import { type HubConfig, loadConfig } from "../../src/config.js";
import { testPostgresKind } from "./postgres-kind.js";

export type EngineName = "sqlite" | "postgres";
/**
 * The unit tier (`npm run test:unit`) runs the matrix on SQLite alone; a test that names PostgreSQL
 * itself gets PGlite there (scripts/run-tests.mjs sets HUBKIT_TEST_PG).
 */
export const ENGINES: EngineName[] = process.env.HUBKIT_TEST_TIER === "unit" ? ["sqlite"] : ["sqlite", "postgres"];

export interface TestDatabase {
	config: HubConfig;
	/** What a `hubkit` child process needs in its environment to use this database (empty on SQLite). */
	cliEnv: Record<string, string>;
	/** Drops the PostgreSQL database (or stops PGlite) and removes the data directory. */
	cleanup(): Promise<void>;
}

/** Suites sign many people up from 127.0.0.1; the tests of the sign-up limit set their own. */
const TEST_LIMITS = { signUpsPerHour: 0 } as const;

export async function startTestDatabase(engine: EngineName): Promise<TestDatabase> {
	const dataDir = mkdtempSync(join(tmpdir(), "hubkit-test-"));
	const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
	if (engine === "sqlite") {
		return {
			config: loadConfig({ dataDir, port: 0, ...TEST_LIMITS }, {}),
			cliEnv: {},
			cleanup: async () => removeDataDir(),
		};
	}
	if (testPostgresKind() === "pglite") return startPglite(dataDir, removeDataDir);

	const adminUrl = inject("postgresAdminUrl");
	if (!adminUrl) {
		throw new Error("No PostgreSQL test server: run the hub tests through its Vitest project (`--project hub`)");
	}
	const name = `hubkit_test_${randomBytes(6).toString("hex")}`;
	await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
	const databaseUrl = new URL(adminUrl);
	databaseUrl.pathname = `/${name}`;
	return {
		config: loadConfig({ dataDir, port: 0, databaseUrl: databaseUrl.href, ...TEST_LIMITS }, {}),
		cliEnv: { DATABASE_URL: databaseUrl.href },
		cleanup: async () => {
			// FORCE: a hub a failed test left open still holds connections; they are ended.
			await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			removeDataDir();
		},
	};
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
	const client = new pg.Client({ connectionString: adminUrl });
	await client.connect();
	try {
		await client.query(text);
	} finally {
		await client.end();
	}
}

async function startPglite(dataDir: string, removeDataDir: () => void): Promise<TestDatabase> {
	const pglite = await PGlite.create({ extensions: { pg_trgm } });
	// Room for a reconnect while the previous pool's socket is still closing (restart tests).
	const server = new PGLiteSocketServer({ db: pglite, host: "127.0.0.1", port: 0, maxConnections: 4 });
	await server.start();
	const address = server.getServerConn();
	// PGlite runs one query at a time; a single pooled connection keeps transactions whole.
	const config = loadConfig(
		{
			dataDir,
			port: 0,
			databaseUrl: `postgres://postgres:postgres@${address}/postgres`,
			databasePoolSize: 1,
			...TEST_LIMITS,
		},
		{},
	);
	return {
		config,
		cliEnv: { DATABASE_URL: config.databaseUrl ?? "", HUBKIT_DATABASE_POOL_SIZE: "1" },
		cleanup: async () => {
			await server.stop();
			await pglite.close();
			removeDataDir();
		},
	};
}
