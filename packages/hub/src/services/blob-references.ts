/**
 * What keeps a blob alive: the one place gc (services/gc.ts) asks. Each source answers which of a
 * batch of blob addresses it references; a blob none of them names, and written longer ago than
 * the grace period, is garbage. A new kind of object that points at blobs (chunk stores, git
 * objects, caches) joins by adding one entry to REFERENCE_SOURCES.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { blobsCommitsReach } from "./trees.js";
import { DEDUPE_ANSWER_LIFETIME_SECONDS } from "./xet-dedupe.js";
import { fileSha256sUsing, xorbsStoredAs } from "./xet-store.js";

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

/** What keeps a blob alive directly: as a file, an upload or an avatar. */
const DIRECT_SOURCES: readonly ReferenceSource[] = [
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

/**
 * A xorb (services/xet-store.ts) lives while a file made from it is referenced by a source above:
 * a commit, an upload claim within its week, an upload under way. One no shard named yet, or whose
 * files all went, lives through the grace period as any blob, and is then garbage (gc then forgets
 * its rows and the files made from it, services/gc.ts), unless a dedupe answer named it within
 * that answer's life: a client may still build a shard on it.
 */
const XET_XORBS: ReferenceSource = {
	name: "Xet xorbs of referenced files",
	async referenced(db, candidates, now) {
		const xorbs = await xorbsStoredAs(db, candidates);
		if (xorbs.length === 0) return [];
		const offeredSince = new Date(now.getTime() - DEDUPE_ANSWER_LIFETIME_SECONDS * 1000).toISOString();
		const files = await fileSha256sUsing(
			db,
			xorbs.map((xorb) => xorb.hash),
		);
		const sha256s = [...new Set([...files.values()].flat())];
		const live = new Set<string>();
		for (let start = 0; start < sha256s.length; start += 500) {
			for (const sha256 of await referencedAmong(db, sha256s.slice(start, start + 500), now, DIRECT_SOURCES)) {
				live.add(sha256);
			}
		}
		return xorbs
			.filter(
				(xorb) =>
					(xorb.offeredAt !== null && xorb.offeredAt >= offeredSince) ||
					(files.get(xorb.hash) ?? []).some((sha256) => live.has(sha256)),
			)
			.map((xorb) => xorb.blobSha256);
	},
};

export const REFERENCE_SOURCES: readonly ReferenceSource[] = [...DIRECT_SOURCES, XET_XORBS];

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
