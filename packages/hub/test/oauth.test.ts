/**
 * The hub as an OAuth 2.0 / OpenID Connect provider, over real HTTP on 127.0.0.1
 * on both engines: discovery and JWKS, the authorization endpoint's checks (unknown
 * client, foreign redirect URI, missing PKCE, deny), the PKCE code flow with a token
 * request that carries no client_id (what `@huggingface/hub` sends), a wrong
 * verifier, a replayed code (the tokens issued from it revoked), an expired code,
 * refresh-token rotation, userinfo by scope, a confidential client's secret, CORS
 * for registered origins only, app deletion, and nothing secret in the log.
 */
import { createHash, randomBytes } from "node:crypto";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { linesLogger } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { loadSeedOwnedBy } from "./support/repos.js";
import { seedModel } from "./support/seed-records.js";

const PASSWORD = "correct horse battery";
const APP_ORIGIN = "http://127.0.0.1:5999";
const REDIRECT = `${APP_ORIGIN}/callback`;
const TOKEN_SHAPE = /^hf_[A-Za-z0-9]{34}$/;

function pkcePair(): { verifier: string; challenge: string } {
	const verifier = randomBytes(40).toString("base64url");
	return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

describe.each(ENGINES)("OAuth provider on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let call: ReturnType<typeof accountClient>;
	const log = linesLogger();
	/** Every secret the tests handled: none may appear in the log. */
	const secrets: string[] = [PASSWORD];
	let session: string;
	let publicApp: { clientId: string };
	let confidentialApp: { clientId: string; clientSecret: string };

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config, undefined, log);
		server = await listen(hub.app);
		call = accountClient(server.url);
		const signup = await call("/api/auth/signup", {
			body: { username: "olga", email: "olga@example.com", password: PASSWORD, fullname: "Olga O" },
		});
		expect(signup.status).toBe(201);
		// Her private model, from a catalogue that names her namespace (settled by a grant).
		await loadSeedOwnedBy(hub.deps, ["olga"], [seedModel("olga/private-notes", { private: true })]);
		session = sessionCookie(signup.headers)?.value ?? "";
		secrets.push(session);
		const made = await call("/api/settings/oauth-apps", {
			session,
			body: { name: "Notebook", redirectUris: [REDIRECT] },
		});
		expect(made.status, JSON.stringify(made.body)).toBe(201);
		expect(made.body.clientSecret).toBeUndefined();
		publicApp = made.body;
		const confidential = await call("/api/settings/oauth-apps", {
			session,
			body: { name: "Server app", redirectUris: ["https://server.example/cb"], confidential: true },
		});
		expect(confidential.status).toBe(201);
		confidentialApp = confidential.body;
		secrets.push(confidentialApp.clientSecret);
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	/** The consent form's POST: the answer's Location parsed. */
	async function decide(params: Record<string, string>, decision = "approve"): Promise<URL> {
		const response = await fetch(`${server.url}/oauth/authorize`, {
			method: "POST",
			redirect: "manual",
			headers: {
				cookie: `hubkit_session=${session}`,
				origin: server.url,
				"content-type": "application/x-www-form-urlencoded",
			},
			body: new URLSearchParams({ ...params, decision }),
		});
		expect(response.status, await response.clone().text()).toBe(303);
		return new URL(response.headers.get("location") ?? "");
	}

	async function codeFor(
		scope = "openid profile",
		app: { clientId: string } = publicApp,
		redirectUri = REDIRECT,
	): Promise<{ code: string; verifier: string }> {
		const { verifier, challenge } = pkcePair();
		const location = await decide({
			client_id: app.clientId,
			redirect_uri: redirectUri,
			response_type: "code",
			scope,
			state: "s1",
			code_challenge: challenge,
			code_challenge_method: "S256",
		});
		const code = location.searchParams.get("code") ?? "";
		secrets.push(code, verifier);
		return { code, verifier };
	}

	async function token(form: Record<string, string>, headers: Record<string, string> = {}) {
		const response = await fetch(`${server.url}/oauth/token`, {
			method: "POST",
			headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
			body: new URLSearchParams(form),
		});
		// biome-ignore lint/suspicious/noExplicitAny: each field is checked by its assertion
		const body: any = await response.json();
		for (const key of ["access_token", "refresh_token", "id_token"]) if (body[key]) secrets.push(body[key]);
		return { status: response.status, body, headers: response.headers };
	}

	it("publishes discovery and a JWKS made on first use", async () => {
		const discovery = await call("/.well-known/openid-configuration");
		expect(discovery.status).toBe(200);
		expect(discovery.body).toMatchObject({
			issuer: server.url,
			authorization_endpoint: `${server.url}/oauth/authorize`,
			token_endpoint: `${server.url}/oauth/token`,
			userinfo_endpoint: `${server.url}/oauth/userinfo`,
			jwks_uri: `${server.url}/oauth/jwks`,
			code_challenge_methods_supported: ["S256"],
		});
		expect(discovery.body.scopes_supported).toEqual(
			expect.arrayContaining(["openid", "profile", "email", "read-repos", "write-repos", "inference-api"]),
		);
		const jwks = await call("/oauth/jwks");
		expect(jwks.body.keys).toHaveLength(1);
		expect(jwks.body.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
		expect(jwks.body.keys[0].d).toBeUndefined();
		expect((await call("/oauth/jwks")).body.keys[0].kid).toBe(jwks.body.keys[0].kid);
	});

	it("checks the authorization request before anything else", async () => {
		const { challenge } = pkcePair();
		const query = (extra: Record<string, string>) =>
			new URLSearchParams({
				client_id: publicApp.clientId,
				redirect_uri: REDIRECT,
				response_type: "code",
				scope: "openid profile",
				state: "xyz",
				code_challenge: challenge,
				code_challenge_method: "S256",
				...extra,
			}).toString();
		const get = (extra: Record<string, string>, cookie?: string) =>
			fetch(`${server.url}/oauth/authorize?${query(extra)}`, {
				redirect: "manual",
				headers: cookie ? { cookie: `hubkit_session=${cookie}` } : {},
			});

		// A signed-out visitor signs in first, then comes back to the same request.
		const signedOut = await get({});
		expect(signedOut.status).toBe(302);
		const login = new URL(signedOut.headers.get("location") ?? "", server.url);
		expect(login.pathname).toBe("/login");
		expect(login.searchParams.get("next")).toBe(`/oauth/authorize?${query({})}`);

		// A foreign redirect URI or an unknown client is never redirected to.
		const foreign = await get({ redirect_uri: "https://evil.example/cb" });
		expect(foreign.status).toBe(400);
		expect(foreign.headers.get("location")).toBeNull();
		expect(await foreign.json()).toMatchObject({ error: "invalid_request" });
		const prefix = await get({ redirect_uri: `${REDIRECT}/more` });
		expect(prefix.status).toBe(400);
		const unknown = await get({ client_id: "no-such-app" });
		expect(await unknown.json()).toMatchObject({ error: "invalid_client" });

		// Other mistakes go back to the app, with the state.
		const noPkce = new URL(
			(await get({ code_challenge: "", code_challenge_method: "" })).headers.get("location") ?? "",
		);
		expect(noPkce.origin + noPkce.pathname).toBe(REDIRECT);
		expect(noPkce.searchParams.get("error")).toBe("invalid_request");
		const plain = new URL((await get({ code_challenge_method: "plain" })).headers.get("location") ?? "");
		expect(plain.searchParams.get("error_description")).toContain("S256");
		const badScope = new URL((await get({ scope: "openid admin" })).headers.get("location") ?? "");
		expect(badScope.searchParams.get("error")).toBe("invalid_scope");
		expect(badScope.searchParams.get("state")).toBe("xyz");
		const code = new URL((await get({ response_type: "token" })).headers.get("location") ?? "");
		expect(code.searchParams.get("error")).toBe("unsupported_response_type");

		// What the consent page shows.
		const shown = await call(`/api/oauth/authorize-request?${query({ scope: "openid email write-repos" })}`);
		expect(shown.body).toEqual({
			app: { clientId: publicApp.clientId, name: "Notebook" },
			redirectOrigin: APP_ORIGIN,
			scopes: [
				{ name: "openid", description: expect.any(String) },
				{ name: "email", description: expect.any(String) },
				{ name: "write-repos", description: expect.any(String) },
			],
		});

		// Deny: the app hears access_denied and its state.
		const denied = await decide(Object.fromEntries(new URLSearchParams(query({}))), "deny");
		expect(denied.searchParams.get("error")).toBe("access_denied");
		expect(denied.searchParams.get("state")).toBe("xyz");
		expect(denied.searchParams.get("code")).toBeNull();

		// The decision is a same-origin POST: from another site it is refused.
		const crossSite = await fetch(`${server.url}/oauth/authorize`, {
			method: "POST",
			redirect: "manual",
			headers: {
				cookie: `hubkit_session=${session}`,
				origin: "https://evil.example",
				"content-type": "application/x-www-form-urlencoded",
			},
			body: `${query({})}&decision=approve`,
		});
		expect(crossSite.status).toBe(403);
	});

	it("completes the PKCE flow with no client_id on the token request, state round-tripped", async () => {
		const { verifier, challenge } = pkcePair();
		const state = JSON.stringify({ nonce: "n-1", redirectUri: REDIRECT, state: "back to /models" });
		const location = await decide({
			client_id: publicApp.clientId,
			redirect_uri: REDIRECT,
			response_type: "code",
			scope: "openid profile email",
			state,
			nonce: "oidc-nonce",
			code_challenge: challenge,
			code_challenge_method: "S256",
		});
		expect(location.origin + location.pathname).toBe(REDIRECT);
		expect(location.searchParams.get("state")).toBe(state);
		const code = location.searchParams.get("code") ?? "";
		secrets.push(code, verifier);
		const answer = await token({
			grant_type: "authorization_code",
			code,
			redirect_uri: REDIRECT,
			code_verifier: verifier,
		});
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
		expect(answer.headers.get("cache-control")).toBe("no-store");
		expect(answer.body).toMatchObject({ token_type: "Bearer", expires_in: 28800, scope: "openid profile email" });
		expect(answer.body.access_token).toMatch(TOKEN_SHAPE);
		expect(typeof answer.body.refresh_token).toBe("string");

		const jwks = createRemoteJWKSet(new URL(`${server.url}/oauth/jwks`));
		const { payload } = await jwtVerify(answer.body.id_token, jwks, {
			issuer: server.url,
			audience: publicApp.clientId,
		});
		expect(payload).toMatchObject({ preferred_username: "olga", name: "Olga O", email: "olga@example.com" });
		expect(payload.nonce).toBe("oidc-nonce");

		// The access token is a hub token: whoami-v2 knows it.
		const whoami = await call("/api/whoami-v2", { token: answer.body.access_token });
		expect(whoami.status).toBe(200);
		expect(whoami.body.name).toBe("olga");
	});

	it("refuses a wrong verifier, a foreign redirect URI at the token endpoint, and an expired code", async () => {
		const { code, verifier } = await codeFor();
		const wrong = await token({
			grant_type: "authorization_code",
			code,
			redirect_uri: REDIRECT,
			code_verifier: pkcePair().verifier,
		});
		expect(wrong.status).toBe(400);
		expect(wrong.body).toEqual({ error: "invalid_grant", error_description: expect.stringContaining("code_verifier") });
		const otherRedirect = await token({
			grant_type: "authorization_code",
			code,
			redirect_uri: `${APP_ORIGIN}/elsewhere`,
			code_verifier: verifier,
		});
		expect(otherRedirect.body.error).toBe("invalid_grant");
		const missing = await token({ grant_type: "authorization_code", code, redirect_uri: REDIRECT });
		expect(missing.body.error).toBe("invalid_request");

		const late = await codeFor();
		await hub.deps.db
			.updateTable("oauth_codes")
			.set({ expires_at: new Date(Date.now() - 1000).toISOString() })
			.where("grant_id", "is", null)
			.execute();
		const expired = await token({
			grant_type: "authorization_code",
			code: late.code,
			redirect_uri: REDIRECT,
			code_verifier: late.verifier,
		});
		expect(expired.status).toBe(400);
		expect(expired.body).toEqual({ error: "invalid_grant", error_description: "The code has expired" });
		const unknownGrant = await token({ grant_type: "password", username: "olga", password: PASSWORD });
		expect(unknownGrant.body.error).toBe("unsupported_grant_type");
	});

	it("refuses a replayed code and revokes what it issued", async () => {
		const { code, verifier } = await codeFor("openid profile read-repos");
		const form = { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier };
		const first = await token(form);
		expect(first.status).toBe(200);
		expect((await call("/api/whoami-v2", { token: first.body.access_token })).status).toBe(200);
		const replay = await token(form);
		expect(replay.status).toBe(400);
		expect(replay.body.error).toBe("invalid_grant");
		expect((await call("/api/whoami-v2", { token: first.body.access_token })).status).toBe(401);
		const refresh = await token({ grant_type: "refresh_token", refresh_token: first.body.refresh_token });
		expect(refresh.body.error).toBe("invalid_grant");
	});

	it("rotates refresh tokens and can narrow the scopes", async () => {
		const { code, verifier } = await codeFor("openid profile email");
		const first = await token({
			grant_type: "authorization_code",
			code,
			redirect_uri: REDIRECT,
			code_verifier: verifier,
		});
		const refreshed = await token({ grant_type: "refresh_token", refresh_token: first.body.refresh_token });
		expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
		expect(refreshed.body.access_token).toMatch(TOKEN_SHAPE);
		expect(refreshed.body.access_token).not.toBe(first.body.access_token);
		expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
		expect((await call("/api/whoami-v2", { token: refreshed.body.access_token })).body.name).toBe("olga");
		const narrower = await token({
			grant_type: "refresh_token",
			refresh_token: refreshed.body.refresh_token,
			scope: "openid profile",
		});
		expect(narrower.body.scope).toBe("openid profile");
		const wider = await token({
			grant_type: "refresh_token",
			refresh_token: narrower.body.refresh_token,
			scope: "openid write-repos",
		});
		expect(wider.body.error).toBe("invalid_scope");
		// The first refresh token again: a stolen copy, so the whole grant ends (oauth-hardening.test.ts).
		const again = await token({ grant_type: "refresh_token", refresh_token: first.body.refresh_token });
		expect(again.body.error).toBe("invalid_grant");
		expect((await call("/api/whoami-v2", { token: narrower.body.access_token })).status).toBe(401);
	});

	it("gives an app's token only what its scopes grant: private repos with a repo scope, inference with inference-api", async () => {
		const tokenFor = async (scope: string) => {
			const { code, verifier } = await codeFor(scope);
			const answer = await token({
				grant_type: "authorization_code",
				code,
				redirect_uri: REDIRECT,
				code_verifier: verifier,
			});
			return answer.body.access_token as string;
		};
		const profileOnly = await tokenFor("openid profile");
		const readRepos = await tokenFor("openid read-repos");
		expect((await call("/api/models/olga/private-notes", { token: profileOnly })).status).toBe(404);
		expect((await call("/api/models/olga/private-notes", { token: readRepos })).status).toBe(200);
		const whoami = await call("/api/whoami-v2", { token: readRepos });
		expect(whoami.body.auth.accessToken.role).toBe("read");
		const writeRepos = await tokenFor("openid write-repos");
		expect((await call("/api/whoami-v2", { token: writeRepos })).body.auth.accessToken.role).toBe("write");

		const infer = async (accessToken: string) =>
			(
				await fetch(`${server.url}/hf-inference/models/olga/private-notes`, {
					method: "POST",
					headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
					body: JSON.stringify({ inputs: "hello" }),
				})
			).status;
		expect(await infer(profileOnly)).toBe(401);
		// Past the token check: what refuses it now is the model (this hub runs no models), not the token.
		expect(await infer(await tokenFor("openid inference-api"))).toBe(400);
	});

	it("answers userinfo with what the scopes allow", async () => {
		const info = async (scope: string) => {
			const { code, verifier } = await codeFor(scope);
			const answer = await token({
				grant_type: "authorization_code",
				code,
				redirect_uri: REDIRECT,
				code_verifier: verifier,
			});
			return await call("/oauth/userinfo", { token: answer.body.access_token });
		};
		const profile = await info("openid profile");
		expect(profile.status).toBe(200);
		expect(profile.body).toEqual({
			sub: expect.stringMatching(/^[0-9a-f]{24}$/),
			name: "Olga O",
			preferred_username: "olga",
			picture: `${server.url}/api/avatars/olga.svg`,
			profile: `${server.url}/olga`,
			isPro: false,
		});
		const withEmail = await info("openid email");
		expect(withEmail.body).toEqual({ sub: profile.body.sub, email: "olga@example.com", email_verified: false });
		const none = await call("/oauth/userinfo");
		expect(none.status).toBe(401);
		expect(none.body.error).toBe("invalid_token");
	});

	it("makes a confidential client authenticate with its secret", async () => {
		const redirectUri = "https://server.example/cb";
		const exchange = async (headers: Record<string, string>, extra: Record<string, string>) => {
			const { code, verifier } = await codeFor("openid", confidentialApp, redirectUri);
			return await token(
				{ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier, ...extra },
				headers,
			);
		};
		const without = await exchange({}, {});
		expect(without.status).toBe(401);
		expect(without.body.error).toBe("invalid_client");
		const wrong = await exchange({}, { client_id: confidentialApp.clientId, client_secret: "hfs_not-the-secret" });
		expect(wrong.status).toBe(401);
		const posted = await exchange(
			{},
			{ client_id: confidentialApp.clientId, client_secret: confidentialApp.clientSecret },
		);
		expect(posted.status).toBe(200);
		const basic = Buffer.from(`${confidentialApp.clientId}:${confidentialApp.clientSecret}`).toString("base64");
		const viaBasic = await exchange({ authorization: `Basic ${basic}` }, {});
		expect(viaBasic.status).toBe(200);
		expect(viaBasic.body.access_token).toMatch(TOKEN_SHAPE);
		// Another app's code cannot be taken by this one.
		const { code, verifier } = await codeFor();
		const stolen = await token({
			grant_type: "authorization_code",
			code,
			redirect_uri: REDIRECT,
			code_verifier: verifier,
			client_id: confidentialApp.clientId,
			client_secret: confidentialApp.clientSecret,
		});
		expect(stolen.body.error).toBe("invalid_grant");
	});

	it("answers CORS on token and userinfo for registered origins only", async () => {
		const { code, verifier } = await codeFor();
		const answer = await token(
			{ grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier },
			{ origin: APP_ORIGIN },
		);
		expect(answer.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
		expect(answer.headers.get("vary")).toContain("Origin");
		const fromApp = await fetch(`${server.url}/oauth/userinfo`, {
			headers: { authorization: `Bearer ${answer.body.access_token}`, origin: APP_ORIGIN },
		});
		expect(fromApp.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
		const fromElsewhere = await fetch(`${server.url}/oauth/userinfo`, {
			headers: { authorization: `Bearer ${answer.body.access_token}`, origin: "https://evil.example" },
		});
		expect(fromElsewhere.status).toBe(200);
		expect(fromElsewhere.headers.get("access-control-allow-origin")).toBe(server.url);
		const preflight = await fetch(`${server.url}/oauth/userinfo`, {
			method: "OPTIONS",
			headers: {
				origin: APP_ORIGIN,
				"access-control-request-method": "GET",
				"access-control-request-headers": "authorization",
			},
		});
		expect(preflight.status).toBe(204);
		expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
	});

	it("lists apps without secrets; deleting one ends its tokens; only the owner deletes", async () => {
		const made = await call("/api/settings/oauth-apps", {
			session,
			body: { name: "Short-lived", redirectUris: ["http://127.0.0.1:6001/cb"] },
		});
		const bad = await call("/api/settings/oauth-apps", { session, body: { name: "x", redirectUris: ["ftp://a/b"] } });
		expect(bad.status).toBe(400);
		const fragment = await call("/api/settings/oauth-apps", {
			session,
			body: { name: "x", redirectUris: ["https://a.example/cb#x"] },
		});
		expect(fragment.status).toBe(400);
		const { code, verifier } = await codeFor("openid", made.body, "http://127.0.0.1:6001/cb");
		const issued = await token({
			grant_type: "authorization_code",
			code,
			redirect_uri: "http://127.0.0.1:6001/cb",
			code_verifier: verifier,
		});
		const listed = await call("/api/settings/oauth-apps", { session });
		expect(listed.body.map((app: { name: string }) => app.name)).toEqual(["Notebook", "Server app", "Short-lived"]);
		expect(JSON.stringify(listed.body)).not.toContain("hfs_");
		expect(listed.body[1]).toMatchObject({ confidential: true, redirectUris: ["https://server.example/cb"] });

		const other = await call("/api/auth/signup", {
			body: { username: "pete", email: "pete@example.com", password: PASSWORD },
		});
		const otherSession = sessionCookie(other.headers)?.value ?? "";
		secrets.push(otherSession);
		expect((await call("/api/settings/oauth-apps", { session: otherSession })).body).toEqual([]);
		const notTheirs = await call(`/api/settings/oauth-apps/${made.body.clientId}`, {
			method: "DELETE",
			session: otherSession,
		});
		expect(notTheirs.status).toBe(404);
		const withToken = await call("/api/settings/oauth-apps", { token: issued.body.access_token });
		expect(withToken.status).toBe(403);

		const deleted = await call(`/api/settings/oauth-apps/${made.body.clientId}`, { method: "DELETE", session });
		expect(deleted.status).toBe(204);
		expect((await call("/api/whoami-v2", { token: issued.body.access_token })).status).toBe(401);
	});

	it("deleting an account deletes the apps it registered and the tokens they were given", async () => {
		const signup = await call("/api/auth/signup", {
			body: { username: "quin", email: "quin@example.com", password: PASSWORD },
		});
		const quin = sessionCookie(signup.headers)?.value ?? "";
		secrets.push(quin);
		const app = await call("/api/settings/oauth-apps", {
			session: quin,
			body: { name: "Quin's tool", redirectUris: ["http://127.0.0.1:6002/cb"] },
		});
		const { code, verifier } = await codeFor("openid", app.body, "http://127.0.0.1:6002/cb");
		const issued = await token({
			grant_type: "authorization_code",
			code,
			redirect_uri: "http://127.0.0.1:6002/cb",
			code_verifier: verifier,
		});
		expect((await call("/api/whoami-v2", { token: issued.body.access_token })).body.name).toBe("olga");
		const deleted = await call("/api/settings/account", { method: "DELETE", session: quin, body: { confirm: "quin" } });
		expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
		expect((await call("/api/whoami-v2", { token: issued.body.access_token })).status).toBe(401);
		const refresh = await token({ grant_type: "refresh_token", refresh_token: issued.body.refresh_token });
		expect(refresh.body.error).toBe("invalid_grant");
		const { challenge } = pkcePair();
		const authorize = await fetch(
			`${server.url}/oauth/authorize?${new URLSearchParams({
				client_id: app.body.clientId,
				redirect_uri: "http://127.0.0.1:6002/cb",
				response_type: "code",
				code_challenge: challenge,
				code_challenge_method: "S256",
			})}`,
			{ redirect: "manual" },
		);
		expect(await authorize.json()).toMatchObject({ error: "invalid_client" });
	});

	it("writes nothing secret to the log", () => {
		const text = log.lines.join("\n");
		for (const secret of secrets.filter((item) => item.length > 0)) expect(text).not.toContain(secret);
	});
});
