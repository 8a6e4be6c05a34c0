/**
 * One fetch of a blob at a time however many hubs share a database and store: the hub that holds
 * this lock downloads the blob, the others wait for it to be stored (services/mirrored-blobs.ts).
 * PostgreSQL only, an advisory lock on a connection of its own (gc-lock.ts's technique), released
 * by the server if the hub dies. A SQLite database has one hub, whose own single flight suffices.
 *
 * A waiting hub also holds the blob's "wanted" lock, shared, for as long as it waits: the
 * downloading hub passes its download on through the store (services/mirror-relay.ts) only while
 * some hub holds it, so a download nobody else waits for is written to the store once.
 */
import pg from "pg";
import type { HubConfig } from "../config.js";
import { withPostgresLockIfFree } from "./gc-lock.js";

/** The first of the locks' two keys: blob fetches, and hubs wanting one, apart from every other advisory lock. */
const BLOB_FETCH_LOCK_CLASS = 0x6d697272;
const BLOB_WANTED_LOCK_CLASS = 0x77616e74;

/** Two blobs sharing these 32 bits only wait for (or relay to) each other: rare, and never wrong. */
function blobKey(sha256: string): number {
	return Number.parseInt(sha256.slice(0, 8), 16) | 0;
}

/** Runs `work` holding the lock for the blob, or answers `{ locked: true }` when another hub holds it. */
export async function withBlobFetchLockIfFree<T>(
	config: Pick<HubConfig, "databaseUrl">,
	sha256: string,
	work: () => Promise<T>,
): Promise<{ locked: false; result: T } | { locked: true }> {
	if (!config.databaseUrl) return { locked: false, result: await work() };
	return withPostgresLockIfFree(config.databaseUrl, [BLOB_FETCH_LOCK_CLASS, blobKey(sha256)], work);
}

/** A hub's claim that it waits for a blob another hub fetches; `release` once it stops waiting. */
export interface BlobWant {
	release(): Promise<void>;
}

/** Takes the blob's wanted lock, shared with every other hub waiting for it. */
export async function wantBlob(url: string, sha256: string): Promise<BlobWant> {
	const client = new pg.Client({ connectionString: url });
	client.on("error", () => undefined);
	await client.connect();
	try {
		await client.query("SELECT pg_advisory_lock_shared($1, $2)", [BLOB_WANTED_LOCK_CLASS, blobKey(sha256)]);
	} catch (error) {
		await client.end().catch(() => undefined);
		throw error;
	}
	// Ending the session releases the lock.
	return { release: () => client.end().catch(() => undefined) };
}

/**
 * Asks, as often as the downloading hub likes, whether any hub wants the blob: one connection for
 * the download, opened on the first question. A question that fails answers yes (relaying costs
 * the store some writes; not relaying would keep the other hubs' clients waiting).
 */
export class BlobWantedProbe {
	#client: Promise<pg.Client> | undefined;

	constructor(
		readonly url: string,
		readonly sha256: string,
	) {}

	async wanted(): Promise<boolean> {
		try {
			this.#client ??= this.#connect();
			const client = await this.#client;
			// Free to take exclusively when no hub holds it shared; taken, it is let go at once.
			const answer = await client.query<{ wanted: boolean }>(
				"SELECT CASE WHEN pg_try_advisory_lock($1, $2) THEN NOT pg_advisory_unlock($1, $2) ELSE true END AS wanted",
				[BLOB_WANTED_LOCK_CLASS, blobKey(this.sha256)],
			);
			return answer.rows[0]?.wanted !== false;
		} catch {
			return true;
		}
	}

	async close(): Promise<void> {
		const client = await this.#client?.catch(() => undefined);
		await client?.end().catch(() => undefined);
	}

	async #connect(): Promise<pg.Client> {
		const client = new pg.Client({ connectionString: this.url });
		client.on("error", () => undefined);
		await client.connect();
		return client;
	}
}
