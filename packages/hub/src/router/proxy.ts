/**
 * Forwarding to a third-party provider: a request that matches one of the
 * routes the inference client builds (`@hubkit/inference`'s INFERENCE_ROUTES)
 * goes to the provider with the operator's key instead of the user's token. A
 * follow-up (status, result) goes only for the caller whose call opened it.
 *
 * Answers: a server-sent-events stream is passed on as it arrives, and ends with
 * an SSE `error` event if the provider breaks off; anything else is read whole
 * (bounded) first, so a body that cannot be read becomes a 502, not a cut 200.
 */
import type { InferenceRouteMatch } from "@hubkit/inference";
import { followUpIds } from "@hubkit/inference";
import { readLimitedBody, readStreamLimited } from "../lib/streams.js";
import {
	DEFAULT_MAX_BODY_BYTES,
	DEFAULT_MAX_RESPONSE_BYTES,
	type RouterContext,
	type RouterDeps,
	type RouterUser,
} from "./deps.js";
import type { FollowUpStore } from "./follow-ups.js";
import { downstreamResponseHeaders, upstreamRequestHeaders } from "./headers.js";
import { authenticateRequest, bodyTooLarge, jsonError } from "./http.js";
import { envSuffix } from "./provider-keys.js";
import { operatorAuthorization, type RemoteProviderId, remoteUpstream } from "./providers.js";
import { sseErrorGuard } from "./sse-guard.js";
import { sendUpstream, type UpstreamError, type UpstreamResponse, upstreamFailure } from "./upstream.js";

/** The query parameter the client adds to pick a provider host (fal.ai's queue). */
const SUBDOMAIN_PARAM = "_subdomain";

export async function forwardToProvider(
	c: RouterContext,
	deps: RouterDeps,
	followUps: FollowUpStore,
	provider: RemoteProviderId,
	match: InferenceRouteMatch,
	/** The path after `/{provider}/`, still percent-encoded. */
	path: string,
): Promise<Response> {
	const caller = await authenticateRequest(c.req.raw, (token) => deps.authenticate(token, c));
	if (caller instanceof Response) return caller;
	const account = deps.providerKeys[provider];
	if (!account?.key) {
		return jsonError(
			400,
			`Provider ${provider} is not configured on this hub: the operator has not set its key (HUBKIT_PROVIDER_KEY_${envSuffix(provider)})`,
			"ProviderNotConfigured",
		);
	}
	const { route } = match;
	if (route.kind === "follow-up" && !(match.id && (await followUps.owns(provider, match.id, caller.user)))) {
		deps.logger?.warn(`router: ${caller.user} asked about a ${provider} request it did not start`);
		return jsonError(
			403,
			`This ${provider} request was not started through this hub by you (or it is over a day old)`,
			"FollowUpNotYours",
		);
	}
	const target = upstreamUrl(c.req.url, path, deps, provider, route.query[SUBDOMAIN_PARAM]);
	if (target instanceof Response) return target;

	let body: Uint8Array | undefined;
	if (c.req.method === "POST") {
		const limit = deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
		const read = await readLimitedBody(c.req.raw, limit);
		if (read === "too-large") return bodyTooLarge(limit);
		body = read;
	}
	const described = `${c.req.method} /${provider}/${route.path}`;
	// Ends the provider call when the client goes away, or when the hub shuts down.
	const signal = deps.shutdownSignal ? AbortSignal.any([c.req.raw.signal, deps.shutdownSignal]) : c.req.raw.signal;
	let upstream: UpstreamResponse;
	try {
		upstream = await sendUpstream(
			target,
			{
				method: c.req.method,
				headers: upstreamRequestHeaders(c.req.raw.headers, operatorAuthorization(provider, account.key)),
				body,
				signal,
			},
			deps.upstreamTimeouts,
		);
	} catch (error) {
		// Not a 503, which clients send again at once: the provider may already have run the call.
		if (deps.shutdownSignal?.aborted) {
			return jsonError(
				502,
				`The hub shut down before ${provider} answered; the call may still have run there`,
				"HubShuttingDown",
			);
		}
		if (signal.aborted) {
			deps.logger?.info(`router: ${caller.user} ${described} closed by the client`);
			return jsonError(499, "Client closed the request");
		}
		return failed(deps, caller, described, provider, upstreamFailure(error));
	}
	deps.logger?.info(`router: ${caller.user} ${described} → ${upstream.status}`);
	if (upstream.status === 401) {
		// The provider refused the operator's key, not the user's token: a 401 would send the user after the wrong one.
		await upstream.body.cancel();
		deps.logger?.warn(`router: provider ${provider} rejected the operator's key`);
		return jsonError(
			502,
			`Provider ${provider} rejected this hub's key for it; ask the hub operator to check it`,
			"UpstreamKeyRejected",
		);
	}
	const headers = downstreamResponseHeaders(upstream.headers);
	const init = { status: upstream.status, statusText: upstream.statusText, headers };
	if (isEventStream(upstream.headers)) {
		return new Response(
			sseErrorGuard(upstream.body, (error) => streamBroke(deps, caller, described, error)),
			init,
		);
	}
	const limit = deps.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
	let answer: Uint8Array<ArrayBuffer> | "too-large";
	try {
		answer = await readStreamLimited(upstream.body, limit);
	} catch (error) {
		if (signal.aborted) return jsonError(499, "Client closed the request");
		return failed(deps, caller, described, provider, upstreamFailure(error));
	}
	if (answer === "too-large") {
		deps.logger?.warn(`router: ${caller.user} ${described} answer over ${limit} bytes`);
		return jsonError(502, `Provider ${provider} answered with more than ${limit} bytes`, "UpstreamResponseTooLarge");
	}
	if (route.kind === "call" && upstream.status < 300) {
		const ids = followUpIds(route, parseJson(answer, upstream.headers));
		if (ids.length > 0) await followUps.remember(provider, ids, caller.user);
	}
	return new Response(answer, init);
}

