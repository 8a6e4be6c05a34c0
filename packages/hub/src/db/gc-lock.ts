/**
 * The gc lock: at most one gc at a time over a database and its store, however many hubs share
 * them. Unlike the start-up lock (startup-lock.ts, same technique) nobody waits for it: a gc that
 * finds another one running has nothing left to do, and says so.
 *
 * PostgreSQL: a session-level advisory lock on a connection of its own, released by the server
 * when that session ends (also when the process dies). SQLite: an exclusive lock on a small file
 * beside the database, released by the operating system with the process.
 */
import { closeSync, openSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { HubConfig } from "../config.js";
import { SQLITE_FILE_NAME } from "./open.js";

/** Differs from the start-up lock's key and from Kysely's migrator's. */
const POSTGRES_LOCK_KEY = 7_211_845_318;
export const SQLITE_GC_LOCK_FILE_NAME = `${SQLITE_FILE_NAME}-gc.lock`;

/** Runs `work` holding the lock and answers its result, or answers `{ locked: true }` when another gc holds it. */
export async function withGcLockIfFree<T>(
	config: Pick<HubConfig, "dataDir" | "databaseUrl">,
	work: () => Promise<T>,
): Promise<{ locked: false; result: T } | { locked: true }> {
	if (config.databaseUrl) return withPostgresLockIfFree(config.databaseUrl, [POSTGRES_LOCK_KEY], work);
	return withSqliteLock(config.dataDir, work);
}

/**
 * Runs `work` holding the PostgreSQL advisory lock on `key` (one bigint, or two integers: the two
 * forms never collide), or answers `{ locked: true }` when another session holds it.
 */
export async function withPostgresLockIfFree<T>(
	url: string,
	key: [number] | [number, number],
	work: () => Promise<T>,
): Promise<{ locked: false; result: T } | { locked: true }> {
	const client = new pg.Client({ connectionString: url });
	// A dropped connection ends the lock, which the work cannot undo; it finishes as it would have.
	client.on("error", () => undefined);
	await client.connect();
	try {
		const tried = await client.query<{ locked: boolean }>(
			`SELECT pg_try_advisory_lock(${key.map((_, index) => `$${index + 1}`).join(", ")}) AS locked`,
			key,
		);
		if (!tried.rows[0]?.locked) return { locked: true as const };
		return { locked: false as const, result: await work() };
	} finally {
		// Ending the session releases the lock.
		await client.end().catch(() => undefined);
	}
}

async function withSqliteLock<T>(dataDir: string, work: () => Promise<T>) {
	const file = join(dataDir, SQLITE_GC_LOCK_FILE_NAME);
	closeSync(openSync(file, "a", 0o600));
	const lock = new SQLite(file, { timeout: 0 });
	try {
		try {
			lock.exec("BEGIN EXCLUSIVE");
		} catch (error) {
			if ((error as { code?: string }).code === "SQLITE_BUSY") return { locked: true as const };
			throw error;
		}
		return { locked: false as const, result: await work() };
	} finally {
		lock.close();
	}
}
