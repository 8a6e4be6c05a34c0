/**
 * Rendered model-info answers of public models (their JSON text), kept for a
 * while. A model page and the clients ask for the same models over and over;
 * a model's row, mapping and file list change only when it is written. This
 * process's own writes (a counted download) forget the model's entries at once.
 * Writes by other processes are caught per engine: on SQLite every change by
 * another connection (a `hubkit seed` beside the server) empties the cache
 * within CHECK_EVERY_MS, so entries may live long; on PostgreSQL, where several
 * hubs may share the database and no such signal exists, the short lifetime
 * bounds how stale an answer can be. Private models are never kept: who may see
 * them depends on the caller.
 */
import type { Kysely } from "kysely";
import type { DatabaseEngine } from "../db/engine.js";
import { cacheLifetimeMs, outsideWriteMark } from "../db/outside-writes.js";
import type { Database } from "../db/schema.js";

/** How often the database is asked whether another connection wrote (only SQLite can tell: outside-writes.ts). */
const CHECK_EVERY_MS = 200;
const MAX_MODELS = 20_000;

interface Entry {
	body: string;
	expires: number;
}

interface DatabaseCache {
	models: Map<string, Map<string, Entry>>;
	mark: number | undefined;
	checkedAt: number;
}

export interface CacheDeps {
	db: Kysely<Database>;
	engine: DatabaseEngine;
}

/** One cache per database handle: tests and embedders may run several hubs in one process. */
const caches = new WeakMap<Kysely<Database>, DatabaseCache>();

function cacheOf(db: Kysely<Database>): DatabaseCache {
	let cache = caches.get(db);
	if (!cache) {
		cache = { models: new Map(), mark: undefined, checkedAt: Number.NEGATIVE_INFINITY };
		caches.set(db, cache);
	}
	return cache;
}

/** Empties the cache when another connection has written since the last check. */
async function dropOutsideChanges(deps: CacheDeps, cache: DatabaseCache): Promise<void> {
	const now = performance.now();
	if (now - cache.checkedAt < CHECK_EVERY_MS) return;
	cache.checkedAt = now;
	const mark = await outsideWriteMark(deps.db, deps.engine);
	if (mark !== cache.mark) cache.models.clear();
	cache.mark = mark;
}

/** Hits and misses per database handle, for the metrics (metrics.ts). */
const counts = new WeakMap<Kysely<Database>, { hits: number; misses: number }>();

function countsOf(db: Kysely<Database>): { hits: number; misses: number } {
	let found = counts.get(db);
	if (!found) {
		found = { hits: 0, misses: 0 };
		counts.set(db, found);
	}
	return found;
}

/** What the cache of `db` has answered and missed so far, and how many models it holds now. */
export function modelInfoCacheCounts(db: Kysely<Database>): { hits: number; misses: number; entries: number } {
	return { ...countsOf(db), entries: caches.get(db)?.models.size ?? 0 };
}

export async function cachedModelInfo(deps: CacheDeps, repoId: string, variant: string): Promise<string | undefined> {
	const body = await lookUpModelInfo(deps, repoId, variant);
	const tally = countsOf(deps.db);
	if (body === undefined) tally.misses += 1;
	else tally.hits += 1;
	return body;
}

async function lookUpModelInfo(deps: CacheDeps, repoId: string, variant: string): Promise<string | undefined> {
	const cache = caches.get(deps.db);
	if (!cache) return undefined;
	await dropOutsideChanges(deps, cache);
	const variants = cache.models.get(repoId);
	const entry = variants?.get(variant);
	if (!entry) return undefined;
	if (entry.expires > performance.now()) return entry.body;
	variants?.delete(variant);
	return undefined;
}

export function keepModelInfo(deps: CacheDeps, repoId: string, variant: string, body: string): void {
	const cache = cacheOf(deps.db);
	let variants = cache.models.get(repoId);
	if (!variants) {
		// Oldest first out: Map keeps insertion order.
		if (cache.models.size >= MAX_MODELS) cache.models.delete(cache.models.keys().next().value as string);
		variants = new Map();
		cache.models.set(repoId, variants);
	}
	variants.set(variant, { body, expires: performance.now() + cacheLifetimeMs(deps.engine) });
}

/** Others in this process that keep per-model answers of a database (the local runtime's look-ups). */
const listeners = new WeakMap<Kysely<Database>, Set<(repoId: string) => void>>();

/** Called on every write this process makes to a model (a counted download, a commit). */
export function forgetModelInfo(db: Kysely<Database>, repoId: string): void {
	caches.get(db)?.models.delete(repoId);
	for (const listener of listeners.get(db) ?? []) listener(repoId);
}

/** `listener` hears every forgetModelInfo on `db`, so a commit is seen at once; returns the unsubscribe. */
export function onModelForgotten(db: Kysely<Database>, listener: (repoId: string) => void): () => void {
	let set = listeners.get(db);
	if (!set) {
		set = new Set();
		listeners.set(db, set);
	}
	set.add(listener);
	return () => set.delete(listener);
}
