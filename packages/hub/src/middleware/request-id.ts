/** Gives every request an id, echoed in `X-Request-Id` (clients put it in their error messages). */
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { HubEnv } from "../deps.js";

const SAFE_INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(): MiddlewareHandler<HubEnv> {
	return async (c, next) => {
		// A proxy in front may already have named the request; keep its id when it is tame.
		const incoming = c.req.header("x-request-id");
		const id = incoming && SAFE_INCOMING_ID.test(incoming) ? incoming : randomUUID();
		c.set("requestId", id);
		c.header("X-Request-Id", id);
		await next();
		// Error responses are built after the handler ran; make sure they carry the id too.
		if (!c.res.headers.has("X-Request-Id")) c.res.headers.set("X-Request-Id", id);
	};
}
