/**
 * The OAuth provider's guards, over real HTTP on both engines: a rotated refresh token used again
 * ends its whole grant; the token endpoint answers CORS only to a public app's own origins (its
 * preflight only to public apps' origins, a confidential app's origin never); redirect URIs are
 * https, or http on the loopback interface only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { oauthFlow } from "./support/oauth-flow.js";

const PASSWORD = "correct horse battery";
const PUBLIC_ORIGIN = "http://127.0.0.1:5998";
const PUBLIC_REDIRECT = `${PUBLIC_ORIGIN}/callback`;
const OTHER_ORIGIN = "https://other-app.example";
const SERVER_ORIGIN = "https://server-app.example";

describe.each(ENGINES)("OAuth guards on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let call: ReturnType<typeof accountClient>;
	let flow: ReturnType<typeof oauthFlow>;
	let session: string;
	let publicApp: { clientId: string };
	let confidentialApp: { clientId: string; clientSecret: string };

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		server = await listen(hub.app);
		call = accountClient(server.url);
		flow = oauthFlow(server.url);
		const signup = await call("/api/auth/signup", {
			body: { username: "rosa", email: "rosa@example.com", password: PASSWORD },
		});
		session = sessionCookie(signup.headers)?.value ?? "";
		publicApp = (
			await call("/api/settings/oauth-apps", { session, body: { name: "Page", redirectUris: [PUBLIC_REDIRECT] } })
		).body;
		// A second public app, on another origin.
		await call("/api/settings/oauth-apps", {
			session,
			body: { name: "Other page", redirectUris: [`${OTHER_ORIGIN}/cb`] },
		});
		confidentialApp = (
			await call("/api/settings/oauth-apps", {
				session,
				body: { name: "Server", redirectUris: [`${SERVER_ORIGIN}/cb`], confidential: true },
			})
		).body;
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	it("ends the whole grant when a rotated refresh token is used again", async () => {
		const first = await flow.grant(session, publicApp.clientId, PUBLIC_REDIRECT);
		expect(first.status).toBe(200);
		const second = await flow.token({ grant_type: "refresh_token", refresh_token: first.body.refresh_token });
		expect(second.status).toBe(200);
		const third = await flow.token({ grant_type: "refresh_token", refresh_token: second.body.refresh_token });
		expect(third.status).toBe(200);
		expect((await call("/api/whoami-v2", { token: third.body.access_token, origin: null })).status).toBe(200);
		// Someone replays the first refresh token.
		const replay = await flow.token({ grant_type: "refresh_token", refresh_token: first.body.refresh_token });
		expect(replay.status).toBe(400);
		expect(replay.body).toEqual({
			error: "invalid_grant",
			error_description: "This refresh token was already used; the grant is revoked",
		});
		// Every token of the grant stops: the live refresh token and every access token.
		const live = await flow.token({ grant_type: "refresh_token", refresh_token: third.body.refresh_token });
		expect(live.body.error).toBe("invalid_grant");
		for (const answer of [first, second, third]) {
			const whoami = await call("/api/whoami-v2", { token: answer.body.access_token, origin: null });
			expect(whoami.status).toBe(401);
		}
		// Another grant of the same app and user is untouched.
		const other = await flow.grant(session, publicApp.clientId, PUBLIC_REDIRECT);
		expect((await call("/api/whoami-v2", { token: other.body.access_token, origin: null })).status).toBe(200);
	});

	it("answers the token endpoint's CORS to the requesting public app's own origin only", async () => {
		const preflight = (origin: string) =>
			fetch(`${server.url}/oauth/token`, {
				method: "OPTIONS",
				headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
			});
		const ownPreflight = await preflight(PUBLIC_ORIGIN);
		expect(ownPreflight.status).toBe(204);
		expect(ownPreflight.headers.get("access-control-allow-origin")).toBe(PUBLIC_ORIGIN);
		expect(ownPreflight.headers.get("access-control-allow-methods")).toContain("POST");
		for (const origin of ["https://evil.example", SERVER_ORIGIN]) {
			const refused = await preflight(origin);
			expect(refused.headers.get("access-control-allow-origin")).toBe(server.url);
		}

		// The public app's exchange read from its own origin; from another public app's origin, not.
		const { code, verifier } = await flow.approvedCode(session, publicApp.clientId, PUBLIC_REDIRECT);
		const form = { grant_type: "authorization_code", code, redirect_uri: PUBLIC_REDIRECT, code_verifier: verifier };
		const fromOther = await flow.token(form, { origin: OTHER_ORIGIN });
		expect(fromOther.headers.get("access-control-allow-origin")).toBe(server.url);
		const again = await flow.approvedCode(session, publicApp.clientId, PUBLIC_REDIRECT);
		const fromOwn = await flow.token(
			{
				grant_type: "authorization_code",
				code: again.code,
				redirect_uri: PUBLIC_REDIRECT,
				code_verifier: again.verifier,
			},
			{ origin: PUBLIC_ORIGIN },
		);
		expect(fromOwn.status).toBe(200);
		expect(fromOwn.headers.get("access-control-allow-origin")).toBe(PUBLIC_ORIGIN);
		expect(fromOwn.headers.get("vary")).toContain("Origin");
		// A refusal for that app is readable from its origin too.
		const refused = await flow.token(
			{ grant_type: "refresh_token", refresh_token: "not-a-token", client_id: publicApp.clientId },
			{ origin: PUBLIC_ORIGIN },
		);
		expect(refused.body.error).toBe("invalid_grant");
		expect(refused.headers.get("access-control-allow-origin")).toBe(PUBLIC_ORIGIN);

		// A confidential app is called from its server: no browser origin is answered, its own included.
		const secret = await flow.approvedCode(session, confidentialApp.clientId, `${SERVER_ORIGIN}/cb`);
		const confidential = await flow.token(
			{
				grant_type: "authorization_code",
				code: secret.code,
				redirect_uri: `${SERVER_ORIGIN}/cb`,
				code_verifier: secret.verifier,
				client_id: confidentialApp.clientId,
				client_secret: confidentialApp.clientSecret,
			},
			{ origin: SERVER_ORIGIN },
		);
		expect(confidential.status).toBe(200);
		expect(confidential.headers.get("access-control-allow-origin")).toBe(server.url);
	});

	it("registers https redirect URIs, and http only on the loopback interface", async () => {
		const register = (uri: string) =>
			call("/api/settings/oauth-apps", { session, body: { name: "Try", redirectUris: [uri] } });
		for (const uri of [
			"https://app.example/cb",
			"http://127.0.0.1:8000/cb",
			"http://[::1]:8000/cb",
			"http://localhost/cb",
		]) {
			expect((await register(uri)).status, uri).toBe(201);
		}
		for (const uri of [
			"http://app.example/cb",
			"http://192.168.1.10/cb",
			"ftp://app.example/cb",
			"javascript:alert(1)",
		]) {
			const refused = await register(uri);
			expect(refused.status, uri).toBe(400);
			expect(refused.body.error).toMatch(/^Invalid redirect URI: /);
		}
		expect((await register("http://app.example/cb")).body.error).toBe(
			"Invalid redirect URI: a redirect URI is https (http only on 127.0.0.1, [::1] or localhost)",
		);
	});
});
