/**
 * Anonymous use of the hub's own models: callers without a token may run
 * hf-inference on public models, a limited number of times per client address.
 * Callers with a token are not counted here.
 *
 * The client address is the TCP peer's. Behind reverse proxies that peer is the
 * proxy, so with `trustedProxies` = N the address is the Nth entry from the
 * right of `X-Forwarded-For` (the one the outermost trusted proxy saw); entries
 * further left are whatever the client chose to send and are never read.
 */
import { isIPv6 } from "node:net";
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { memoryRateLimiter, type RateLimiter } from "./rate-limit.js";

export interface AnonymousLimitConfig {
	/** Requests a minute per client address; 0 turns anonymous use off (a token is needed, 401). */
	anonymousRateLimitPerMinute: number;
	/** Requests a client address may make at once before the per-minute rate applies. */
	anonymousRateLimitBurst: number;
	/** Reverse proxies in front of the hub whose `X-Forwarded-For` entries are trusted. */
	trustedProxies: number;
}

/** Admits an anonymous request (undefined) or answers the 429 to send instead. */
export type AnonymousAdmission = (c: Context) => Promise<Response | undefined>;

export function anonymousAdmission(
	config: AnonymousLimitConfig,
	limiter?: RateLimiter,
): AnonymousAdmission | undefined {
	if (config.anonymousRateLimitPerMinute <= 0) return undefined;
	const buckets =
		limiter ??
		memoryRateLimiter({
			perMinute: config.anonymousRateLimitPerMinute,
			burst: Math.max(1, config.anonymousRateLimitBurst),
		});
	return async (c) => {
		const decision = await buckets.take(rateLimitKey(clientAddress(c, config.trustedProxies)));
		if (decision.allowed) return undefined;
		const seconds = decision.retryAfterSeconds;
		return Response.json(
			{
				error: `Too many requests without a token from this address: try again in ${seconds} s, or send a hub token (Authorization: Bearer hf_…)`,
			},
			{ status: 429, headers: { "Retry-After": String(seconds), "X-Error-Code": "RateLimited" } },
		);
	};
}

/**
 * The caller's address: the socket's peer, or from `X-Forwarded-For` when proxies
 * are trusted. A request served without a socket (in-process `app.request`) is
 * "unknown", one address for all of them.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
	const bindings = c.env as Partial<HttpBindings> | undefined;
	const peer = bindings?.incoming?.socket?.remoteAddress ?? "unknown";
	if (trustedProxies <= 0) return peer;
	const forwarded = (c.req.header("x-forwarded-for") ?? "")
		.split(",")
		.map((entry) => entry.trim())
		.filter((entry) => entry !== "");
	// Fewer entries than proxies: the request did not come through all of them, so none is trusted.
	return forwarded.at(-trustedProxies) ?? peer;
}

/**
 * What the limit is counted against: an IPv4 address as it is (IPv4-mapped IPv6
 * unwrapped), an IPv6 address by its /64 network, since one host usually holds
 * a whole /64 and could otherwise take a fresh address per request.
 */
export function rateLimitKey(address: string): string {
	const plain = address.replace(/%.*$/, "").toLowerCase();
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
	if (mapped?.[1]) return mapped[1];
	if (!isIPv6(plain)) return plain;
	const [head = "", tail] = plain.split("::");
	const groups = (part: string) => (part === "" ? [] : part.split(":"));
	// An embedded IPv4 tail ("::1.2.3.4") stands for two groups.
	const width = (parts: string[]) => parts.reduce((sum, part) => sum + (part.includes(".") ? 2 : 1), 0);
	const first = groups(head);
	const last = tail === undefined ? [] : groups(tail);
	const zeros = Array.from({ length: 8 - width(first) - width(last) }, () => "0");
	const prefix = [...first, ...zeros, ...last].slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
	return `${prefix.join(":")}::/64`;
}
