/**
 * Opens the database the config names: SQLite in the data directory by
 * default, PostgreSQL when DATABASE_URL is a postgres:// URL. Everything above
 * this file sees one Kysely<Database> and never a driver.
 */
import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import pg from "pg";
import type { HubConfig } from "../config.js";
import type { DatabaseEngine } from "./engine.js";
import type { Database } from "./schema.js";

export interface HubDatabase {
	db: Kysely<Database>;
	engine: DatabaseEngine;
	close(): Promise<void>;
}

export const SQLITE_FILE_NAME = "hub.sqlite";

const PG_INT8 = 20;

export function openDatabase(config: Pick<HubConfig, "dataDir" | "databaseUrl" | "databasePoolSize">): HubDatabase {
	if (config.databaseUrl) {
		const pool = new pg.Pool({
			connectionString: config.databaseUrl,
			max: config.databasePoolSize,
			// bigint columns (file sizes) fit in a double; hand them back as numbers like SQLite does.
			types: {
				getTypeParser: ((oid: number, format?: "text" | "binary") =>
					oid === PG_INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as never,
			},
		});
		// An idle connection the server dropped (a restart, a failover) is reported here; without a
		// listener that would end the process. The pool discards it and connects again on the next query.
		pool.on("error", () => undefined);
		const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
		return { db, engine: "postgres", close: () => db.destroy() };
	}
	mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
	const file = join(config.dataDir, SQLITE_FILE_NAME);
	// Made 0600 before SQLite opens it: SQLite gives its -wal and -shm files the database file's mode.
	closeSync(openSync(file, "a", 0o600));
	const sqlite = new SQLite(file);
	sqlite.pragma("busy_timeout = 5000");
	switchToWal(sqlite);
	sqlite.pragma("synchronous = NORMAL");
	// The default 2 MB page cache thrashes once the indexes of a large catalogue outgrow it.
	sqlite.pragma("cache_size = -65536");
	const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
	return { db, engine: "sqlite", close: () => db.destroy() };
}

const WAL_SWITCH_PATIENCE_MS = 5000;

/**
 * `journal_mode = WAL`, tried again while another process holds the file: two hubs opening a new
 * database at once can get SQLITE_BUSY from the switch at once, without SQLite's busy handler
 * waiting. Only at start, so a short blocking pause between tries is harmless.
 */
function switchToWal(sqlite: SQLite.Database): void {
	const deadline = Date.now() + WAL_SWITCH_PATIENCE_MS;
	const pause = new Int32Array(new SharedArrayBuffer(4));
	for (;;) {
		try {
			sqlite.pragma("journal_mode = WAL");
			return;
		} catch (error) {
			if ((error as { code?: unknown }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
			Atomics.wait(pause, 0, 0, 25);
		}
	}
}

const STATEMENT_CACHE_SIZE = 500;
/** Longer statements (multi-row inserts, long IN lists) are rarely repeated and large once prepared. */
const CACHED_STATEMENT_MAX_LENGTH = 2048;

/**
 * Kysely prepares every query it runs; preparing costs more than running the
 * small look-ups the API makes, so prepared statements are kept by SQL text.
 * Safe because better-sqlite3 runs each statement to completion synchronously.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
	const statements = new Map<string, SQLite.Statement>();
	return {
		close: () => sqlite.close(),
		prepare(sql: string) {
			if (sql.length > CACHED_STATEMENT_MAX_LENGTH) return sqlite.prepare(sql);
			let statement = statements.get(sql);
			if (!statement) {
				if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
				statement = sqlite.prepare(sql);
				statements.set(sql, statement);
			}
			return statement;
		},
	};
}
