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
import type { Context, Next } from "hono";
import { Hono } from "hono";
import type { RouterDeps } from "./deps.js";
import { jsonError, prefixLength, rawSegments } from "./http.js";
import { serveLocally } from "./local-routes.js";
import {
	isProviderId,
	isRemoteProviderId,
	PROVIDER_UPSTREAMS,
	REMOTE_PROVIDER_IDS,
	type RemoteProviderId,
} from "./providers.js";
import { forwardToProvider, PROVIDER_PARAM } from "./proxy.js";

export type {
	LocalCompletionRequest,
	LocalRuntime,
	LocalTaskRequest,
	RouterDeps,
	RouterLogger,
	RouterUser,
} from "./deps.js";
export { DEFAULT_MAX_BODY_BYTES } from "./deps.js";
export { loadProviderKeys, type ProviderAccount, ProviderConfigError, type ProviderKeys } from "./provider-keys.js";
export { PROVIDER_UPSTREAMS, type ProviderId, type RemoteProviderId } from "./providers.js";

/** First path segments that belong to the hub (reference/hub-api.md), never to a provider. */
const HUB_SEGMENTS = new Set(["api", "datasets", "oauth", "spaces"]);

/** `/{org}/{name}.git/…` is a repository's git/LFS endpoint, even when the org shares a provider's name. */
function isRepositoryPath(rest: string): boolean {
	return /^[^/]+\.git(\/|$)/.test(rest);
}

export function routerRoutes(deps: RouterDeps): Hono {
	const app = new Hono();
	const guarded = (handler: (c: Context) => Promise<Response>) => async (c: Context) => {
		try {
			return await handler(c);
		} catch (error) {
			deps.logger?.error(`router: ${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
			return jsonError(500, "The router failed to handle this request");
		}
	};

	app.post(
		"/v1/chat/completions",
		guarded((c) => serveLocally(c, deps, ["v1", "chat", "completions"])),
	);
	app.post(
		"/:local{hf-inference}/:rest{.+}",
		guarded((c) => serveLocally(c, deps, rawSegments(c.req.url, prefixLength(c.req.routePath, ":local") + 1))),
	);
	const forward = guarded((c) => forwardToProvider(c, deps, c.req.param("provider") as RemoteProviderId));
	app.on(["GET", "POST"], `/${PROVIDER_PARAM}{${REMOTE_PROVIDER_IDS.join("|")}}/:rest{.+}`, (c, next) =>
		isRepositoryPath(c.req.param("rest") ?? "") ? next() : forward(c),
	);
	// Any other POST one level down is a call for a provider we cannot serve: say why.
	app.post("/:name/*", async (c: Context, next: Next) => {
		const name = c.req.param("name") ?? "";
		const rest = rawSegments(c.req.url, prefixLength(c.req.routePath, ":name") + 1).join("/");
		if (HUB_SEGMENTS.has(name) || isRepositoryPath(rest)) return next();
		return unservable(name);
	});
	return app;
}

function unservable(name: string): Response {
	if (isRemoteProviderId(name) || name === "hf-inference") {
		return jsonError(404, `Missing the provider route after /${name}/`);
	}
	if (isProviderId(name) && PROVIDER_UPSTREAMS[name].kind === "client-only") {
		return jsonError(400, `Provider ${name} only takes its own API key: call it directly, not through the hub`);
	}
	const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
	return jsonError(
		404,
		`Unknown provider ${JSON.stringify(shown)}. Known providers: ${REMOTE_PROVIDER_IDS.join(", ")}`,
	);
}
