/**
 * The hub is the site's front door: a request no hub route answered is handed to
 * the web server (`HUBKIT_WEB_URL`, the Next.js process on an internal port), so
 * people and clients share one origin. Status, headers and body are streamed
 * through untouched; redirects are passed on to the browser, not followed here.
 *
 * Paths the hub owns as a namespace (`/api/…`, `/v1/…`) keep the hub's JSON 404,
 * so a client that mistypes an API route never receives an HTML page.
 *
 * The site sends its own security headers (apps/web/next.config.ts: the page CSP, framing,
 * referrer, nosniff); the hub adds the ones that cannot break a page wherever the site left one
 * out (an older build, another web server behind `HUBKIT_WEB_URL`), so no page of this origin
 * can be framed by another site or have its type guessed.
 *
 * Two things a page cannot do for itself are done here, where every page answer passes:
 * - The session cookie is HttpOnly, so a page cannot tell whether anyone is signed in without
 *   asking `/api/whoami-v2`, which answers 401 (a console error) to the anonymous, as clients
 *   expect. Each answer sets or clears the readable `hubkit_signed_in` cookie to match the
 *   session the hub found on the request (a stale session cookie counts as signed out).
 * - Next.js renders a `notFound()` thrown while a dynamic page renders as an empty error
 *   document (`<html id="__next_error__">`, drawn by JavaScript only; vercel/next.js#62228),
 *   while an address no route matches gets its prerendered not-found page. Such an empty 404
 *   is answered with that page instead: the same layout, theme script and text, status 404.
 */
import type { Context, NotFoundHandler } from "hono";
import { getCookie } from "hono/cookie";
import { SIGNED_IN_COOKIE } from "../auth/sessions.js";
import type { HubEnv } from "../deps.js";

/** Methods pages use: reads, and POST for forms (server actions). */
const FORWARDED_METHODS = new Set(["GET", "HEAD", "POST"]);
const HUB_NAMESPACES = ["/api/", "/v1/"];

/** Connection-level headers describe one hop and must not be passed along (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
	"connection",
	"keep-alive",
	"proxy-authenticate",
	"proxy-authorization",
	"proxy-connection",
	"te",
	"trailer",
	"transfer-encoding",
	"upgrade",
	"host",
]);

/** Set on every page answer that does not carry its own. */
export const SITE_BASELINE_HEADERS: Readonly<Record<string, string>> = {
	"content-security-policy": "frame-ancestors 'none'",
	"x-frame-options": "DENY",
	"x-content-type-options": "nosniff",
	"referrer-policy": "strict-origin-when-cross-origin",
};

export interface SiteProxyOptions {
	/** Base URL of the web server, e.g. `http://127.0.0.1:8788`. */
	webUrl: string;
	/** Answers the requests that stay the hub's (unknown API paths, other methods). */
	fallback: NotFoundHandler<HubEnv>;
	/** Where a page moved (a renamed repository's pages): answered with a 307 before the site is asked. */
	movedPage?: (c: Context<HubEnv>, url: URL) => Promise<string | undefined>;
	/** Logged (without query strings) when the web server cannot be reached. */
	onError?: (message: string, error: unknown) => void;
	/** Whether cookies set here get `Secure` (the hub's public URL is https). */
	secureCookies?: (c: Context<HubEnv>) => boolean;
}

/** The site's not-found page as it renders it for an address no route matches (prerendered, so cheap). */
const NOT_FOUND_PAGE = "/_not-found";
/** What Next.js sends instead of a page when `notFound()` escaped the render. */
const EMPTY_ERROR_DOCUMENT = '<html id="__next_error__"';
/** Request headers that would make the not-found page's answer a 304 or a flight payload. */
const PAGE_ONLY_DROPPED = [
	"if-none-match",
	"if-modified-since",
	"rsc",
	"next-router-prefetch",
	"next-router-state-tree",
];

/** The client address as the socket saw it; absent when the app runs in process (tests). */
function remoteAddress(c: Context<HubEnv>): string | undefined {
	const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
	return incoming?.socket?.remoteAddress;
}

function forwardedRequestHeaders(c: Context<HubEnv>, url: URL): Headers {
	const headers = new Headers();
	for (const [name, value] of c.req.raw.headers) {
		if (!HOP_BY_HOP.has(name)) headers.set(name, value);
	}
	// The body must arrive as the web server wrote it: ask for no compression, so the bytes
	// fetch hands back are the bytes on the wire and Content-Length stays true.
	headers.set("accept-encoding", "identity");
	const address = remoteAddress(c);
	const priorFor = c.req.header("x-forwarded-for");
	if (address) headers.set("x-forwarded-for", priorFor ? `${priorFor}, ${address}` : address);
	headers.set("x-forwarded-host", c.req.header("host") ?? url.host);
	headers.set("x-forwarded-proto", url.protocol.replace(":", ""));
	return headers;
}

