/**
 * Rejects hostile URLs before any route sees them: over-long URLs, malformed
 * percent-encoding, and paths with `..`/`.` segments, backslashes or control
 * characters in any form (raw, `%2e%2e`, `%2f`-joined, `%5c`). Routes can then
 * treat decoded path parameters as plain repository paths.
 *
 * The checks read the request target as the client sent it. The URL parser that
 * turns it into a Request resolves `.`, `..` and `%2e%2e` segments away
 * (`/a/onnx/%2e%2e/config.json` becomes `/a/config.json`), so checking the parsed
 * URL would let such a request through to another file than the one named.
 */
import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import type { HubEnv } from "../deps.js";
import { badRequest, HubError } from "../errors.js";

export const MAX_URL_LENGTH = 8192;
export const MAX_QUERY_VALUE_LENGTH = 1024;

/**
 * Path and query as the client wrote them: the raw target of the HTTP request line
 * when the app runs on @hono/node-server; in process (`app.request`, no socket) the
 * Request's URL, which is all there is.
 */
export function rawTarget(c: Context): { path: string; query: string } {
	const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
	let target = typeof incoming?.url === "string" ? incoming.url : c.req.url;
	// Absolute form (`GET http://host/path`, as sent to proxies) and the parsed URL: drop scheme and authority.
	if (!target.startsWith("/")) {
		const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(target);
		target = authority ? target.slice(authority[0].length) : target;
	}
	const hash = target.indexOf("#");
	if (hash >= 0) target = target.slice(0, hash);
	const question = target.indexOf("?");
	return question >= 0
		? { path: target.slice(0, question), query: target.slice(question + 1) }
		: { path: target, query: "" };
}

export function pathGuard(): MiddlewareHandler<HubEnv> {
	return async (c, next) => {
		const { path, query } = rawTarget(c);
		if (c.req.url.length > MAX_URL_LENGTH || path.length + query.length > MAX_URL_LENGTH) {
			throw new HubError(414, `URL longer than ${MAX_URL_LENGTH} characters`);
		}
		let decoded: string;
		try {
			decoded = decodeURIComponent(path);
		} catch {
			throw badRequest("Malformed percent-encoding in the URL path");
		}
		// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here
		if (/[\\\u0000-\u001f\u007f]/.test(decoded)) throw badRequest("Invalid character in the URL path");
		if (decoded.split("/").some((segment) => segment === ".." || segment === ".")) {
			throw badRequest("Path segments '.' and '..' are not allowed");
		}
		if (query) {
			for (const value of new URLSearchParams(query).values()) {
				if (value.length > MAX_QUERY_VALUE_LENGTH) {
					throw badRequest(`Query value longer than ${MAX_QUERY_VALUE_LENGTH} characters`);
				}
			}
		}
		await next();
	};
}
