/**
 * Rendered model-info answers of public models, kept briefly. A model page and
 * the clients ask for the same model over and over; its row, mapping and file
 * list change only when the model is written (seeding, a counted download). A
 * download forgets the model's entries at once; the short lifetime bounds how
 * stale another hub process's writes (several hubs on one PostgreSQL) can look.
 * Private models are never kept: who may see them depends on the caller.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

const LIFETIME_MS = 2_000;
const MAX_MODELS = 20_000;

interface Entry {
	/** The answer's JSON text. */
	body: string;
	expires: number;
}

/** One cache per database handle: tests and embedders may run several hubs in one process. */
const caches = new WeakMap<Kysely<Database>, Map<string, Map<string, Entry>>>();

function cacheOf(db: Kysely<Database>): Map<string, Map<string, Entry>> {
	let cache = caches.get(db);
	if (!cache) {
		cache = new Map();
		caches.set(db, cache);
	}
	return cache;
}

export function cachedModelInfo(db: Kysely<Database>, repoId: string, variant: string): string | undefined {
	const entry = caches.get(db)?.get(repoId)?.get(variant);
	if (!entry) return undefined;
	if (entry.expires > performance.now()) return entry.body;
	caches.get(db)?.get(repoId)?.delete(variant);
	return undefined;
}

export function keepModelInfo(db: Kysely<Database>, repoId: string, variant: string, body: string): void {
	const cache = cacheOf(db);
	let variants = cache.get(repoId);
	if (!variants) {
		// Oldest first out: Map keeps insertion order.
		if (cache.size >= MAX_MODELS) cache.delete(cache.keys().next().value as string);
		variants = new Map();
		cache.set(repoId, variants);
	}
	variants.set(variant, { body, expires: performance.now() + LIFETIME_MS });
}

/** Called on every write to a model (a counted download). */
export function forgetModelInfo(db: Kysely<Database>, repoId: string): void {
	caches.get(db)?.delete(repoId);
}