function failed(
	deps: RouterDeps,
	caller: RouterUser,
	described: string,
	provider: string,
	error: UpstreamError,
): Response {
	deps.logger?.warn(`router: ${caller.user} ${described} failed: ${error.failure} (${error.detail})`);
	return upstreamErrorResponse(error, `Provider ${provider}`);
}

/** A failed upstream call as the client's error: 504 for a deadline, 502 otherwise. `who` starts the message. */
export function upstreamErrorResponse(error: UpstreamError, who: string): Response {
	if (error.timedOut) {
		const phase = error.failure.replace("-timeout", "").replace("-", " ");
		return jsonError(504, `${who} timed out (${phase})`, "UpstreamTimeout");
	}
	if (error.failure === "undecodable") {
		return jsonError(502, `${who} sent an answer that could not be decoded`, "UpstreamUndecodable");
	}
	return jsonError(502, `${who} could not be reached`, "UpstreamUnreachable");
}

/** Logs a stream the provider broke off; returns the JSON error the client gets as an SSE event. */
function streamBroke(deps: RouterDeps, caller: RouterUser, described: string, error: unknown): { error: string } {
	const failure = upstreamFailure(error);
	deps.logger?.warn(`router: ${caller.user} ${described} stream broke: ${failure.failure} (${failure.detail})`);
	return { error: streamBrokeMessage(failure, "The provider") };
}

/** What the client's stream ends with when the upstream one broke off. */
export function streamBrokeMessage(failure: UpstreamError, who: string): string {
	const why = failure.timedOut
		? "went quiet"
		: failure.failure === "undecodable"
			? "sent data that could not be decoded"
			: "closed the stream";
	return `${who} ${why} before the answer was complete`;
}

export function isEventStream(headers: Headers): boolean {
	return (headers.get("content-type") ?? "").toLowerCase().startsWith("text/event-stream");
}

function parseJson(body: Uint8Array, headers: Headers): unknown {
	if (!(headers.get("content-type") ?? "").toLowerCase().includes("json")) return undefined;
	try {
		return JSON.parse(new TextDecoder().decode(body));
	} catch {
		return undefined;
	}
}

/**
 * The provider URL: its host (or the `_subdomain` host the route names), then
 * the path and query as the client sent them, less `_subdomain`. The route
 * matched already, so the path holds no dot segments or smuggled separators.
 */
function upstreamUrl(
	url: string,
	path: string,
	deps: RouterDeps,
	provider: RemoteProviderId,
	subdomain: string | undefined,
): string | Response {
	const parsed = new URL(url);
	parsed.searchParams.delete(SUBDOMAIN_PARAM);
	const query = parsed.searchParams.toString();
	const base = baseUrl(deps, provider, subdomain);
	if (base === undefined) {
		return jsonError(
			400,
			`Provider ${provider} has no host for ${SUBDOMAIN_PARAM}=${String(subdomain).slice(0, 40)}`,
			"RouteNotAllowed",
		);
	}
	return `${base.replace(/\/+$/, "")}/${path}${query ? `?${query}` : ""}`;
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
