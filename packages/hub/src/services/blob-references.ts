/**
 * What keeps a blob alive: the one place gc (services/gc.ts) asks. Each source answers which of a
 * batch of blob addresses it references; a blob none of them names, and written longer ago than
 * the grace period, is garbage. A new kind of object that points at blobs (chunk stores, git
 * objects, caches) joins by adding one entry to REFERENCE_SOURCES.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { blobsCommitsReach } from "./trees.js";

/**
 * How long an LFS object uploaded for a repository stays claimed without a commit naming it.
 * Clients commit seconds after uploading; a week leaves room for a commit retried much later.
 */
export const UNCOMMITTED_OBJECT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export interface ReferenceSource {
	/** What holds the references (for reports and tests). */
	name: string;
	/** The addresses among `candidates` this source references now. */
	referenced(db: Kysely<Database>, candidates: string[], now: Date): Promise<string[]>;
}

export const REFERENCE_SOURCES: readonly ReferenceSource[] = [
	// Files of any commit of any repository: seeded files, imports, mirrors and committed uploads.
	{ name: "commit files", referenced: (db, candidates) => blobsCommitsReach(db, candidates) },
	{
		// Uploaded for a repository and not committed yet (services/lfs-objects.ts), for a while.
		name: "LFS objects claimed by repositories",
		async referenced(db, candidates, now) {
			const since = new Date(now.getTime() - UNCOMMITTED_OBJECT_RETENTION_MS).toISOString();
			const rows = await db
				.selectFrom("lfs_objects")
				.select("oid")
				.distinct()
				.where("oid", "in", candidates)
				.where("created_at", ">=", since)
				.execute();
			return rows.map((row) => row.oid);
		},
	},
	{
		// Xorbs Xet uploads sent (services/xet-cas.ts): kept for the Xet read path and dedupe to come.
		name: "Xet xorbs",
		async referenced(db, candidates) {
			const rows = await db
				.selectFrom("xet_xorbs")
				.select("blob_sha256")
				.distinct()
				.where("blob_sha256", "in", candidates)
				.execute();
			return rows.map((row) => row.blob_sha256);
		},
	},
	{
		// An upload URL handed out and not expired: its bytes may be arriving, or just arrived.
		name: "LFS uploads under way",
		async referenced(db, candidates, now) {
			const rows = await db
				.selectFrom("lfs_uploads")
				.select("oid")
				.distinct()
				.where("oid", "in", candidates)
				.where("expires_at", ">=", now.toISOString())
				.execute();
			return rows.map((row) => row.oid);
		},
	},
	{
		name: "avatars",
		async referenced(db, candidates) {
			const rows = await db
				.selectFrom("users")
				.select("avatar_sha256")
				.where("avatar_sha256", "in", candidates)
				.execute();
			return rows.flatMap((row) => (row.avatar_sha256 ? [row.avatar_sha256] : []));
		},
	},
];

/** The addresses among `candidates` that any source references. */
export async function referencedAmong(
	db: Kysely<Database>,
	candidates: string[],
	now = new Date(),
	sources: readonly ReferenceSource[] = REFERENCE_SOURCES,
): Promise<Set<string>> {
	const referenced = new Set<string>();
	if (candidates.length === 0) return referenced;
	for (const source of sources) {
		const pending = candidates.filter((sha256) => !referenced.has(sha256));
		if (pending.length === 0) break;
		for (const sha256 of await source.referenced(db, pending, now)) referenced.add(sha256);
	}
	return referenced;
}
