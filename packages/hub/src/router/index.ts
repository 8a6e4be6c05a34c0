/**
 * The router: inference calls made with a hub token. Third-party providers get
 * the call with the operator's key (proxy.ts); hf-inference is the hub's own
 * local runtime (local-routes.ts).
 *
 * Mount it after the hub's own routes: its `/{provider}/…` paths share the
 * root with `/{author}/{name}/…`, and an org may carry a provider's name. It
 * also works under a prefix (`app.route("/router", routerRoutes(deps))`, with
 * the client's `routerUrl` set to match).
 */
import { INFERENCE_ROUTES, type InferenceRouteMatch, matchInferenceRoute } from "@hubkit/inference";
import { PIPELINE_DATA } from "@hubkit/tasks";
import type { Next } from "hono";
import { Hono } from "hono";
import type { HubEnv } from "../deps.js";
import { isReservedName } from "../reserved-names.js";
import type { RouterContext, RouterDeps } from "./deps.js";
import { type FollowUpStore, memoryFollowUps } from "./follow-ups.js";
import { jsonError, prefixLength, rawSegments } from "./http.js";
import { parseLocalPath, serveLocally } from "./local-routes.js";
import { isProviderId, PROVIDER_UPSTREAMS, REMOTE_PROVIDER_IDS, type RemoteProviderId } from "./providers.js";
import { forwardToProvider } from "./proxy.js";

export type {
	InferenceCall,
	LocalCompletionRequest,
	LocalRuntime,
	LocalTaskRequest,
	RouterContext,
	RouterDeps,
	RouterLogger,
	RouterUser,
} from "./deps.js";
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_RESPONSE_BYTES, type EndpointModelFacts } from "./deps.js";
export {
	EndpointConfigError,
	type InferenceEndpoint,
	type InferenceEndpoints,
	loadEndpoints,
	NO_ENDPOINTS,
	parseEndpoints,
} from "./endpoints.js";
export { FOLLOW_UP_LIFETIME_MS, type FollowUpStore, memoryFollowUps } from "./follow-ups.js";
export { loadProviderKeys, type ProviderAccount, ProviderConfigError, type ProviderKeys } from "./provider-keys.js";
export { PROVIDER_UPSTREAMS, type ProviderId, type RemoteProviderId } from "./providers.js";
export { DEFAULT_UPSTREAM_TIMEOUTS, type UpstreamTimeouts } from "./upstream.js";

/** `/{org}/{name}.git/…` is a repository's git/LFS endpoint, even when the org shares a provider's name. */
function isRepositoryPath(rest: string): boolean {
	return /^[^/]+\.git(\/|$)/.test(rest);
}

/** What a request under `/{name}/…` is to the router. */
type Claim =
	| { kind: "remote"; provider: RemoteProviderId; match: InferenceRouteMatch }
	| { kind: "refuse"; response: Response }
	/** Not the router's: a model page, a site page, a hub route, or nothing at all. */
	| undefined;

