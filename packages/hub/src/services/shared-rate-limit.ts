/**
 * The anonymous rate limit's token buckets in the database (`rate_buckets`), so every hub on one
 * database counts a client address against one bucket. One statement spends a token or refuses,
 * atomically on both engines: an upsert that refills the bucket for the time passed, takes one
 * token when at least one is there, and records which it did. Same arithmetic as the in-memory
 * buckets (middleware/rate-limit.ts); the clock is each hub's own, which is close enough between
 * machines that agree on the time.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import type { RateDecision, RateLimiter } from "../middleware/rate-limit.js";

export interface SharedRateLimiterOptions {
	perMinute: number;
	burst: number;
	/** Milliseconds since the epoch; tests pass their own. */
	now?: () => number;
	/** Idle buckets (full again) are deleted after this many spends by this process. Default 1,000. */
	sweepEvery?: number;
}

export interface SharedRateLimiter extends RateLimiter {
	take(key: string): Promise<RateDecision>;
}

export function sharedRateLimiter(db: Kysely<Database>, options: SharedRateLimiterOptions): SharedRateLimiter {
	const { perMinute, burst } = options;
	if (!(perMinute > 0) || !(burst >= 1)) throw new Error("A rate limit needs perMinute > 0 and burst >= 1");
	const now = options.now ?? (() => Date.now());
	const sweepEvery = options.sweepEvery ?? 1000;
	const perMs = perMinute / 60_000;
	// After this long without a spend a bucket is full, the same as no row at all.
	const refillMs = Math.ceil(burst / perMs);
	let spends = 0;

	return {
		async take(key) {
			const at = now();
			// The bucket after refilling for the time since its last spend, capped at `burst`. The casts
			// keep PostgreSQL from typing the parameters after the bigint column (0.001 is no bigint).
			const rate = sql`CAST(${perMs} AS double precision)`;
			const full = sql`CAST(${burst} AS double precision)`;
			const grown = sql`rate_buckets.tokens + (CAST(${at} AS bigint) - rate_buckets.updated_ms) * ${rate}`;
			const refilled = sql<number>`CASE WHEN ${grown} > ${full} THEN ${full} ELSE ${grown} END`;
			const row = await db
				.insertInto("rate_buckets")
				.values({ key, tokens: burst - 1, updated_ms: at, allowed: 1 })
				.onConflict((conflict) =>
					conflict.column("key").doUpdateSet({
						tokens: sql<number>`CASE WHEN ${refilled} >= 1 THEN ${refilled} - 1 ELSE ${refilled} END`,
						updated_ms: at,
						allowed: sql<number>`CASE WHEN ${refilled} >= 1 THEN 1 ELSE 0 END`,
					}),
				)
				.returning(["tokens", "allowed"])
				.executeTakeFirstOrThrow();
			spends += 1;
			if (spends % sweepEvery === 0) {
				await db
					.deleteFrom("rate_buckets")
					.where("updated_ms", "<", at - refillMs)
					.execute();
			}
			if (Number(row.allowed) === 1) return { allowed: true };
			const tokens = Number(row.tokens);
			return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
		},
	};
}
