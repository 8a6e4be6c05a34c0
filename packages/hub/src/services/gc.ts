/**
 * Reclaiming storage: removes the blobs nothing references any more (deleted repositories,
 * history that was rewritten, uploads never committed, replaced avatars, Xet xorbs no referenced
 * file is made from) from the blob store, and forgets what only pointed at them (expired upload
 * URLs and their parts, claims on uploaded LFS objects no commit took up, the Xet rows of removed
 * xorbs and files, the relayed parts of mirror downloads a hub abandoned). `hubkit gc` runs it;
 * so does every hub on its schedule (`HUBKIT_GC_INTERVAL_MINUTES`). It walks what the store holds, so a mirror's LFS blob recorded
 * but not fetched yet (services/mirrored-blobs.ts) is never a candidate, and once fetched the
 * mirror's commits keep it.
 *
 * Safe while hubs serve and share the database and the store:
 * - one gc at a time (db/gc-lock.ts); a second one finds the lock taken and does nothing;
 * - a blob written (or written again: the stores move the date on) within the grace period is
 *   never a candidate, so an upload or a commit under way keeps its bytes;
 * - the references are asked (services/blob-references.ts) for each batch of candidates just
 *   before that batch is removed, not once at the start.
 */

import { withGcLockIfFree } from "../db/gc-lock.js";
import type { HubDeps } from "../deps.js";
import { referencedAmong, UNCOMMITTED_OBJECT_RETENTION_MS } from "./blob-references.js";
import { LfsUploads } from "./lfs-uploads.js";
import { sweepAbandonedRelays } from "./mirror-relay.js";
import { forgetRemovedBlobs, xorbsStoredAs } from "./xet-store.js";

/** Candidates asked about (and removed) together: one query per reference source and batch. */
const BATCH = 500;
/** Blobs a report names one by one (its counts are whole): a hub of millions keeps its memory. */
export const REPORTED_BLOBS = 10_000;

export type GcDeps = Pick<HubDeps, "db" | "blobStore" | "config" | "logger">;

export interface GcOptions {
	/** Report what would go, remove nothing. */
	dryRun?: boolean;
	/** Blobs written less than this long ago stay; default `config.gcGraceMinutes`. */
	graceMs?: number;
	now?: () => Date;
	/** Told of each blob as it is removed (or, in a dry run, would be). */
	onRemove?: (blob: { sha256: string; size: number }) => void;
}

export interface GcReport {
	/** False when another gc held the lock: nothing was looked at. */
	ran: boolean;
	dryRun: boolean;
	/** Blobs in the store. */
	scanned: number;
	/** Blobs within the grace period (kept whatever references them). */
	recent: number;
	/** The first REPORTED_BLOBS blobs removed (or, in a dry run, that would be); `onRemove` hears of all. */
	removed: { sha256: string; size: number }[];
	removedCount: number;
	removedBytes: number;
	/** Of the blobs removed, how many were Xet xorbs, and their bytes (services/blob-references.ts). */
	removedXorbs: number;
	removedXorbBytes: number;
	/** Claims on uploaded LFS objects no commit took up in time, forgotten. */
	forgottenClaims: number;
}

export async function collectGarbage(deps: GcDeps, options: GcOptions = {}): Promise<GcReport> {
	const dryRun = options.dryRun ?? false;
	const outcome = await withGcLockIfFree(deps.config, () => collect(deps, { ...options, dryRun }));
	if (outcome.locked) {
		return {
			ran: false,
			dryRun,
			scanned: 0,
			recent: 0,
			removed: [],
			removedCount: 0,
			removedBytes: 0,
			removedXorbs: 0,
			removedXorbBytes: 0,
			forgottenClaims: 0,
		};
	}
	return outcome.result;
}

