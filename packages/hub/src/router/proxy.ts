/**
 * Forwarding to a third-party provider: `{GET,POST} /{provider}/{route}` goes to
 * `{provider base URL}/{route}` with the operator's key instead of the user's
 * token, and the answer (status, headers, body) streams back as it arrives.
 */
import type { Context } from "hono";
import type { RouterDeps } from "./deps.js";
import { DEFAULT_MAX_BODY_BYTES } from "./deps.js";
import { downstreamResponseHeaders, upstreamRequestHeaders } from "./headers.js";
import {
	authenticateRequest,
	bodyTooLarge,
	decodeSegment,
	jsonError,
	prefixLength,
	rawSegments,
	readLimitedBody,
} from "./http.js";
import { envSuffix } from "./provider-keys.js";
import { operatorAuthorization, type RemoteProviderId, remoteUpstream } from "./providers.js";

/** The query parameter the client adds to pick a provider host (fal.ai's queue). */
const SUBDOMAIN_PARAM = "_subdomain";

/** The route pattern's provider parameter, also used to find the mount prefix. */
export const PROVIDER_PARAM = ":provider";

export async function forwardToProvider(c: Context, deps: RouterDeps, provider: RemoteProviderId): Promise<Response> {
	const caller = await authenticateRequest(c.req.raw, deps.authenticate);
	if (caller instanceof Response) return caller;
	const account = deps.providerKeys[provider];
	if (!account?.key) {
		return jsonError(
			503,
			`Provider ${provider} is not configured on this hub: the operator has not set its key (HUBKIT_PROVIDER_KEY_${envSuffix(provider)})`,
		);
	}
	const target = upstreamUrl(c, deps, provider);
	if (target instanceof Response) return target;

	let body: Uint8Array<ArrayBuffer> | undefined;
	if (c.req.method !== "GET" && c.req.method !== "HEAD") {
		const limit = deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
		const read = await readLimitedBody(c.req.raw, limit);
		if (read === "too-large") return bodyTooLarge(limit);
		body = read;
	}
	const route = `${c.req.method} /${provider}/${target.route}`;
	const signal = c.req.raw.signal;
	let upstream: Response;
	try {
		upstream = await (deps.fetch ?? fetch)(target.url, {
			method: c.req.method,
			headers: upstreamRequestHeaders(c.req.raw.headers, operatorAuthorization(provider, account.key)),
			body,
			signal,
			// A redirect is the provider's answer to the client; following it here could carry the key elsewhere.
			redirect: "manual",
		});
	} catch (error) {
		if (signal.aborted) {
			deps.logger?.info(`router: ${caller.user} ${route} closed by the client`);
			return jsonError(499, "Client closed the request");
		}
		deps.logger?.warn(`router: ${caller.user} ${route} unreachable (${failureCode(error)})`);
		return jsonError(502, `Provider ${provider} could not be reached`);
	}
	deps.logger?.info(`router: ${caller.user} ${route} → ${upstream.status}`);
	if (upstream.status === 401) {
		// The provider refused the operator's key, not the user's token: a 401 would send the user after the wrong one.
		await upstream.body?.cancel();
		deps.logger?.warn(`router: provider ${provider} rejected the operator's key`);
		return jsonError(502, `Provider ${provider} rejected this hub's key for it; ask the hub operator to check it`);
	}
	return new Response(upstream.body, {
		status: upstream.status,
		statusText: upstream.statusText,
		headers: downstreamResponseHeaders(upstream.headers),
	});
}

interface UpstreamTarget {
	url: string;
	/** The provider-side route, for logs. */
	route: string;
}

function upstreamUrl(c: Context, deps: RouterDeps, provider: RemoteProviderId): UpstreamTarget | Response {
	const segments = rawSegments(c.req.url, prefixLength(c.req.routePath, PROVIDER_PARAM) + 1);
	if (segments.some((segment) => decodeSegment(segment) === undefined)) {
		return jsonError(400, "Malformed path: empty, dot or encoded-separator segments are not forwarded");
	}
	const route = segments.join("/");
	const search = new URL(c.req.url).search.slice(1);
	const kept: string[] = [];
	let subdomain: string | undefined;
	for (const pair of search ? search.split("&") : []) {
		const [name = "", value = ""] = pair.split("=", 2);
		if (safeDecode(name) === SUBDOMAIN_PARAM) subdomain = safeDecode(value);
		else kept.push(pair);
	}
	const base = baseUrl(deps, provider, subdomain);
	if (base === undefined) {
		return jsonError(400, `Provider ${provider} has no host for ${SUBDOMAIN_PARAM}=${String(subdomain).slice(0, 40)}`);
	}
	const query = kept.length ? `?${kept.join("&")}` : "";
	return { url: `${base.replace(/\/+$/, "")}/${route}${query}`, route };
}

/** Overrides first (a subdomain's own, then the provider's), then the built-in host. */
function baseUrl(deps: RouterDeps, provider: RemoteProviderId, subdomain: string | undefined): string | undefined {
	const upstream = remoteUpstream(provider);
	const override = deps.providerBaseUrls?.[provider] ?? deps.providerKeys[provider]?.baseUrl;
	if (subdomain === undefined) return override ?? upstream.baseUrl;
	const builtIn = upstream.subdomains?.[subdomain];
	if (builtIn === undefined || !Object.hasOwn(upstream.subdomains ?? {}, subdomain)) return undefined;
	// An operator who moved the provider elsewhere (a proxy) gets its subdomain calls there too.
	return deps.providerBaseUrls?.[`${provider}.${subdomain}`] ?? override ?? builtIn;
}

function safeDecode(text: string): string {
	try {
		return decodeURIComponent(text.replaceAll("+", " "));
	} catch {
		return text;
	}
}

/** A short, secret-free reason for a failed fetch (e.g. ECONNREFUSED). */
function failureCode(error: unknown): string {
	const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
	if (typeof cause?.code === "string") return cause.code;
	return error instanceof Error ? error.name : "unknown error";
}
