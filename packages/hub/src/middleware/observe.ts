/**
 * Every request, counted and timed under its route pattern (metrics.ts) and,
 * when the access log is on, written as one line: method, route, path, status,
 * duration, body bytes and request id.
 *
 * The path in that line is censored: a route parameter named `secret` (an LFS
 * upload's capability), the values of query parameters whose names say token,
 * key, code, password and the like, and, wherever it appears (any segment, any
 * query name or value, percent-encoded or not), anything shaped like one of the
 * hub's secrets (`redactSecretLike`, logger.ts). Headers are never logged.
 */
import type { ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { HubEnv } from "../deps.js";
import { type Logger, redactSecretLike } from "../logger.js";
import type { HubMetrics } from "../metrics.js";
import { isMiddlewareRoute, routeSegments, routeTemplate } from "../route-template.js";

/** Route parameters that are secrets in themselves. */
const SECRET_PARAMS = new Set([":secret"]);
/** Query parameter names (lower case) that carry, or may carry, a credential. */
const SECRET_QUERY = /token|secret|password|passwd|key|signature|sig$|credential|code|auth|session|cookie/;
export const CENSORED = "[redacted]";

/**
 * The route pattern that answered: the handler the request reached, or, for one refused
 * by middleware before it got there (a 413), the route it was for. The site's pages and
 * unknown paths have labels of their own (set by the not-found handler in app.ts).
 */
export function routeLabel(c: Context<HubEnv>): string {
	const set = c.get("routeLabel");
	if (set) return set;
	const routes = matchedRoutes(c);
	const reached = routes[c.req.routeIndex];
	if (reached && !isMiddlewareRoute(reached)) return routeTemplate(reached.path).template;
	const meant = routes.find((route) => !isMiddlewareRoute(route));
	return meant ? routeTemplate(meant.path).template : "(no route)";
}

/** The path and query as asked, with secret segments and credential-like query values censored. */
export function censoredPath(c: Context<HubEnv>): string {
	const url = new URL(c.req.url);
	let path = url.pathname;
	const routes = matchedRoutes(c);
	const reached = routes[c.req.routeIndex] ?? routes.find((route) => !isMiddlewareRoute(route));
	const declared = reached ? routeSegments(reached.path) : [];
	path = path
		.split("/")
		.map((segment, index) => {
			if (SECRET_PARAMS.has(declared[index] ?? "")) return CENSORED;
			const decoded = decodedSegment(segment);
			return redactSecretLike(decoded) === decoded ? segment : CENSORED;
		})
		.join("/");
	if (!url.search) return path;
	const query = [...url.searchParams]
		.map(([name, value]) => {
			const shownName = encodeURIComponent(redactSecretLike(name)).replaceAll(encodeURIComponent(CENSORED), CENSORED);
			if (SECRET_QUERY.test(name.toLowerCase())) return `${shownName}=${CENSORED}`;
			const shown = encodeURIComponent(redactSecretLike(value)).replaceAll(encodeURIComponent(CENSORED), CENSORED);
			return `${shownName}=${shown}`;
		})
		.join("&");
	return `${path}?${query}`;
}

/** A path segment percent-decoded, or as it is when it is not valid percent-encoding. */
function decodedSegment(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/** Milliseconds since `started`, to a tenth. */
const since = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/** Counts the body bytes written to `response` (the access log's `bytes`). */
function countBytes(response: ServerResponse): () => number {
	let bytes = 0;
	const add = (chunk: unknown) => {
		if (typeof chunk === "string") bytes += Buffer.byteLength(chunk);
		else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
	};
	const write = response.write;
	const end = response.end;
	response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
		add(chunk);
		return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
	} as ServerResponse["write"];
	response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
		if (typeof chunk !== "function") add(chunk);
		return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
	} as ServerResponse["end"];
	return () => bytes;
}

export function observeRequests(options: { metrics: HubMetrics; logger: Logger }): MiddlewareHandler<HubEnv> {
	const { metrics, logger } = options;
	return async (c, next) => {
		const started = performance.now();
		metrics.inFlight(1);
		try {
			await next();
		} finally {
			metrics.inFlight(-1);
		}
		const route = routeLabel(c);
		const status = c.res.status;
		metrics.request(c.req.method, route, status, (performance.now() - started) / 1000);
		const log = logger.request;
		if (!log) return;
		const line = {
			requestId: c.get("requestId"),
			method: c.req.method,
			route,
			path: censoredPath(c),
			status,
		};
		// On the hub's HTTP server the line is written once the body has gone out, with its size and the whole time.
		const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
		if (!outgoing) {
			const declared = Number(c.res.headers.get("content-length") ?? Number.NaN);
			const bytes = Number.isFinite(declared) ? declared : undefined;
			log({ ...line, durationMs: since(started), bytes });
			return;
		}
		const bytes = countBytes(outgoing);
		outgoing.once("close", () => {
			const aborted = outgoing.writableFinished ? {} : { aborted: true };
			log({ ...line, durationMs: since(started), bytes: bytes(), ...aborted });
		});
	};
}