async function collect(deps: GcDeps, options: GcOptions & { dryRun: boolean }): Promise<GcReport> {
	const now = options.now ?? (() => new Date());
	const graceMs = options.graceMs ?? deps.config.gcGraceMinutes * 60_000;
	const report: GcReport = {
		ran: true,
		dryRun: options.dryRun,
		scanned: 0,
		recent: 0,
		removed: [],
		removedCount: 0,
		removedBytes: 0,
		removedXorbs: 0,
		removedXorbBytes: 0,
		forgottenClaims: 0,
	};
	if (!options.dryRun) {
		// Expired upload URLs and the parts no live upload owns; then claims past their retention
		// (the reference source stops counting them at the same age, so a dry run reports the same blobs).
		await new LfsUploads(deps, now).sweepNow(true);
		await sweepAbandonedRelays(deps);
		const stale = new Date(now().getTime() - UNCOMMITTED_OBJECT_RETENTION_MS).toISOString();
		const forgotten = await deps.db.deleteFrom("lfs_objects").where("created_at", "<", stale).executeTakeFirst();
		report.forgottenClaims = Number(forgotten.numDeletedRows);
	}

	let batch: { sha256: string; size: number }[] = [];
	const settle = async () => {
		const candidates = batch;
		batch = [];
		const referenced = await referencedAmong(
			deps.db,
			candidates.map((blob) => blob.sha256),
			now(),
		);
		const garbage = candidates.filter((blob) => !referenced.has(blob.sha256));
		for (const xorb of await xorbsStoredAs(
			deps.db,
			garbage.map((blob) => blob.sha256),
		)) {
			report.removedXorbs++;
			report.removedXorbBytes += xorb.size;
		}
		for (const blob of garbage) {
			if (!options.dryRun) await deps.blobStore.remove(blob.sha256);
			if (report.removed.length < REPORTED_BLOBS) report.removed.push(blob);
			report.removedCount++;
			report.removedBytes += blob.size;
			options.onRemove?.(blob);
		}
		if (!options.dryRun && garbage.length > 0) {
			const removed = garbage.map((blob) => blob.sha256);
			// The size cache of blobs (files listings join it) forgets them too, and so do the Xet rows.
			await deps.db.deleteFrom("blobs").where("sha256", "in", removed).execute();
			await forgetRemovedBlobs(deps.db, removed);
		}
	};
	for await (const blob of deps.blobStore.list()) {
		report.scanned++;
		if (now().getTime() - blob.modifiedAt.getTime() < graceMs) {
			report.recent++;
			continue;
		}
		batch.push({ sha256: blob.sha256, size: blob.size });
		if (batch.length >= BATCH) await settle();
	}
	if (batch.length > 0) await settle();
	if (report.removedCount > 0 || report.forgottenClaims > 0) {
		deps.logger.info(
			`gc${options.dryRun ? " (dry run)" : ""}: ${report.removedCount} unreferenced blobs (${report.removedXorbs} of them Xet xorbs), ${report.removedBytes} bytes${options.dryRun ? " would be" : ""} removed; ${report.forgottenClaims} uncommitted LFS claims forgotten`,
		);
	}
	return report;
}

/**
 * Runs gc every `everyMs` (by default `HUBKIT_GC_INTERVAL_MINUTES`; 0: never, `hubkit gc` still
 * can). Every hub of a shared database schedules it; the gc lock lets one of them work and the
 * others skip. `stop` waits for a run under way, so the database is not closed under it.
 */
export function scheduleGarbageCollection(
	deps: GcDeps,
	everyMs = deps.config.gcIntervalMinutes * 60_000,
): { stop(): Promise<void> } {
	if (everyMs === 0) return { stop: async () => undefined };
	let running: Promise<void> | undefined;
	const timer = setInterval(() => {
		// A run still going when the next is due: that turn is skipped, not queued.
		if (running) return;
		running = collectGarbage(deps)
			.then(
				() => undefined,
				(error: unknown) => deps.logger.error("Scheduled gc failed", error),
			)
			.finally(() => {
				running = undefined;
			});
	}, everyMs);
	timer.unref();
	return {
		async stop() {
			clearInterval(timer);
			await running;
		},
	};
}
