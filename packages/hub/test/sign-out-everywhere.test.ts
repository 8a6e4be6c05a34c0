/**
 * Sign out everywhere, over real HTTP on both engines: every browser session of the user ends
 * (the one that asked too, its cookie cleared), every OAuth grant of the user is revoked (access
 * and refresh tokens, codes not yet exchanged), the user's own access tokens stay, and other
 * users are untouched. Also: whoami-v2 says no e-mail is verified, since the hub verifies none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { oauthFlow } from "./support/oauth-flow.js";

const PASSWORD = "correct horse battery";
const REDIRECT = "http://127.0.0.1:5997/callback";

describe.each(ENGINES)("sign out everywhere on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let call: ReturnType<typeof accountClient>;
	let flow: ReturnType<typeof oauthFlow>;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		server = await listen(hub.app);
		call = accountClient(server.url);
		flow = oauthFlow(server.url);
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	async function signUp(username: string): Promise<string> {
		const answer = await call("/api/auth/signup", {
			body: { username, email: `${username}@example.com`, password: PASSWORD },
		});
		expect(answer.status).toBe(201);
		return sessionCookie(answer.headers)?.value ?? "";
	}

	async function signIn(username: string): Promise<string> {
		const answer = await call("/api/auth/login", { body: { username, password: PASSWORD } });
		expect(answer.status).toBe(200);
		return sessionCookie(answer.headers)?.value ?? "";
	}

	it("ends every session and OAuth grant of the user, keeps their own tokens, and leaves others alone", async () => {
		const laptop = await signUp("sven");
		const phone = await signIn("sven");
		const other = await signUp("tove");
		const app = (
			await call("/api/settings/oauth-apps", { session: laptop, body: { name: "App", redirectUris: [REDIRECT] } })
		).body;
		const granted = await flow.grant(laptop, app.clientId, REDIRECT);
		expect(granted.status).toBe(200);
		const pending = await flow.approvedCode(phone, app.clientId, REDIRECT);
		const othersGrant = await flow.grant(other, app.clientId, REDIRECT);
		const own = await call("/api/settings/tokens", { session: laptop, body: { name: "cli", role: "read" } });
		expect(own.status).toBe(201);

		// Not for a token, and not from another site.
		expect(
			(await call("/api/settings/sign-out-everywhere", { method: "POST", token: own.body.token, origin: null })).status,
		).toBe(403);
		const foreign = await call("/api/settings/sign-out-everywhere", {
			method: "POST",
			session: phone,
			origin: "https://evil.example",
		});
		expect(foreign.headers.get("x-error-code")).toBe("CsrfRejected");

		const out = await call("/api/settings/sign-out-everywhere", { method: "POST", session: phone });
		expect(out.status).toBe(204);
		expect(sessionCookie(out.headers)?.value).toBe("");
		for (const session of [laptop, phone]) expect((await call("/api/auth/session", { session })).status).toBe(401);
		const revoked = await call("/api/whoami-v2", { token: granted.body.access_token, origin: null });
		expect(revoked.status).toBe(401);
		const refresh = await flow.token({ grant_type: "refresh_token", refresh_token: granted.body.refresh_token });
		expect(refresh.body.error).toBe("invalid_grant");
		const late = await flow.token({
			grant_type: "authorization_code",
			code: pending.code,
			redirect_uri: REDIRECT,
			code_verifier: pending.verifier,
		});
		expect(late.body.error).toBe("invalid_grant");

		// The user's own token stays; the other user keeps their session and grant.
		expect((await call("/api/whoami-v2", { token: own.body.token, origin: null })).status).toBe(200);
		expect((await call("/api/auth/session", { session: other })).status).toBe(200);
		expect((await call("/api/whoami-v2", { token: othersGrant.body.access_token, origin: null })).status).toBe(200);
		// Signing in again works.
		await signIn("sven");
	});

	it("says in whoami-v2 that the e-mail is not verified", async () => {
		const session = await signUp("uma");
		const whoami = await call("/api/whoami-v2", { session });
		expect(whoami.body).toMatchObject({ email: "uma@example.com", emailVerified: false });
	});
});
