/**
 * The hub's HTTP app: middleware in the order a request meets it, then one
 * route module per resource, then the inference router. Handlers stay thin;
 * services under services/ do the work (their queries are written once for
 * both engines), and what differs between engines is kept in db/.
 */
import { Hono } from "hono";
import { cors } from "hono/cors";
import type { Caller } from "./auth/caller.js";
import type { HubDeps, HubEnv } from "./deps.js";
import { HubError } from "./errors.js";
import type { HubLocalRuntime } from "./local-inference/local-runtime.js";
import { createHubMetrics, type HubMetrics } from "./metrics.js";
import { anonymousAdmission } from "./middleware/anonymous-limit.js";
import { bodyLimits } from "./middleware/body-limit.js";
import { identifyCaller } from "./middleware/caller.js";
import { csrfGuard } from "./middleware/csrf.js";
import { errorHandler, notFoundHandler } from "./middleware/errors.js";
import { observeRequests } from "./middleware/observe.js";
import { pathGuard } from "./middleware/path-guard.js";
import type { RateLimiter } from "./middleware/rate-limit.js";
import { requestId } from "./middleware/request-id.js";
import { ROUTE_DOCS } from "./openapi/route-docs.js";
import { publicBaseUrl } from "./public-url.js";
import { type LocalRuntime, type RouterDeps, routerRoutes } from "./router/index.js";
import { accountRoutes } from "./routes/accounts.js";
import { adminRoutes } from "./routes/admin.js";
import { avatarRoutes } from "./routes/avatars.js";
import { cardValidationRoutes } from "./routes/card-validation.js";
import { commitRoutes } from "./routes/commits.js";
import { datasetRoutes } from "./routes/datasets.js";
import { demoAssetRoutes } from "./routes/demo-assets.js";
import { fileRoutes } from "./routes/files.js";
import { gitHttpRoutes } from "./routes/git-http.js";
import { healthRoutes } from "./routes/health.js";
import { lfsRoutes } from "./routes/lfs.js";
import { metricsRoutes } from "./routes/metrics.js";
import { modelRoutes } from "./routes/models.js";
import { oauthRoutes } from "./routes/oauth.js";
import { openAiModelRoutes } from "./routes/openai-models.js";
import { openApiRoutes } from "./routes/openapi.js";
import { organizationRoutes } from "./routes/organizations.js";
import { profileRoutes } from "./routes/profiles.js";
import { providerRoutes } from "./routes/providers.js";
import { refRoutes } from "./routes/refs.js";
import { repoAdminRoutes } from "./routes/repo-admin.js";
import { siteProxy } from "./routes/site-proxy.js";
import { storageRoutes } from "./routes/storage.js";
import { taskRoutes } from "./routes/tasks.js";
import { upstreamMirrorMiddleware } from "./routes/upstream-reads.js";
import { whoamiRoutes } from "./routes/whoami.js";
import { isXetCasPath, xetRoutes } from "./routes/xet.js";
import { xetReadRoutes } from "./routes/xet-reads.js";
import { MAX_AVATAR_BYTES } from "./services/avatar-upload.js";
import { endpointModelFacts } from "./services/endpoint-models.js";
import { modelInfoCacheCounts } from "./services/model-info-cache.js";
import { movedPageLocation } from "./services/repo-redirect.js";
import { databaseFollowUps } from "./services/router-follow-ups.js";
import { sharedRateLimiter } from "./services/shared-rate-limit.js";
import { UpstreamMirror } from "./services/upstream-mirror.js";

/** Headers browser clients must be able to read (reference/hub-api.md §0, CORS). */
export const EXPOSED_HEADERS = [
	"X-Repo-Commit",
	"X-Request-Id",
	"X-Error-Code",
	"X-Error-Message",
	"X-Total-Count",
	"X-Total-Count-At-Least",
	"X-Linked-Size",
	"X-Linked-ETag",
	"ETag",
	"Link",
	"Accept-Ranges",
	"Content-Range",
	"Retry-After",
	"X-Xet-Hash",
	"X-Xet-Refresh-Route",
];

