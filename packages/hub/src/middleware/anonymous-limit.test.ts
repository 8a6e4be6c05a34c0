import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { anonymousAdmission, clientAddress, rateLimitKey } from "./anonymous-limit.js";

/** The address the hub would count a request against, for a socket peer and request headers. */
async function addressOf(peer: string | undefined, headers: Record<string, string>, trustedProxies: number) {
	const app = new Hono();
	app.get("/", (c) => c.text(clientAddress(c, trustedProxies)));
	const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } };
	return await (await app.request("/", { headers }, env)).text();
}

describe("clientAddress", () => {
	it("is the socket's peer, whatever X-Forwarded-For says, unless proxies are trusted", async () => {
		expect(await addressOf("10.0.0.7", { "x-forwarded-for": "1.2.3.4" }, 0)).toBe("10.0.0.7");
	});

	it("behind N trusted proxies, is the Nth X-Forwarded-For entry from the right", async () => {
		const forwarded = { "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" };
		expect(await addressOf("10.0.0.1", forwarded, 1)).toBe("10.0.0.2");
		expect(await addressOf("10.0.0.1", forwarded, 2)).toBe("203.0.113.9");
	});

	it("falls back to the peer when the header has fewer entries than trusted proxies", async () => {
		expect(await addressOf("10.0.0.1", { "x-forwarded-for": "1.2.3.4" }, 2)).toBe("10.0.0.1");
		expect(await addressOf("10.0.0.1", {}, 1)).toBe("10.0.0.1");
	});

	it("is 'unknown' for a request served without a socket", async () => {
		expect(await addressOf(undefined, {}, 0)).toBe("unknown");
	});
});

describe("rateLimitKey", () => {
	it("keeps IPv4 addresses and unwraps IPv4-mapped IPv6 ones", () => {
		expect(rateLimitKey("192.0.2.1")).toBe("192.0.2.1");
		expect(rateLimitKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
	});

	it("counts an IPv6 address by its /64, however it is written", () => {
		const key = "2001:db8:0:1::/64";
		expect(rateLimitKey("2001:db8:0:1::1")).toBe(key);
		expect(rateLimitKey("2001:0DB8:0000:0001:ffff:1:2:3")).toBe(key);
		expect(rateLimitKey("2001:db8:0:1:a::9%eth0")).toBe(key);
		expect(rateLimitKey("2001:db8:0:2::1")).not.toBe(key);
		expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
		expect(rateLimitKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
	});
});

describe("anonymousAdmission", () => {
	const config = { anonymousRateLimitPerMinute: 1, anonymousRateLimitBurst: 2, trustedProxies: 0 };

	it("is off (a token is needed) when the per-minute limit is 0", () => {
		expect(anonymousAdmission({ ...config, anonymousRateLimitPerMinute: 0 })).toBeUndefined();
	});

	it("answers a 429 in the hub's error shape with Retry-After and X-Error-Code once the burst is spent", async () => {
		const admit = anonymousAdmission(config);
		const app = new Hono();
		app.get("/", async (c) => (await admit?.(c)) ?? c.text("ok"));
		const env = { incoming: { socket: { remoteAddress: "198.51.100.4" } } };
		expect((await app.request("/", {}, env)).status).toBe(200);
		expect((await app.request("/", {}, env)).status).toBe(200);
		const refused = await app.request("/", {}, env);
		expect(refused.status).toBe(429);
		expect(refused.headers.get("x-error-code")).toBe("RateLimited");
		expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
		expect(await refused.json()).toEqual({ error: expect.stringMatching(/^Too many requests without a token/) });
	});
});
