/**
 * A token bucket per key: each key may spend `burst` requests at once, and earns
 * them back at `perMinute` a minute. State lives behind `RateLimiter`: here in the
 * process, or in the database shared by several hubs (services/shared-rate-limit.ts).
 */

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
	/** Spends one request for `key`, or says how long until the next one is allowed. */
	take(key: string): RateDecision | Promise<RateDecision>;
}

export interface MemoryRateLimiterOptions {
	perMinute: number;
	burst: number;
	/** Most keys kept at once; past it, the least recently seen key is forgotten. Default 100,000. */
	maxKeys?: number;
	/** Milliseconds on a monotonic clock; tests pass their own. */
	now?: () => number;
}

export interface MemoryRateLimiter extends RateLimiter {
	take(key: string): RateDecision;
	/** Keys held now. */
	readonly size: number;
}

interface Bucket {
	tokens: number;
	/** When `tokens` was last brought up to date. */
	updated: number;
}

/**
 * In-memory buckets. The map is in least-recently-seen order, so memory stays
 * bounded cheaply: a key idle long enough to have refilled is the same as an
 * absent one and is dropped from the old end; only when more than `maxKeys`
 * keys are all busy is a half-spent bucket forgotten (that key starts afresh).
 */
export function memoryRateLimiter(options: MemoryRateLimiterOptions): MemoryRateLimiter {
	const { perMinute, burst } = options;
	if (!(perMinute > 0) || !(burst >= 1)) throw new Error("A rate limit needs perMinute > 0 and burst >= 1");
	const maxKeys = options.maxKeys ?? 100_000;
	const now = options.now ?? (() => performance.now());
	const perMs = perMinute / 60_000;
	const refillMs = burst / perMs;
	const buckets = new Map<string, Bucket>();

	function forgetIdle(at: number): void {
		for (const [key, bucket] of buckets) {
			if (at - bucket.updated < refillMs && buckets.size <= maxKeys) break;
			buckets.delete(key);
		}
	}

	return {
		get size() {
			return buckets.size;
		},
		take(key) {
			const at = now();
			const kept = buckets.get(key);
			const tokens = kept ? Math.min(burst, kept.tokens + (at - kept.updated) * perMs) : burst;
			buckets.delete(key);
			if (tokens < 1) {
				buckets.set(key, { tokens, updated: at });
				return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
			}
			buckets.set(key, { tokens: tokens - 1, updated: at });
			forgetIdle(at);
			return { allowed: true };
		},
	};
}
