/**
 * The start-up lock: one hub at a time migrates, checks indexes and seeds a
 * database that several hubs share. Without it two hubs starting on a fresh
 * database both find it empty and both seed it, and a hub that starts while
 * another one's first-start bulk load has the indexes dropped takes that load
 * for a killed one and rebuilds them under it. Those that find the lock taken
 * wait, then find the work done.
 *
 * PostgreSQL: a session-level advisory lock on a connection of its own (not
 * the pool's, which the work itself needs; a pool of one would deadlock). The
 * server releases it when that session ends, also when the process dies.
 * SQLite: an exclusive lock on a small file beside the database, held by a
 * connection of its own; the operating system releases it with the process.
 * It is polled, never waited for in SQLite's busy handler, because that
 * blocks the thread and a second hub in the same process could never let go.
 */
import { closeSync, openSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { HubConfig } from "../config.js";
import type { Logger } from "../logger.js";
import { SQLITE_FILE_NAME } from "./open.js";

/** Any fixed number: it only has to differ from other advisory locks taken on the database (Kysely's migrator has its own). */
const POSTGRES_LOCK_KEY = 7_211_845_317;
const SQLITE_POLL_MS = 100;
export const SQLITE_LOCK_FILE_NAME = `${SQLITE_FILE_NAME}-startup.lock`;

const WAITING = "Another hub is starting on this database (migrating, checking indexes or seeding): waiting for it";

export async function withStartupLock<T>(
	config: Pick<HubConfig, "dataDir" | "databaseUrl">,
	logger: Pick<Logger, "info">,
	work: () => Promise<T>,
): Promise<T> {
	if (config.databaseUrl) return withPostgresLock(config.databaseUrl, logger, work);
	return withSqliteLock(config.dataDir, logger, work);
}

async function withPostgresLock<T>(url: string, logger: Pick<Logger, "info">, work: () => Promise<T>): Promise<T> {
	const client = new pg.Client({ connectionString: url });
	// A dropped connection is reported here (and would end the process without a listener);
	// the lock is gone with it, which the work cannot undo, so it finishes as it would have.
	client.on("error", () => undefined);
	await client.connect();
	try {
		const tried = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
			POSTGRES_LOCK_KEY,
		]);
		if (!tried.rows[0]?.locked) {
			logger.info(WAITING);
			await client.query("SELECT pg_advisory_lock($1)", [POSTGRES_LOCK_KEY]);
		}
		return await work();
	} finally {
		// Ending the session releases the lock.
		await client.end().catch(() => undefined);
	}
}

async function withSqliteLock<T>(dataDir: string, logger: Pick<Logger, "info">, work: () => Promise<T>): Promise<T> {
	const file = join(dataDir, SQLITE_LOCK_FILE_NAME);
	closeSync(openSync(file, "a", 0o600));
	// timeout 0: a busy lock is reported at once, and waited for here without blocking the thread.
	const lock = new SQLite(file, { timeout: 0 });
	try {
		let told = false;
		for (;;) {
			try {
				lock.exec("BEGIN EXCLUSIVE");
				break;
			} catch (error) {
				if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
				if (!told) logger.info(WAITING);
				told = true;
				await sleep(SQLITE_POLL_MS);
			}
		}
		return await work();
	} finally {
		// Closing the connection rolls the empty transaction back and releases the file lock.
		lock.close();
	}
}