export interface HubAppOptions {
	/** Provider keys, base URLs, local runtime; the router's token check always uses the hub's own. */
	router?: Omit<RouterDeps, "authenticate">;
	/** Where `/metrics` reads from; one of the app's own when left out (several apps may share a process). */
	metrics?: HubMetrics;
}

/**
 * The router asks about bare tokens; the hub's auth reads Authorization values. A request whose
 * caller the middleware already identified (same Authorization header) is answered from that,
 * not with a second hash and query.
 */
function routerAuthenticate(deps: HubDeps): RouterDeps["authenticate"] {
	// A token an OAuth app was given runs inference only when the person granted `inference-api`.
	const mayInfer = (caller: Caller) => !caller.oauthScopes || caller.oauthScopes.includes("inference-api");
	return async (token, c) => {
		const known = c?.get("caller");
		if (known) return mayInfer(known) ? { user: known.userName } : undefined;
		try {
			const caller = await deps.auth.identify(`Bearer ${token}`);
			return caller && mayInfer(caller) ? { user: caller.userName } : undefined;
		} catch (error) {
			if (error instanceof HubError) return undefined;
			throw error;
		}
	};
}

/** The anonymous limit's buckets in the database, or none when anonymous use is off. */
function sharedAnonymousLimiter(deps: HubDeps): RateLimiter | undefined {
	const { anonymousRateLimitPerMinute: perMinute, anonymousRateLimitBurst } = deps.config;
	if (perMinute <= 0) return undefined;
	return sharedRateLimiter(deps.db, { perMinute, burst: Math.max(1, anonymousRateLimitBurst) });
}

/** What the metrics read at each scrape: the model-info cache, and the local runtime's queues when it has them. */
function watchGauges(metrics: HubMetrics, deps: HubDeps, runtime: LocalRuntime | undefined): void {
	metrics.watchModelInfoCache(() => modelInfoCacheCounts(deps.db));
	if (runtime && "load" in runtime && "completionLoad" in runtime) {
		const pools = runtime as HubLocalRuntime;
		metrics.watchPool("tasks", () => pools.load);
		metrics.watchPool("completions", () => pools.completionLoad);
	}
}