export function routerRoutes(deps: RouterDeps): Hono<HubEnv> {
	const app = new Hono<HubEnv>();
	const followUps: FollowUpStore = deps.followUps ?? memoryFollowUps();
	const guarded = (handler: (c: RouterContext) => Promise<Response>) => async (c: RouterContext) => {
		try {
			return await handler(c);
		} catch (error) {
			const requestId = c.get("requestId");
			deps.logger?.error(`router: ${c.req.method} ${new URL(c.req.url).pathname} failed`, error, { requestId });
			return jsonError(500, "The router failed to handle this request");
		}
	};
	/** Times the call and tells the host which provider and task it was, once answered. */
	const observed = async (provider: string, task: (answer: Response) => string, answering: Promise<Response>) => {
		if (!deps.onInference) return await answering;
		const started = performance.now();
		const answer = await answering;
		const seconds = (performance.now() - started) / 1000;
		deps.onInference({ provider, task: task(answer), status: answer.status, seconds });
		return answer;
	};
	const local = (segments: (c: RouterContext) => string[]) =>
		guarded((c) => {
			const parts = segments(c);
			return observed("hf-inference", () => localTaskLabel(parts, c), serveLocally(c, deps, parts));
		});

	app.post(
		"/v1/chat/completions",
		local(() => ["v1", "chat", "completions"]),
	);
	app.post(
		"/v1/embeddings",
		local(() => ["v1", "embeddings"]),
	);
	app.post(
		"/:local{hf-inference}/:rest{.+}",
		local((c) => rawSegments(c.req.url, prefixLength(c.req.routePath, ":local") + 1)),
	);
	// Exactly the routes the inference client builds; every other path steps aside for the hub and the site.
	app.on(["GET", "POST"], "/:name/:rest{.+}", async (c: RouterContext, next: Next) => {
		const name = c.req.param("name") ?? "";
		const path = rawSegments(c.req.url, prefixLength(c.req.routePath, ":name") + 1).join("/");
		const claim = claimOf(name, c.req.method, path, new URL(c.req.url).search);
		if (claim === undefined) return next();
		if (claim.kind === "refuse") return claim.response;
		const task = remoteTaskLabel(claim.match);
		return guarded((context) =>
			observed(
				claim.provider,
				() => task,
				forwardToProvider(context, deps, followUps, claim.provider, claim.match, path),
			),
		)(c);
	});
	return app;
}

/** The task of a local call, for the metrics: from the path, or the one the runtime ran. */
function localTaskLabel(segments: string[], c: RouterContext): string {
	const call = parseLocalPath(segments);
	if (call instanceof Response) return "none";
	if (call.kind === "chat") return "conversational";
	if (call.kind === "completion") return "text-generation";
	if (call.kind === "embeddings") return "feature-extraction";
	const task = call.task ?? c.get("answeredTask");
	// A model's pipeline tag is whatever its card says: only the catalogue's tasks become labels.
	return task !== undefined && Object.hasOwn(PIPELINE_DATA, task) ? task : "unknown";
}

/** A provider route serves one task or a few; a follow-up is about a call already counted. */
function remoteTaskLabel(match: InferenceRouteMatch): string {
	if (match.route.kind === "follow-up") return "follow-up";
	return match.route.tasks.join("|") || "unknown";
}

function claimOf(name: string, method: string, path: string, search: string): Claim {
	if (isRepositoryPath(path) || isReservedName(name)) return undefined;
	if (isProviderId(name)) {
		const match = matchInferenceRoute(name, method, `${path}${search}`);
		if (!match) return undefined;
		const upstream = PROVIDER_UPSTREAMS[name];
		if (upstream.kind === "remote") return { kind: "remote", provider: name as RemoteProviderId, match };
		if (upstream.kind === "client-only") {
			const message = `Provider ${name} only takes its own API key: call it directly, not through the hub`;
			return { kind: "refuse", response: jsonError(400, message, "ProviderNotRoutable") };
		}
		return undefined;
	}
	// A provider call with a name no provider has (a typo, a provider this hub does not know yet).
	if (method === "POST" && looksLikeProviderCall(path)) {
		const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
		const message = `Unknown provider ${JSON.stringify(shown)}. Known providers: ${REMOTE_PROVIDER_IDS.join(", ")}`;
		return { kind: "refuse", response: jsonError(404, message, "UnknownProvider") };
	}
	return undefined;
}

/** Call routes with a fixed word in them (`v1/chat/completions`), not bare `{model}` ones, which fit any path. */
const SHAPED_CALLS = INFERENCE_ROUTES.filter(
	(route) => route.kind === "call" && route.path.split("/").some((segment) => !segment.startsWith("{")),
);

function looksLikeProviderCall(path: string): boolean {
	return SHAPED_CALLS.some((route) => matchInferenceRoute(route.provider, "POST", path)?.route === route);
}
