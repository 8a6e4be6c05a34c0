/**
 * The caching mirror's size limit (`HUBKIT_MIRROR_MAX_BYTES`): the bytes of mirrors' LFS files are
 * a cache of the upstream's. Each one a mirror fetched (services/mirrored-blobs.ts), copied
 * (`hubkit mirror`) or served is recorded in `mirror_blob_uses` with its size and last use; past
 * the limit the least recently used are deleted from the store. Their `blobs` rows and tree entries
 * stay, so an evicted file is listed as before and is "not fetched" again: the next download
 * fetches it from the upstream (`hubkit check` counts it as not fetched, not missing).
 *
 * Never evicted: a blob anything outside the mirrors keeps (a local repository's commit, an upload
 * claimed or under way, an avatar: services/blob-references.ts), whoever else holds it; and the
 * blobs a trim is told to keep (the one just fetched, being served). A trim runs after each fetch
 * from the upstream, so only a hub that can fetch evicted bytes again evicts. One trim at a time in
 * a process; hubs sharing a store may trim together: a row is deleted only while its last use is
 * the one the trim read (a blob used meanwhile stays), and deleting absent bytes does nothing.
 */
import type { HubDeps } from "../deps.js";
import { isLfsFile } from "../storage/lfs.js";
import { REFERENCE_SOURCES, referencedAmong } from "./blob-references.js";
import type { MirroredFile } from "./mirror.js";
import { blobsCommitsReach } from "./trees.js";

type CacheDeps = Pick<HubDeps, "db" | "blobStore" | "logger" | "config">;

/** A blob downloaded over and over is written again at most this often (while no other is used between). */
const RECORD_AGAIN_MS = 60_000;
/** Least recently used blobs looked at together. */
const PAGE = 100;

/** Per database: the blob whose use was written last in this process, and when. */
const lastRecorded = new WeakMap<object, { sha256: string; at: number }>();

/**
 * Records a use of a mirror's LFS blob (its bytes are in the store now). Repeated downloads of the
 * blob used last write at most once a minute, since they change no order; errors are logged, never
 * thrown: a download does not fail for its bookkeeping.
 */
export async function recordMirroredBlobUse(deps: CacheDeps, sha256: string, size: number): Promise<void> {
	const now = Date.now();
	const last = lastRecorded.get(deps.db);
	if (last?.sha256 === sha256 && now - last.at < RECORD_AGAIN_MS) return;
	lastRecorded.set(deps.db, { sha256, at: now });
	const at = new Date(now).toISOString();
	try {
		await deps.db
			.insertInto("mirror_blob_uses")
			.values({ sha256, size, last_used_at: at })
			.onConflict((conflict) => conflict.column("sha256").doUpdateSet({ size, last_used_at: at }))
			.execute();
	} catch (error) {
		lastRecorded.delete(deps.db);
		deps.logger.error(`Could not record a use of the mirrored blob ${sha256}`, error);
	}
}

/** After a fetch from the upstream: records the blob, then trims the cache without holding the caller up. */
export async function recordFetchedMirrorBlob(deps: CacheDeps, sha256: string, size: number): Promise<void> {
	await recordMirroredBlobUse(deps, sha256, size);
	trimMirrorCache(deps, [sha256]).catch((error) => deps.logger.error("Could not trim the mirror cache", error));
}

/** `hubkit mirror`'s copied files: its LFS files' bytes join the cache, so they can be evicted like fetched ones. */
export async function recordMirroredFiles(deps: CacheDeps, files: readonly MirroredFile[]): Promise<void> {
	for (const file of files) {
		if (file.fetched !== "later" && isLfsFile(file.path, file.blob.size)) {
			await recordMirroredBlobUse(deps, file.blob.sha256, file.blob.size);
		}
	}
}

export interface MirrorCacheUse {
	/** Bytes of mirrored LFS files recorded as held here. */
	bytes: number;
	files: number;
	/** `HUBKIT_MIRROR_MAX_BYTES`; null: no limit. */
	limit: number | null;
}

export async function mirrorCacheUse(deps: Pick<HubDeps, "db" | "config">): Promise<MirrorCacheUse> {
	const row = await deps.db
		.selectFrom("mirror_blob_uses")
		.select(({ fn }) => [
			fn.sum<number | string | null>("size").as("bytes"),
			fn.countAll<number | string>().as("files"),
		])
		.executeTakeFirst();
	return { bytes: Number(row?.bytes ?? 0), files: Number(row?.files ?? 0), limit: deps.config.mirrorMaxBytes ?? null };
}

