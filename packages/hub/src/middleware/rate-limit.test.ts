import { describe, expect, it } from "vitest";
import { memoryRateLimiter } from "./rate-limit.js";

/** A limiter on a clock the test moves by hand. */
function limiterAt(options: { perMinute: number; burst: number; maxKeys?: number }) {
	const clock = { now: 0 };
	const limiter = memoryRateLimiter({ ...options, now: () => clock.now });
	return { limiter, clock };
}

function spend(limiter: ReturnType<typeof memoryRateLimiter>, key: string, times: number) {
	return Array.from({ length: times }, () => limiter.take(key).allowed);
}

describe("memoryRateLimiter", () => {
	it("allows a burst, then refuses with the seconds until the next request is earned", () => {
		const { limiter } = limiterAt({ perMinute: 6, burst: 3 });
		expect(spend(limiter, "a", 3)).toEqual([true, true, true]);
		// Six a minute: one every ten seconds.
		expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 10 });
	});

	it("earns requests back at the per-minute rate, never more than the burst", () => {
		const { limiter, clock } = limiterAt({ perMinute: 6, burst: 3 });
		spend(limiter, "a", 3);
		clock.now = 5_000;
		expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 5 });
		clock.now = 10_000;
		expect(spend(limiter, "a", 2)).toEqual([true, false]);
		clock.now = 10 * 60_000;
		expect(spend(limiter, "a", 4)).toEqual([true, true, true, false]);
	});

	it("counts refused requests as nothing spent", () => {
		const { limiter, clock } = limiterAt({ perMinute: 60, burst: 1 });
		limiter.take("a");
		for (let index = 0; index < 5; index++) expect(limiter.take("a").allowed).toBe(false);
		clock.now = 1_000;
		expect(limiter.take("a").allowed).toBe(true);
	});

	it("keeps keys apart", () => {
		const { limiter } = limiterAt({ perMinute: 1, burst: 2 });
		expect(spend(limiter, "a", 3)).toEqual([true, true, false]);
		expect(spend(limiter, "b", 3)).toEqual([true, true, false]);
	});

	it("forgets keys that have refilled, so idle clients cost no memory", () => {
		const { limiter, clock } = limiterAt({ perMinute: 60, burst: 10 });
		for (let index = 0; index < 1_000; index++) limiter.take(`client-${index}`);
		expect(limiter.size).toBe(1_000);
		// Ten requests at one a second refill in ten seconds.
		clock.now = 10_000;
		limiter.take("late");
		expect(limiter.size).toBe(1);
	});

	it("holds at most maxKeys, forgetting the least recently seen", () => {
		const { limiter } = limiterAt({ perMinute: 1, burst: 1, maxKeys: 2 });
		expect(spend(limiter, "a", 2)).toEqual([true, false]);
		expect(spend(limiter, "b", 2)).toEqual([true, false]);
		limiter.take("c");
		expect(limiter.size).toBe(2);
		// a was seen least recently: it starts afresh; b is remembered and still limited.
		expect(limiter.take("b").allowed).toBe(false);
		expect(limiter.take("a").allowed).toBe(true);
	});

	it("refuses settings that would allow nothing", () => {
		expect(() => memoryRateLimiter({ perMinute: 0, burst: 5 })).toThrow(/perMinute > 0/);
		expect(() => memoryRateLimiter({ perMinute: 5, burst: 0 })).toThrow(/burst >= 1/);
	});
});
