/**
 * One JSON error shape for the whole app: `{ "error": "…" }`, plus the few fields clients read beside it. A HubError keeps
 * its status, message and `X-Error-Code`; anything else is logged with its stack
 * and answered with a plain 500 that says nothing about the internals.
 */
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { HubEnv } from "../deps.js";
import { HubError } from "../errors.js";
import type { Logger } from "../logger.js";
import { censoredPath, routeLabel } from "./observe.js";

function jsonError(
	c: Context<HubEnv>,
	status: number,
	message: string,
	headers: Record<string, string> = {},
	fields: Record<string, string> = {},
) {
	const requestId = c.get("requestId");
	return c.json({ ...fields, error: message }, status as ContentfulStatusCode, {
		...headers,
		...(requestId ? { "X-Request-Id": requestId } : {}),
	});
}

export function errorHandler(logger: Logger): ErrorHandler<HubEnv> {
	return (error, c) => {
		if (error instanceof HubError) {
			const headers = { ...error.headers, ...(error.code ? { "X-Error-Code": error.code } : {}) };
			return jsonError(c, error.status, error.message, headers, error.fields);
		}
		if (error instanceof HTTPException && error.status < 500) {
			return jsonError(c, error.status, error.message || "Bad request");
		}
		// The route and the censored path, never the raw one: an upload's path holds its secret.
		logger.error(`${c.req.method} ${routeLabel(c)} failed`, error, {
			requestId: c.get("requestId"),
			path: censoredPath(c),
		});
		return jsonError(c, 500, "Internal server error");
	};
}

export function notFoundHandler(): NotFoundHandler<HubEnv> {
	return (c) => jsonError(c, 404, `Not found: ${c.req.method} ${new URL(c.req.url).pathname}`);
}
