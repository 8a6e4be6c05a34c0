/**
 * The hub as an OAuth 2.0 / OpenID Connect provider (README.md, "Signing in
 * with the hub"). The hub owns the protocol's endpoints; the consent screen is
 * the site's page at `/oauth/authorize` itself: once the request is checked and
 * the visitor is signed in, GET falls through to the site (the not-found
 * handler is the site proxy), and the page posts the decision back here.
 *
 * The token and userinfo endpoints are called from other origins' pages. The token
 * endpoint answers CORS only to the origins of the requesting app's own redirect URIs,
 * and only for a public app (a confidential one is called from its server); its
 * preflight, which names no app, to the origins of public apps. Userinfo answers the
 * origins of every registered redirect URI (it needs a bearer token anyway).
 */
import { type Context, Hono } from "hono";
import type { Caller } from "../auth/caller.js";
import { requireAccount } from "../auth/permissions.js";
import type { HubDeps, HubEnv } from "../deps.js";
import { HubError, notFound } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { publicBaseUrl } from "../public-url.js";
import {
	type ClientCredentials,
	checkAuthorizationRequest,
	exchangeCode,
	issueCode,
	OAUTH_SCOPES,
	OAuthError,
	refreshTokens,
	SCOPE_DESCRIPTIONS,
	userInfo,
} from "../services/oauth.js";
import {
	appAnswersOrigin,
	createOAuthApp,
	deleteOAuthApp,
	listOAuthApps,
	publicAppOrigins,
	registeredOrigins,
	tokenRequestApp,
} from "../services/oauth-apps.js";
import { ID_TOKEN_ALGORITHM, publicKeySet } from "../services/oauth-keys.js";
import { jsonObject, requiredString } from "./json-body.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const OAUTH_ROUTE_DOCS: RouteDocs = {
	"GET /.well-known/openid-configuration": {
		summary: "OpenID Connect discovery",
		tag: "OAuth and OpenID Connect",
		public: true,
		details: [
			"`authorization_endpoint`, `token_endpoint`, `userinfo_endpoint`, `jwks_uri` and the rest, all under the hub's public URL (set `HUBKIT_PUBLIC_URL` behind a proxy).",
		],
	},
	"GET /oauth/jwks": {
		summary: "The keys ID tokens are signed with",
		tag: "OAuth and OpenID Connect",
		public: true,
		details: [
			"The public halves of the RSA keys ID tokens are signed with (`oauth_signing_keys`, made when first needed; hubs sharing a database sign with the same, oldest, key).",
		],
	},
	"GET /oauth/authorize": {
		summary: "Start an authorization (sends the browser to consent)",
		tag: "OAuth and OpenID Connect",
		details: [
			"Query `client_id, redirect_uri, response_type=code, scope, state, code_challenge, code_challenge_method=S256[, nonce]`. An unknown `client_id` or a redirect URI the app did not register is a **400** from the hub, never a redirect. Other mistakes go back to the redirect URI as `?error&error_description&state`: `unsupported_response_type`, `invalid_scope`, `invalid_request` (no PKCE for a public app, a method other than `S256`). A signed-out visitor goes to `/login?next=…` and comes back; a signed-in one sees the site's consent page at the same URL. The default scope is `openid profile`.",
		],
	},
	"GET /api/oauth/authorize-request": {
		summary: "The pending authorization, for the consent page",
		tag: "OAuth and OpenID Connect",
		details: [
			"Query: the authorization's. What the consent page shows: `{ app: { clientId, name }, redirectOrigin, scopes: [{ name, description }] }`; 400 `{ error, error_description }`.",
		],
	},
	"POST /oauth/authorize": {
		summary: "Consent to or refuse an authorization",
		tag: "OAuth and OpenID Connect",
		body: "form",
		permission: { action: "settings", on: "account", note: "the consent form" },
		details: [
			"The consent page's **Authorize** or **Deny**, same-origin only (the CSRF rule). **303** to the redirect URI with `?code&state`, or `?error=access_denied&error_description&state`; `state` comes back byte for byte. A code lasts 10 minutes and works once.",
		],
	},
	"OPTIONS /oauth/token": {
		summary: "The token endpoint's CORS preflight: allowed for public apps' origins only",
		tag: "OAuth and OpenID Connect",
		public: true,
		details: ["It names no app, so it allows the origins of public apps' redirect URIs only."],
	},
	"POST /oauth/token": {
		summary: "Exchange a code (or a refresh token) for tokens",
		tag: "OAuth and OpenID Connect",
		body: "form",
		public: true,
		permission: { action: "none", why: "an app's client credentials and a one-time code or refresh token" },
		details: [
			"Form-urlencoded. `grant_type=authorization_code&code&redirect_uri&code_verifier` (no `client_id` needed: the code is bound to its app, user, redirect URI, scopes and PKCE challenge), or `grant_type=refresh_token&refresh_token[&scope]` (`scope` may narrow the grant, never widen it). A confidential app sends its secret as HTTP Basic (`client_id:client_secret`) or as `client_id` and `client_secret` fields. The answer, with `Cache-Control: no-store`:",
			"",
			"```json",
			'{ "access_token": "hf_…", "token_type": "Bearer", "expires_in": 28800, "refresh_token": "…", "scope": "openid profile", "id_token": "…" }',
			"```",
			"",
			"Each refresh gives a new refresh token and ends the old one. A code exchanged twice is refused and revokes every token issued from it; a refresh token used twice ends the whole grant (`invalid_grant` \"This refresh token was already used; the grant is revoked\"): someone else holds a copy. Errors are `{ error, error_description }`: `invalid_request`, `invalid_grant` (unknown, expired or used code; wrong verifier; another redirect URI or app), `invalid_client` (**401**, a confidential app without its secret), `unsupported_grant_type`, `invalid_scope`. CORS: the origin is answered only when it is one of a **public** app's redirect URIs' (the app named by `client_id`, or the code's or refresh token's).",
		],
	},
	"GET /oauth/userinfo": {
		summary: "The person an OAuth token belongs to",
		tag: "OAuth and OpenID Connect",
		details: [
			"`Authorization: Bearer <access token>`: `{ sub, name, preferred_username, picture, profile, isPro: false }` and `email`, `email_verified: false` as the token's scopes allow; 401 `invalid_token` otherwise. A token the person made themselves answers as `openid profile`. CORS answers the origin of any registered redirect URI.",
		],
	},
	"POST /oauth/userinfo": {
		summary: "The person an OAuth token belongs to",
		tag: "OAuth and OpenID Connect",
		permission: { action: "none", why: "a read of the bearer token's own person, refused unless valid" },
		details: ["As `GET /oauth/userinfo`."],
	},
	"GET /api/settings/oauth-apps": {
		summary: "One's OAuth apps",
		tag: "OAuth and OpenID Connect",
		details: [
			"`[{ clientId, name, redirectUris, confidential, ownerId, createdAt }]`, the caller's apps, never a secret.",
		],
	},
	"POST /api/settings/oauth-apps": {
		summary: "Register an OAuth app",
		tag: "OAuth and OpenID Connect",
		body: "json",
		permission: { action: "settings", on: "account" },
		details: [
			"Body `{ name, redirectUris: [url, …] (1–10), confidential?: boolean }`. Redirect URIs are https, or http on the loopback interface only (`127.0.0.1`, `[::1]`, `localhost`), without a fragment or credentials, matched exactly. **201** the app, plus `clientSecret` for a confidential one, shown this once (only its sha256 is kept); 400 for a bad name or URI.",
		],
	},
	"DELETE /api/settings/oauth-apps/{clientId}": {
		summary: "Delete one's OAuth app",
		tag: "OAuth and OpenID Connect",
		permission: { action: "settings", on: "account" },
		details: [
			"**204**: its codes, refresh tokens and access tokens end with it. 404 `NotFound` for another person's or an unknown app.",
		],
	},
};

