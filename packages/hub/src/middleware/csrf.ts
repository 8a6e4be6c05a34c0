/**
 * Cross-site request forgery: a browser attaches the session cookie to requests
 * another site makes it send. A state-changing request (not GET, HEAD or OPTIONS)
 * that the cookie authenticates (no Authorization header) must come from the hub's
 * own pages: its `Origin` (or, without one, its `Referer`) is the hub's public
 * origin, or the browser says `Sec-Fetch-Site: same-origin`. Otherwise 403
 * `CsrfRejected`. Bearer-token calls are not affected: a browser never adds a
 * token by itself. Sign-up and sign-in (no session yet) are held to the same rule
 * when they carry a cookie-less browser's Origin, so another site cannot sign a
 * visitor in to an account of its choosing.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { HubConfig } from "../config.js";
import type { HubEnv } from "../deps.js";
import { HubError } from "../errors.js";
import { publicBaseUrl } from "../public-url.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Routes that start a session: checked whenever the browser names an origin, even with no cookie yet. */
const SIGN_IN_PATHS = new Set(["/api/auth/login", "/api/auth/signup"]);

type OriginConfig = Pick<HubConfig, "publicUrl" | "listenUrl" | "trustedProxies" | "host" | "port">;

function originOf(value: string | undefined): string | undefined {
	if (!value) return undefined;
	try {
		return new URL(value).origin;
	} catch {
		return undefined;
	}
}

/** Whether the request says it comes from the hub's own origin. */
export function isSameOrigin(c: Context, config: OriginConfig): boolean {
	if (c.req.header("sec-fetch-site") === "same-origin") return true;
	const own = new URL(publicBaseUrl(c, config)).origin;
	const origin = c.req.header("origin");
	if (origin !== undefined && origin !== "null") return originOf(origin) === own;
	return originOf(c.req.header("referer")) === own;
}

export function csrfGuard(config: OriginConfig): MiddlewareHandler<HubEnv> {
	return async (c, next) => {
		if (!SAFE_METHODS.has(c.req.method)) {
			const bySession = c.get("caller")?.via === "session";
			const signingIn = SIGN_IN_PATHS.has(new URL(c.req.url).pathname) && c.req.header("origin") !== undefined;
			if ((bySession || signingIn) && !isSameOrigin(c, config)) {
				throw new HubError(403, "Cross-site request refused: send it from the hub's own pages", {
					code: "CsrfRejected",
				});
			}
		}
		await next();
	};
}
