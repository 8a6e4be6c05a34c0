/**
 * The start of every absolute URL the hub hands out (pagination `Link`s,
 * `avatarUrl`). It never comes from the request's Host header: anyone can send
 * any Host, and a link built from it points wherever they like (a cache or a
 * proxy in between would pass it on to other clients).
 *
 * In order: the configured public URL (`HUBKIT_PUBLIC_URL`); behind trusted
 * reverse proxies (`HUBKIT_TRUST_PROXY` ≥ 1), the host and scheme the proxy says
 * the client used (`X-Forwarded-Host`, `X-Forwarded-Proto`); the URL the server
 * printed when it started; for an app served without `startHub`, the address
 * the connection arrived on; in process, the configured host and port.
 */
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import type { HubConfig } from "./config.js";

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing that could carry a path. */
const HOST =
	/^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

type PublicUrlConfig = Pick<HubConfig, "publicUrl" | "listenUrl" | "trustedProxies" | "host" | "port">;

/** `https://hub.example.com` or `http://127.0.0.1:8787`, without a trailing slash. */
export function publicBaseUrl(c: Context, config: PublicUrlConfig): string {
	if (config.publicUrl) return config.publicUrl;
	const forwarded = config.trustedProxies > 0 ? forwardedOrigin(c, config.trustedProxies) : undefined;
	if (forwarded) return forwarded;
	if (config.listenUrl) return config.listenUrl;
	const socket = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket;
	if (socket?.localAddress && socket.localPort) return `http://${bracketed(socket.localAddress)}:${socket.localPort}`;
	return `http://${bracketed(config.host)}:${config.port}`;
}

/** The request's path and query under the public URL (the path guard has already vetted them). */
export function publicUrlOf(c: Context, config: PublicUrlConfig, url: URL = new URL(c.req.url)): string {
	return `${publicBaseUrl(c, config)}${url.pathname}${url.search}`;
}

/**
 * What the outermost trusted proxy was asked for. Each proxy appends to the
 * forwarded lists, so with n trusted proxies the n-th entry from the right is
 * the one a trusted proxy wrote; anything left of it came from the client.
 */
function forwardedOrigin(c: Context, trustedProxies: number): string | undefined {
	const entry = (name: string) =>
		(c.req.header(name) ?? "")
			.split(",")
			.map((value) => value.trim())
			.filter((value) => value !== "")
			.at(-trustedProxies);
	const host = entry("x-forwarded-host");
	if (!host || !HOST.test(host)) return undefined;
	const proto = entry("x-forwarded-proto")?.toLowerCase();
	return `${proto === "https" ? "https" : "http"}://${host.toLowerCase()}`;
}

function bracketed(host: string): string {
	return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}
