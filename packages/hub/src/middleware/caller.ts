/** Puts the authenticated caller (or undefined) on the context; a bad token is a 401, a stale session cookie is ignored. */
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { Auth } from "../auth/caller.js";
import { SESSION_COOKIE } from "../auth/sessions.js";
import type { HubEnv } from "../deps.js";

/** `ownCredentials`: paths whose routes read `Authorization` themselves (it holds no hub token there). */
export function identifyCaller(
	auth: Auth,
	ownCredentials: (path: string) => boolean = () => false,
): MiddlewareHandler<HubEnv> {
	return async (c, next) => {
		// The OAuth token endpoint authenticates clients itself (Basic credentials are not a user's token).
		const path = new URL(c.req.url).pathname;
		if (path === "/oauth/token" || ownCredentials(path)) {
			c.set("caller", undefined);
			return await next();
		}
		c.set("caller", await auth.identify(c.req.header("authorization"), getCookie(c, SESSION_COOKIE)));
		await next();
	};
}
