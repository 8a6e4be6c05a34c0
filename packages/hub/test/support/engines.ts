/**
 * The two database engines the test suites run on: SQLite in a temporary data
 * directory, and PostgreSQL as PGlite (real Postgres compiled to WASM) served
 * over the wire protocol on 127.0.0.1, reached through the production path
 * (`DATABASE_URL=postgres://…` → pg Pool).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { type HubConfig, loadConfig } from "../../src/config.js";

export type EngineName = "sqlite" | "postgres";
export const ENGINES: EngineName[] = ["sqlite", "postgres"];

export interface TestDatabase {
	config: HubConfig;
	/** Stops the PostgreSQL server (if any) and removes the data directory. */
	cleanup(): Promise<void>;
}

export async function startTestDatabase(engine: EngineName): Promise<TestDatabase> {
	const dataDir = mkdtempSync(join(tmpdir(), "hubkit-test-"));
	if (engine === "sqlite") {
		return {
			config: loadConfig({ dataDir, port: 0 }, {}),
			cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
		};
	}
	const pglite = await PGlite.create({ extensions: { pg_trgm } });
	// Room for a reconnect while the previous pool's socket is still closing (restart tests).
	const server = new PGLiteSocketServer({ db: pglite, host: "127.0.0.1", port: 0, maxConnections: 4 });
	await server.start();
	const address = server.getServerConn();
	// PGlite runs one query at a time; a single pooled connection keeps transactions whole.
	const config = loadConfig(
		{ dataDir, port: 0, databaseUrl: `postgres://postgres:postgres@${address}/postgres`, databasePoolSize: 1 },
		{},
	);
	return {
		config,
		cleanup: async () => {
			await server.stop();
			await pglite.close();
			rmSync(dataDir, { recursive: true, force: true });
		},
	};
}