type Params = Record<string, string | undefined>;

function queryParams(c: Context): Params {
	return Object.fromEntries(new URL(c.req.url).searchParams);
}

async function formParams(c: Context): Promise<Params> {
	const type = c.req.header("content-type") ?? "";
	if (!type.startsWith("application/x-www-form-urlencoded")) {
		throw new OAuthError("invalid_request", "The body is form-urlencoded");
	}
	return Object.fromEntries(new URLSearchParams(await c.req.text()));
}

/** The app's redirect URI with the answer added: `code` + `state`, or `error` + `error_description` + `state`. */
function redirectWith(redirectUri: string, values: Params): string {
	const url = new URL(redirectUri);
	for (const [key, value] of Object.entries(values)) if (value !== undefined) url.searchParams.set(key, value);
	return url.toString();
}

function oauthErrorBody(error: OAuthError) {
	return { error: error.error, error_description: error.description };
}

/** Basic (client_secret_basic) or form fields (client_secret_post); neither for a public client. */
function clientCredentials(c: Context, params: Params): ClientCredentials {
	const basic = /^basic\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
	if (basic?.[1]) {
		const decoded = Buffer.from(basic[1], "base64").toString("utf8");
		const colon = decoded.indexOf(":");
		if (colon < 0) throw new OAuthError("invalid_client", "Malformed Basic credentials", 401);
		return {
			clientId: decodeURIComponent(decoded.slice(0, colon)),
			clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
		};
	}
	return { clientId: params.client_id, clientSecret: params.client_secret };
}