export interface TrimReport {
	evicted: { sha256: string; size: number }[];
	/** Bytes recorded as held once the trim ended. */
	held: number;
}

/** Per database: the trim running in this process and the one waiting for it to end. */
interface TrimState {
	running?: { done: Promise<TrimReport>; keep: Set<string> };
	next?: { done: Promise<TrimReport>; keep: Set<string> };
}
const trims = new WeakMap<object, TrimState>();

/**
 * Evicts least recently used blobs until the recorded bytes are within the limit, never those in
 * `keep`. A call while a trim runs waits for it and runs once more after it (calls meanwhile share
 * that run and their `keep`s), so a use recorded during a trim is never left over the limit.
 */
export function trimMirrorCache(deps: CacheDeps, keep: readonly string[] = []): Promise<TrimReport> {
	let state = trims.get(deps.db);
	if (!state) {
		state = {};
		trims.set(deps.db, state);
	}
	const current = state;
	const start = (kept: Set<string>) => {
		const done = trim(deps, kept).finally(() => {
			current.running = undefined;
		});
		current.running = { done, keep: kept };
		return done;
	};
	if (current.next) {
		for (const sha256 of keep) current.next.keep.add(sha256);
		return current.next.done;
	}
	if (!current.running) return start(new Set(keep));
	// What the running trim keeps is being served too: the next one keeps it as well.
	const kept = new Set([...current.running.keep, ...keep]);
	const done = current.running.done
		.catch(() => undefined)
		.then(() => {
			current.next = undefined;
			return start(kept);
		});
	current.next = { done, keep: kept };
	return done;
}

async function trim(deps: CacheDeps, keep: Set<string>): Promise<TrimReport> {
	const { db, blobStore, config, logger } = deps;
	const report: TrimReport = { evicted: [], held: 0 };
	const limit = config.mirrorMaxBytes;
	const total = await mirrorCacheUse(deps);
	report.held = total.bytes;
	// Evicted bytes come back only from the upstream: a hub that cannot call it keeps what it has.
	if (limit === undefined || !config.upstream || config.upstreamOffline) return report;
	// Uses recorded after the trim started are newer than anything it looks at.
	const startedAt = new Date().toISOString();
	let after: { last_used_at: string; sha256: string } | undefined;
	while (report.held > limit) {
		const cursor = after;
		const page = await db
			.selectFrom("mirror_blob_uses")
			.select(["sha256", "size", "last_used_at"])
			.where("last_used_at", "<", startedAt)
			.$if(cursor !== undefined, (query) =>
				query.where(({ eb, refTuple, tuple }) =>
					eb(refTuple("last_used_at", "sha256"), ">", tuple(cursor?.last_used_at ?? "", cursor?.sha256 ?? "")),
				),
			)
			.orderBy("last_used_at")
			.orderBy("sha256")
			.limit(PAGE)
			.execute();
		if (page.length === 0) break;
		after = page.at(-1);
		const candidates = page.filter((row) => !keep.has(row.sha256));
		const local = await keptOutsideMirrors(
			deps,
			candidates.map((row) => row.sha256),
		);
		for (const row of candidates) {
			if (report.held <= limit) break;
			const size = Number(row.size);
			const deleted = await db
				.deleteFrom("mirror_blob_uses")
				.where("sha256", "=", row.sha256)
				.where("last_used_at", "=", row.last_used_at)
				.executeTakeFirst();
			// Used again since it was read (here or by another hub), or already evicted by another hub.
			if (deleted.numDeletedRows === 0n) continue;
			report.held -= size;
			// The bytes are not only the mirror's: they stay, and no longer count as cache.
			if (local.has(row.sha256)) continue;
			await blobStore.remove(row.sha256);
			report.evicted.push({ sha256: row.sha256, size });
			logger.info(`Evicted ${row.sha256} (${size} bytes, last used ${row.last_used_at}) from the mirror cache`);
		}
	}
	logger.info(`The mirror cache holds ${report.held} of ${limit} bytes`);
	return report;
}

/** The blobs among `candidates` something other than a mirror keeps: a commit of a local repository, an upload, an avatar. */
async function keptOutsideMirrors(deps: CacheDeps, candidates: string[]): Promise<Set<string>> {
	const kept = new Set(await blobsCommitsReach(deps.db, candidates, { outsideMirrors: true }));
	// Every other source gc asks; its commit source counts mirrors' commits, asked above without them.
	const others = REFERENCE_SOURCES.filter((source) => source.name !== "commit files");
	const pending = candidates.filter((sha256) => !kept.has(sha256));
	for (const sha256 of await referencedAmong(deps.db, pending, new Date(), others)) kept.add(sha256);
	return kept;
}
