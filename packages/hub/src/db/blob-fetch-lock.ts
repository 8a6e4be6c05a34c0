/**
 * One fetch of a blob at a time however many hubs share a database and store: the hub that holds
 * this lock downloads the blob, the others wait for it to be stored (services/mirrored-blobs.ts).
 * PostgreSQL only, an advisory lock on a connection of its own (gc-lock.ts's technique), released
 * by the server if the hub dies. A SQLite database has one hub, whose own single flight suffices.
 */
import type { HubConfig } from "../config.js";
import { withPostgresLockIfFree } from "./gc-lock.js";

/** The first of the lock's two keys: blob fetches, apart from every other advisory lock. */
const BLOB_FETCH_LOCK_CLASS = 0x6d697272;

/** Runs `work` holding the lock for the blob, or answers `{ locked: true }` when another hub holds it. */
export async function withBlobFetchLockIfFree<T>(
	config: Pick<HubConfig, "databaseUrl">,
	sha256: string,
	work: () => Promise<T>,
): Promise<{ locked: false; result: T } | { locked: true }> {
	if (!config.databaseUrl) return { locked: false, result: await work() };
	// Two blobs sharing these 32 bits only wait for each other a while: rare, and never wrong.
	const blobKey = Number.parseInt(sha256.slice(0, 8), 16) | 0;
	return withPostgresLockIfFree(config.databaseUrl, [BLOB_FETCH_LOCK_CLASS, blobKey], work);
}