/** The `Set-Cookie` that brings the signed-in hint in line with the session, or undefined when it already is. */
function signedInHint(c: Context<HubEnv>, secure: boolean): string | undefined {
	const signedIn = c.get("caller")?.via === "session";
	const hinted = getCookie(c, SIGNED_IN_COOKIE) === "1";
	if (signedIn === hinted) return undefined;
	// No Max-Age: every page answer sets it again, so it never outlives the session it describes.
	const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
	return signedIn ? `${SIGNED_IN_COOKIE}=1; ${attributes}` : `${SIGNED_IN_COOKIE}=; Max-Age=0; ${attributes}`;
}

/**
 * The body of a 404 page answer, read whole (they are small): for an empty error document, the
 * site's not-found page instead (`replaced`), sent with the first answer's headers. Undefined for
 * every other answer, which is streamed through as it is.
 */
async function renderedNotFound(
	upstream: Response,
	base: URL,
	requestHeaders: Headers,
	signal: AbortSignal,
): Promise<{ body: string; replaced: boolean } | undefined> {
	if (upstream.status !== 404 || !upstream.headers.get("content-type")?.startsWith("text/html")) return undefined;
	const text = await upstream.text();
	if (!text.includes(EMPTY_ERROR_DOCUMENT)) return { body: text, replaced: false };
	const headers = new Headers(requestHeaders);
	for (const name of PAGE_ONLY_DROPPED) headers.delete(name);
	try {
		const page = await fetch(new URL(NOT_FOUND_PAGE, base), { headers, redirect: "manual", signal });
		const body = await page.text();
		if (page.status === 404 && page.headers.get("content-type")?.startsWith("text/html")) {
			return { body, replaced: true };
		}
	} catch {
		// The empty document is still a 404; send it rather than fail the request.
	}
	return { body: text, replaced: false };
}

function responseHeaders(upstream: Response): Headers {
	const headers = new Headers();
	for (const [name, value] of upstream.headers) {
		if (!HOP_BY_HOP.has(name) && name !== "set-cookie") headers.set(name, value);
	}
	for (const cookie of upstream.headers.getSetCookie()) headers.append("set-cookie", cookie);
	for (const [name, value] of Object.entries(SITE_BASELINE_HEADERS)) {
		if (!headers.has(name)) headers.set(name, value);
	}
	if (headers.has("content-encoding")) {
		// fetch has already decoded the body; the header and length would now lie.
		headers.delete("content-encoding");
		headers.delete("content-length");
	}
	return headers;
}

export function siteProxy(options: SiteProxyOptions): NotFoundHandler<HubEnv> {
	const base = new URL(options.webUrl);
	return async (c) => {
		const url = new URL(c.req.url);
		const ownedByHub = HUB_NAMESPACES.some((prefix) => url.pathname.startsWith(prefix));
		if (ownedByHub || !FORWARDED_METHODS.has(c.req.method)) return options.fallback(c);
		if (c.req.method !== "POST") {
			const moved = await options.movedPage?.(c, url);
			if (moved) return c.redirect(moved, 307);
		}

		const target = new URL(`${url.pathname}${url.search}`, base);
		const hasBody = c.req.method === "POST";
		const requestHeaders = forwardedRequestHeaders(c, url);
		let upstream: Response;
		let notFoundPage: { body: string; replaced: boolean } | undefined;
		try {
			upstream = await fetch(target, {
				method: c.req.method,
				headers: requestHeaders,
				body: hasBody ? c.req.raw.body : undefined,
				redirect: "manual",
				signal: c.req.raw.signal,
				...(hasBody ? { duplex: "half" } : {}),
			} as RequestInit);
			if (c.req.method === "GET")
				notFoundPage = await renderedNotFound(upstream, base, requestHeaders, c.req.raw.signal);
		} catch (error) {
			options.onError?.(`site proxy: ${c.req.method} ${url.pathname} could not reach the web server`, error);
			const requestId = c.get("requestId");
			return c.json({ error: "The site is not reachable right now" }, 502, {
				"X-Error-Code": "SiteUnavailable",
				...(requestId ? { "X-Request-Id": requestId } : {}),
			});
		}
		const headers = responseHeaders(upstream);
		const hint = signedInHint(c, options.secureCookies?.(c) ?? false);
		if (hint) headers.append("set-cookie", hint);
		if (notFoundPage?.replaced) {
			headers.delete("content-length");
			headers.delete("etag");
		}
		return new Response(c.req.method === "HEAD" ? null : (notFoundPage?.body ?? upstream.body), {
			status: upstream.status,
			statusText: upstream.statusText,
			headers,
		});
	};
}
