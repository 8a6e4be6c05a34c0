/** Puts the authenticated caller (or undefined) on the context; a bad token is a 401. */
import type { MiddlewareHandler } from "hono";
import type { Auth } from "../auth/caller.js";
import type { HubEnv } from "../deps.js";

export function identifyCaller(auth: Auth): MiddlewareHandler<HubEnv> {
	return async (c, next) => {
		c.set("caller", await auth.identify(c.req.header("authorization")));
		await next();
	};
}
