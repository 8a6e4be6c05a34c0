/**
 * The anonymous rate limit kept in the database: two hubs on one database (each its own
 * connection pool and HTTP server, as two processes behind a balancer would be) spend from one
 * bucket per client address, so a client cannot double its allowance by alternating between
 * them. The bucket refills with time and idle buckets are swept. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedRateLimiter } from "../src/services/shared-rate-limit.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

/** An anonymous call: counted before anything else, so a model the hub lacks is enough. */
async function anonymousCall(url: string): Promise<{ status: number; retryAfter: string | null }> {
	const response = await fetch(`${url}/hf-inference/models/nobody/nothing`, {
		method: "POST",
		headers: { "content-type": "application/json" },
		body: JSON.stringify({ inputs: "hi" }),
	});
	await response.arrayBuffer();
	return { status: response.status, retryAfter: response.headers.get("retry-after") };
}

describe.each(ENGINES)("the anonymous limit shared by hubs on one database (%s)", (engine) => {
	let testDb: TestDatabase;
	const hubs: TestHub[] = [];
	const servers: Listening[] = [];

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		const config = { ...testDb.config, anonymousRateLimitPerMinute: 1, anonymousRateLimitBurst: 3 };
		for (let index = 0; index < 2; index++) {
			const hub = await openTestHub(config);
			hubs.push(hub);
			servers.push(await listen(hub.app));
		}
	});

	afterAll(async () => {
		for (const server of servers) await server.close();
		for (const hub of hubs) await hub.close();
		await testDb?.cleanup();
	});

	it("lets an address spend its burst once across both hubs, then refuses it on either", async () => {
		const [first, second] = servers.map((server) => server.url) as [string, string];
		const spent = [await anonymousCall(first), await anonymousCall(second), await anonymousCall(first)];
		for (const answer of spent) expect(answer.status).not.toBe(429);
		for (const url of [second, first]) {
			const refused = await anonymousCall(url);
			expect(refused.status).toBe(429);
			expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
		}
	});

	it("refills with time, refuses with the wait until the next call, and sweeps idle buckets", async () => {
		const db = hubs[0]?.deps.db;
		if (!db) throw new Error("no hub");
		let clock = 1_000_000;
		// Two hubs' limiters, one bucket: 6 a minute (one per 10 s), at most 2 at once.
		const options = { perMinute: 6, burst: 2, now: () => clock, sweepEvery: 5 };
		const [left, right] = [sharedRateLimiter(db, options), sharedRateLimiter(db, options)];
		expect(await left.take("203.0.113.5")).toEqual({ allowed: true });
		expect(await right.take("203.0.113.5")).toEqual({ allowed: true });
		expect(await left.take("203.0.113.5")).toEqual({ allowed: false, retryAfterSeconds: 10 });
		clock += 4_000;
		expect(await right.take("203.0.113.5")).toEqual({ allowed: false, retryAfterSeconds: 6 });
		clock += 6_000;
		expect(await left.take("203.0.113.5")).toEqual({ allowed: true });
		expect(await left.take("198.51.100.1")).toEqual({ allowed: true });

		// 20 s later both buckets are full again: the fifth spend of `left` sweeps them.
		clock += 20_001;
		const count = async () =>
			Number((await db.selectFrom("rate_buckets").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
		const before = await count();
		expect(await left.take("192.0.2.9")).toEqual({ allowed: true });
		expect(await count()).toBeLessThan(before + 1);
		const keys = (await db.selectFrom("rate_buckets").select("key").execute()).map((row) => row.key);
		expect(keys).not.toContain("203.0.113.5");
		expect(keys).toContain("192.0.2.9");
	});
});