export function createHubApp(deps: HubDeps, options: HubAppOptions = {}): Hono<HubEnv> {
	const app = new Hono<HubEnv>();
	const metrics = options.metrics ?? createHubMetrics();
	watchGauges(metrics, deps, options.router?.localRuntime);
	app.use("*", requestId());
	// Outside everything else, so its time and status are the client's.
	app.use("*", observeRequests({ metrics, logger: deps.logger }));
	const preflight = cors({ origin: "*", exposeHeaders: EXPOSED_HEADERS, maxAge: 600 });
	const exposed = EXPOSED_HEADERS.join(",");
	app.use("*", async (c, next) => {
		// The OAuth token endpoint answers its own preflight, for its apps' origins only (routes/oauth.ts).
		if (c.req.method === "OPTIONS" && c.req.path !== "/oauth/token") return preflight(c, next);
		await next();
		// Set once the handler has answered: reading c.res any earlier (as Hono's cors does) makes
		// Hono rebuild every response from a copy, which costs the server's fast write path.
		// The OAuth token and userinfo endpoints name the origins they answer (routes/oauth.ts).
		if (!c.res.headers.has("Access-Control-Allow-Origin")) c.res.headers.set("Access-Control-Allow-Origin", "*");
		c.res.headers.set("Access-Control-Expose-Headers", exposed);
	});
	app.use("*", pathGuard());
	// Before the caller middleware: a scraper's metrics token is not a hub token.
	app.route("/", metricsRoutes(metrics, deps.config.metricsToken));
	app.use(
		"*",
		bodyLimits({
			api: deps.config.bodyLimitBytes,
			router: deps.config.routerBodyLimitBytes,
			upload: deps.config.uploadBodyLimitBytes,
			avatar: MAX_AVATAR_BYTES,
		}),
	);
	// The Xet CAS routes carry a Xet token, which they check themselves (routes/xet.ts).
	app.use("*", identifyCaller(deps.auth, isXetCasPath));
	// After the caller is known: only cookie-authenticated (and sign-in) requests are checked.
	app.use("*", csrfGuard(deps.config));
	const { upstream } = deps.config;
	if (upstream) app.use("*", upstreamMirrorMiddleware(new UpstreamMirror(deps, { ...deps.config, upstream })));

	app.route("/", healthRoutes(deps));
	app.route(
		"/",
		openApiRoutes(deps.config, () => app.routes, ROUTE_DOCS),
	);
	app.route("/", taskRoutes(deps, { localRuntime: options.router?.localRuntime !== undefined }));
	app.route("/", modelRoutes(deps));
	app.route("/", openAiModelRoutes(deps));
	app.route("/", cardValidationRoutes());
	app.route("/", datasetRoutes(deps));
	app.route("/", whoamiRoutes(deps));
	app.route("/", accountRoutes(deps));
	app.route("/", organizationRoutes(deps));
	app.route("/", oauthRoutes(deps));
	app.route("/", profileRoutes(deps));
	app.route("/", refRoutes(deps));
	app.route("/", repoAdminRoutes(deps));
	app.route("/", adminRoutes(deps));
	app.route("/", storageRoutes(deps));
	app.route("/", avatarRoutes(deps));
	app.route("/", demoAssetRoutes());
	app.route("/", fileRoutes(deps));
	app.route("/", commitRoutes(deps));
	app.route("/", lfsRoutes(deps));
	app.route("/", gitHttpRoutes(deps));
	app.route("/", xetRoutes(deps));
	app.route("/", xetReadRoutes(deps));
	app.route("/", providerRoutes(options.router ?? {}));
	// Last: `/{provider}/…` shares the root with `/{author}/{name}/…`.
	app.route(
		"/",
		routerRoutes({
			providerKeys: {},
			logger: deps.logger,
			// No token: the hub's own public models, rate-limited per client address — in the
			// database, so every hub sharing it counts an address against one bucket.
			admitAnonymous: anonymousAdmission(deps.config, sharedAnonymousLimiter(deps)),
			maxBodyBytes: deps.config.routerBodyLimitBytes,
			upstreamTimeouts: {
				connectMs: deps.config.upstreamConnectTimeoutMs,
				firstByteMs: deps.config.upstreamFirstByteTimeoutMs,
				idleMs: deps.config.upstreamIdleTimeoutMs,
			},
			followUps: databaseFollowUps(deps.db),
			endpoints: deps.endpoints,
			// The caller as the middleware identified it (organisations, a token's repos), for private mapped models.
			lookUpModel: (model, c, user) =>
				endpointModelFacts(deps.db, model, c.get("caller") ?? (user ? { userName: user } : undefined)),
			onInference: metrics.inference,
			...options.router,
			authenticate: routerAuthenticate(deps),
			// A signed-in browser runs the hub's own models as its user (the CSRF guard above has checked its origin).
			sessionUser: (c) => {
				const caller = c.get("caller");
				return caller?.via === "session" ? { user: caller.userName } : undefined;
			},
		}),
	);

	// With a web server configured, the hub is the site's front door: what no route here answers is a page.
	const notFound = notFoundHandler();
	const webUrl = deps.config.webUrl;
	const unrouted = webUrl
		? siteProxy({
				webUrl,
				fallback: notFound,
				movedPage: (c, url) => movedPageLocation(deps.db, url, c.get("caller")),
				onError: (message, error) => deps.logger.error(message, error),
				secureCookies: (c) => publicBaseUrl(c, deps.config).startsWith("https:"),
			})
		: notFound;
	// One label for all of them in the metrics: their paths are the site's pages or anything at all.
	const unroutedLabel = webUrl ? "(site)" : "(no route)";
	app.notFound((c) => {
		c.set("routeLabel", unroutedLabel);
		return unrouted(c);
	});
	app.onError(errorHandler(deps.logger));
	return app;
}