/** Consent and the person's apps: a browser session only (the rule's `settings` action, auth/permissions.ts). */
function sessionCaller(c: Context<HubEnv>): Caller {
	return requireAccount(c.get("caller"), "settings");
}

export function oauthRoutes(deps: HubDeps): Hono<HubEnv> {
	const hubUrl = (c: Context) => publicBaseUrl(c, deps.config);

	/** CORS for a registered app's origin (the global default is overridden: see app.ts). */
	const allowAppOrigin = async (c: Context) => {
		c.header("Vary", "Origin");
		const origin = c.req.header("origin");
		if (origin && (await registeredOrigins(deps.db)).has(origin)) {
			c.header("Access-Control-Allow-Origin", origin);
		} else {
			c.header("Access-Control-Allow-Origin", new URL(hubUrl(c)).origin);
		}
	};

	/** The token endpoint's CORS: the app's own origin when it is a public app's, else the hub's (a refusal). */
	const allowTokenOrigin = (c: Context, allowed: boolean) => {
		c.header("Vary", "Origin");
		const origin = c.req.header("origin");
		c.header("Access-Control-Allow-Origin", origin && allowed ? origin : new URL(hubUrl(c)).origin);
	};

	const refuseToken = (c: Context, error: OAuthError) => {
		if (error.status === 401) c.header("WWW-Authenticate", 'Basic realm="oauth"');
		return c.json(oauthErrorBody(error), error.status as 400 | 401);
	};

	return (
		new Hono<HubEnv>()
			.get("/.well-known/openid-configuration", (c) => {
				const base = hubUrl(c);
				return c.json({
					issuer: base,
					authorization_endpoint: `${base}/oauth/authorize`,
					token_endpoint: `${base}/oauth/token`,
					userinfo_endpoint: `${base}/oauth/userinfo`,
					jwks_uri: `${base}/oauth/jwks`,
					response_types_supported: ["code"],
					grant_types_supported: ["authorization_code", "refresh_token"],
					subject_types_supported: ["public"],
					id_token_signing_alg_values_supported: [ID_TOKEN_ALGORITHM],
					scopes_supported: OAUTH_SCOPES,
					token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
					code_challenge_methods_supported: ["S256"],
					claims_supported: ["sub", "name", "preferred_username", "picture", "profile", "email", "email_verified"],
				});
			})
			.get("/oauth/jwks", async (c) => c.json(await publicKeySet(deps.db)))
			.get("/oauth/authorize", async (c) => {
				const params = queryParams(c);
				try {
					await checkAuthorizationRequest(deps.db, params);
				} catch (error) {
					if (!(error instanceof OAuthError)) throw error;
					if (!error.redirectable) return c.json(oauthErrorBody(error), 400);
					return c.redirect(
						redirectWith(params.redirect_uri as string, {
							error: error.error,
							error_description: error.description,
							state: params.state,
						}),
						302,
					);
				}
				const caller = c.get("caller");
				if (caller?.via !== "session") {
					const url = new URL(c.req.url);
					return c.redirect(`/login?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`, 302);
				}
				// Signed in and a good request: the consent screen is the site's page at this very URL.
				return c.notFound();
			})
			// What the consent page shows; the same checks as the authorization endpoint.
			.get("/api/oauth/authorize-request", async (c) => {
				try {
					const request = await checkAuthorizationRequest(deps.db, queryParams(c));
					return c.json({
						app: { clientId: request.app.clientId, name: request.app.name },
						redirectOrigin: new URL(request.redirectUri).origin,
						scopes: request.scopes.map((scope) => ({ name: scope, description: SCOPE_DESCRIPTIONS[scope] })),
					});
				} catch (error) {
					if (error instanceof OAuthError) return c.json(oauthErrorBody(error), 400);
					throw error;
				}
			})
			// The consent form's decision: a same-origin POST with the session cookie (the CSRF rule applies).
			.post("/oauth/authorize", async (c) => {
				const caller = sessionCaller(c);
				const params = await formParams(c).catch((error) => {
					if (error instanceof OAuthError) throw new HubError(400, error.description);
					throw error;
				});
				let request: Awaited<ReturnType<typeof checkAuthorizationRequest>>;
				try {
					request = await checkAuthorizationRequest(deps.db, params);
				} catch (error) {
					if (!(error instanceof OAuthError)) throw error;
					if (!error.redirectable) return c.json(oauthErrorBody(error), 400);
					const values = { error: error.error, error_description: error.description, state: params.state };
					return c.redirect(redirectWith(params.redirect_uri as string, values), 303);
				}
				if (params.decision !== "approve") {
					const values = {
						error: "access_denied",
						error_description: "The user denied the request",
						state: request.state,
					};
					return c.redirect(redirectWith(request.redirectUri, values), 303);
				}
				const code = await issueCode(deps.db, request, caller.userId);
				return c.redirect(redirectWith(request.redirectUri, { code, state: request.state }), 303);
			})
			// The app-wide preflight answers every origin; this one only public apps' (app.ts lets it through).
			.options("/oauth/token", async (c) => {
				const origin = c.req.header("origin");
				allowTokenOrigin(c, origin !== undefined && (await publicAppOrigins(deps.db)).has(origin));
				c.header("Access-Control-Allow-Methods", "POST");
				c.header("Access-Control-Allow-Headers", "Content-Type, Authorization");
				c.header("Access-Control-Max-Age", "600");
				return c.body(null, 204);
			})
			.post("/oauth/token", async (c) => {
				allowTokenOrigin(c, false);
				c.header("Cache-Control", "no-store");
				try {
					const params = await formParams(c);
					const credentials = clientCredentials(c, params);
					const origin = c.req.header("origin");
					if (origin)
						allowTokenOrigin(c, appAnswersOrigin(await tokenRequestApp(deps.db, params, credentials), origin));
					if (params.grant_type === "authorization_code") {
						return c.json(await exchangeCode(deps.db, params, credentials, hubUrl(c)));
					}
					if (params.grant_type === "refresh_token") {
						return c.json(await refreshTokens(deps.db, params, credentials, hubUrl(c)));
					}
					throw new OAuthError("unsupported_grant_type", "grant_type is authorization_code or refresh_token");
				} catch (error) {
					if (error instanceof OAuthError) return refuseToken(c, error);
					throw error;
				}
			})
			.on(["GET", "POST"], "/oauth/userinfo", async (c) => {
				await allowAppOrigin(c);
				c.header("Cache-Control", "no-store");
				const token = /^bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
				const info = token ? await userInfo(deps.db, token, hubUrl(c)) : undefined;
				if (!info) {
					c.header("WWW-Authenticate", 'Bearer error="invalid_token"');
					return c.json({ error: "invalid_token", error_description: "A valid access token is required" }, 401);
				}
				return c.json(info);
			})
			.get("/api/settings/oauth-apps", async (c) => c.json(await listOAuthApps(deps.db, sessionCaller(c).userId)))
			.post("/api/settings/oauth-apps", async (c) => {
				const caller = sessionCaller(c);
				const body = await jsonObject(c);
				const confidential = body.confidential ?? false;
				if (typeof confidential !== "boolean") throw new HubError(400, "confidential must be true or false");
				const app = await createOAuthApp(deps.db, {
					name: requiredString(body, "name"),
					redirectUris: body.redirectUris,
					confidential,
					ownerId: caller.userId,
				});
				// The only time the secret is shown.
				return c.json(app, 201);
			})
			.delete("/api/settings/oauth-apps/:clientId", async (c) => {
				const caller = sessionCaller(c);
				if (!(await deleteOAuthApp(deps.db, c.req.param("clientId"), caller.userId))) throw notFound("No such app");
				return c.body(null, 204);
			})
	);
}
