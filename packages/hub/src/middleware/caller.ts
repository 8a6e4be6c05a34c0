/** Puts the authenticated caller (or undefined) on the context; a bad token is a 401, a stale session cookie is ignored. */
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { Auth } from "../auth/caller.js";
import { SESSION_COOKIE } from "../auth/sessions.js";
import type { HubEnv } from "../deps.js";

/**
 * Paths git and git-lfs call: smart HTTP (`info/refs`, `git-upload-pack`, `git-receive-pack`) and
 * the LFS API, for models and datasets, with or without `.git`.
 */
const GIT_PATH = /^(?:\/datasets)?\/[^/]+\/[^/]+\/(?:info\/refs$|git-upload-pack$|git-receive-pack$|info\/lfs\/)/;

/**
 * git sends what a credential helper or the URL holds as HTTP Basic; as on huggingface.co the user
 * name is ignored and the password is the token. Only on git's paths: a browser that once answered
 * a Basic challenge replays it on every request to the hub, which would make it ambient like a
 * cookie, so nothing else accepts it.
 */
export function gitAuthorization(path: string, authorization: string | undefined): string | undefined {
	if (!authorization || !GIT_PATH.test(path)) return authorization;
	const basic = /^basic\s+(\S+)\s*$/i.exec(authorization);
	if (!basic) return authorization;
	const decoded = Buffer.from(basic[1] as string, "base64").toString("utf8");
	const password = decoded.slice(decoded.indexOf(":") + 1);
	// An empty password is git asking with no credentials yet: anonymous, so public repos clone.
	return password === "" ? undefined : `Bearer ${password}`;
}

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
		const authorization = gitAuthorization(path, c.req.header("authorization"));
		c.set("caller", await auth.identify(authorization, getCookie(c, SESSION_COOKIE)));
		await next();
	};
}
