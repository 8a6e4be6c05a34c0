/**
 * Rejects hostile URLs before any route sees them: over-long URLs, malformed
 * percent-encoding, and paths with `..`/`.` segments, backslashes or control
 * characters in any form (raw, `%2e%2e`, `%2f`-joined, `%5c`). Routes can then
 * treat decoded path parameters as plain repository paths.
 */
import type { MiddlewareHandler } from "hono";
import type { HubEnv } from "../deps.js";
import { badRequest, HubError } from "../errors.js";

export const MAX_URL_LENGTH = 8192;
export const MAX_QUERY_VALUE_LENGTH = 1024;

export function pathGuard(): MiddlewareHandler<HubEnv> {
	return async (c, next) => {
		const url = c.req.url;
		if (url.length > MAX_URL_LENGTH) throw new HubError(414, `URL longer than ${MAX_URL_LENGTH} characters`);
		const rawPath = url.slice(url.indexOf("/", url.indexOf("//") + 2)).split(/[?#]/)[0] ?? "/";
		let decoded: string;
		try {
			decoded = decodeURIComponent(rawPath);
		} catch {
			throw badRequest("Malformed percent-encoding in the URL path");
		}
		// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here
		if (/[\\\u0000-\u001f\u007f]/.test(decoded)) throw badRequest("Invalid character in the URL path");
		if (decoded.split("/").some((segment) => segment === ".." || segment === ".")) {
			throw badRequest("Path segments '.' and '..' are not allowed");
		}
		const query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
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
