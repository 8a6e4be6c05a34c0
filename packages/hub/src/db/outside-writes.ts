/**
 * Noticing writes made by other connections, for caches of what the database
 * holds. SQLite counts them itself (`PRAGMA data_version` changes when another
 * connection, such as a `hubkit seed` run beside the server, commits), so a
 * cache can live long and still drop stale answers at once. PostgreSQL offers
 * no such counter to a pool of connections: there, caches bound staleness by
 * their lifetime alone.
 */
import { type Kysely, sql } from "kysely";
import type { DatabaseEngine } from "./engine.js";
import type { Database } from "./schema.js";

/** A value that changes after another connection commits; undefined where the engine cannot tell. */
export async function outsideWriteMark(db: Kysely<Database>, engine: DatabaseEngine): Promise<number | undefined> {
	if (engine !== "sqlite") return undefined;
	const result = await sql<{ data_version: number }>`PRAGMA data_version`.execute(db);
	return Number(result.rows[0]?.data_version);
}

/**
 * How long a cache of what the database holds may keep an answer: a minute where outside writes
 * are seen at once (SQLite: the mark above empties it), two seconds where only the lifetime
 * bounds how stale an answer can be (PostgreSQL, where several hubs may share the database).
 */
export function cacheLifetimeMs(engine: DatabaseEngine): number {
	return engine === "sqlite" ? 60_000 : 2_000;
}
