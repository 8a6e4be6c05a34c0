/**
 * Accounts over real HTTP on 127.0.0.1, on both engines: sign-up and sign-in set
 * the session cookie (flags checked); whoami-v2 answers for the cookie as for a
 * token; tokens made from the settings routes work, are listed without a secret
 * and stop on revocation; sign-out and a password change end sessions; CSRF
 * refusals; the sign-in rate limit; expired and repo-scoped tokens; nothing
 * secret reaches the log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { linesLogger } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { createTestRepo } from "./support/repos.js";

const PASSWORD = "correct horse battery";

describe.each(ENGINES)("accounts and sessions on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let call: ReturnType<typeof accountClient>;
	const log = linesLogger();
	/** Every secret the tests handled: none may appear in the log. */
	const secrets: string[] = [PASSWORD];

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config, undefined, log);
		server = await listen(hub.app);
		call = accountClient(server.url);
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	async function signUp(username: string, password = PASSWORD): Promise<string> {
		const answer = await call("/api/auth/signup", { body: { username, email: `${username}@example.com`, password } });
		expect(answer.status, JSON.stringify(answer.body)).toBe(201);
		const cookie = sessionCookie(answer.headers);
		if (!cookie) throw new Error("no session cookie");
		secrets.push(cookie.value);
		return cookie.value;
	}

	async function signIn(username: string, password = PASSWORD): Promise<string> {
		const answer = await call("/api/auth/login", { body: { username, password } });
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
		const cookie = sessionCookie(answer.headers);
		if (!cookie) throw new Error("no session cookie");
		secrets.push(cookie.value);
		return cookie.value;
	}

	it("signs up, signs in with a flagged cookie, and answers whoami-v2 for the session and for a token made from it", async () => {
		const first = await signUp("alice");
		const login = await call("/api/auth/login", { body: { username: "alice", password: PASSWORD } });
		expect(login.status).toBe(200);
		expect(login.body).toEqual({ name: "alice", fullname: "alice", email: "alice@example.com", isAdmin: false });
		const cookie = sessionCookie(login.headers);
		if (!cookie) throw new Error("no cookie");
		secrets.push(cookie.value);
		expect(cookie.line).toMatch(/; HttpOnly/);
		expect(cookie.line).toMatch(/; SameSite=Lax/);
		expect(cookie.line).toMatch(/; Path=\//);
		// Served over http: a Secure cookie would never come back.
		expect(cookie.line).not.toMatch(/Secure/);
		expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
		// A new id on every sign-in.
		expect(cookie.value).not.toBe(first);

		const session = await call("/api/auth/session", { session: cookie.value });
		expect(session.body).toEqual({ name: "alice", fullname: "alice", email: "alice@example.com", isAdmin: false });

		const whoami = await call("/api/whoami-v2", { session: cookie.value });
		expect(whoami.status).toBe(200);
		expect(whoami.body).toMatchObject({
			type: "user",
			name: "alice",
			email: "alice@example.com",
			orgs: [],
			auth: { type: "access_token", accessToken: { displayName: "Browser session", role: "write" } },
		});

		const made = await call("/api/settings/tokens", { session: cookie.value, body: { name: "laptop", role: "read" } });
		expect(made.status).toBe(201);
		expect(made.body.token).toMatch(/^hf_[A-Za-z0-9]{34}$/);
		secrets.push(made.body.token);
		expect(made.body).toMatchObject({ displayName: "laptop", role: "read", expiresAt: null, repos: null });

		const withToken = await call("/api/whoami-v2", { token: made.body.token, origin: null });
		expect(withToken.body).toMatchObject({
			name: "alice",
			auth: { type: "access_token", accessToken: { displayName: "laptop", role: "read" } },
		});

		const listed = await call("/api/settings/tokens", { session: cookie.value });
		expect(listed.body.map((item: { displayName: string }) => item.displayName)).toEqual(["laptop"]);
		expect(JSON.stringify(listed.body)).not.toContain(made.body.token);

		// A token cannot reach the settings routes (a read token must not mint a write token).
		expect((await call("/api/settings/tokens", { token: made.body.token, origin: null })).status).toBe(403);

		const revoked = await call(`/api/settings/tokens/${made.body.id}`, { method: "DELETE", session: cookie.value });
		expect(revoked.status).toBe(204);
		const refused = await call("/api/whoami-v2", { token: made.body.token, origin: null });
		expect(refused.status).toBe(401);
		expect(refused.headers.get("x-error-code")).toBe("InvalidToken");
	});

	it("refuses a taken or reserved name, a taken email and a short password, each with a clear message", async () => {
		await signUp("bruno");
		const taken = await call("/api/auth/signup", {
			body: { username: "Bruno", email: "other@example.com", password: PASSWORD },
		});
		expect(taken.status).toBe(409);
		expect(taken.body.error).toBe('The name "Bruno" is already taken');
		const reserved = await call("/api/auth/signup", {
			body: { username: "settings", email: "s@example.com", password: PASSWORD },
		});
		expect(reserved.status).toBe(400);
		expect(reserved.body.error).toMatch(/reserved/);
		const badName = await call("/api/auth/signup", {
			body: { username: "a--b", email: "ab@example.com", password: PASSWORD },
		});
		expect(badName.status).toBe(400);
		const sameEmail = await call("/api/auth/signup", {
			body: { username: "bruno2", email: "BRUNO@example.com", password: PASSWORD },
		});
		expect(sameEmail.status).toBe(409);
		const short = await call("/api/auth/signup", {
			body: { username: "carla", email: "carla@example.com", password: "123456789" },
		});
		expect(short.status).toBe(400);
		expect(short.body.error).toBe("A password has at least 10 characters");
	});

	it("signs in by email, and logout ends the session", async () => {
		await signUp("dora");
		const byEmail = await call("/api/auth/login", { body: { email: "DORA@example.com", password: PASSWORD } });
		expect(byEmail.status).toBe(200);
		const session = sessionCookie(byEmail.headers)?.value ?? "";
		secrets.push(session);
		expect((await call("/api/auth/session", { session })).status).toBe(200);
		const out = await call("/api/auth/logout", { method: "POST", session });
		expect(out.status).toBe(204);
		expect(sessionCookie(out.headers)?.value).toBe("");
		expect((await call("/api/auth/session", { session })).status).toBe(401);
		// A stale cookie is a signed-out visitor, not an error, on public routes.
		expect((await call("/api/models?limit=1", { session })).status).toBe(200);
	});

	it("a password change ends every other session and keeps the browser that made it signed in", async () => {
		const first = await signUp("emil");
		const second = await signIn("emil");
		const wrong = await call("/api/settings/password", {
			session: first,
			body: { current: "not the password", new: "a brand new secret" },
		});
		expect(wrong.status).toBe(403);
		const changed = await call("/api/settings/password", {
			session: first,
			body: { current: PASSWORD, new: "a brand new secret" },
		});
		secrets.push("a brand new secret");
		expect(changed.status).toBe(204);
		const renewed = sessionCookie(changed.headers)?.value ?? "";
		secrets.push(renewed);
		expect((await call("/api/auth/session", { session: second })).status).toBe(401);
		expect((await call("/api/auth/session", { session: first })).status).toBe(401);
		expect((await call("/api/auth/session", { session: renewed })).status).toBe(200);
		expect((await call("/api/auth/login", { body: { username: "emil", password: PASSWORD } })).status).toBe(401);
		await signIn("emil", "a brand new secret");
	});

	it("refuses a cookie-authenticated change from another origin, and lets same-origin and bearer calls through", async () => {
		const session = await signUp("fiona");
		const body = { name: "csrf", role: "write" };
		const foreign = await call("/api/settings/tokens", { session, body, origin: "https://evil.example" });
		expect(foreign.status).toBe(403);
		expect(foreign.headers.get("x-error-code")).toBe("CsrfRejected");
		const noOrigin = await call("/api/settings/tokens", { session, body, origin: null });
		expect(noOrigin.status).toBe(403);
		const foreignReferer = await call("/api/settings/tokens", {
			session,
			body,
			origin: null,
			headers: { referer: "https://evil.example/page" },
		});
		expect(foreignReferer.status).toBe(403);
		const ownReferer = await call("/api/settings/tokens", {
			session,
			body,
			origin: null,
			headers: { referer: `${server.url}/settings/tokens` },
		});
		expect(ownReferer.status).toBe(201);
		secrets.push(ownReferer.body.token);
		const fetchSite = await call("/api/settings/tokens", {
			session,
			body,
			origin: null,
			headers: { "sec-fetch-site": "same-origin" },
		});
		expect(fetchSite.status).toBe(201);
		secrets.push(fetchSite.body.token);
		const sameOrigin = await call("/api/settings/tokens", { session, body });
		expect(sameOrigin.status).toBe(201);
		secrets.push(sameOrigin.body.token);
		// A bearer call from anywhere is not a CSRF concern.
		const bearer = await call("/api/organizations", {
			token: sameOrigin.body.token,
			origin: "https://evil.example",
			body: { name: "fiona-org" },
		});
		expect(bearer.status).toBe(201);
		// Reads are never refused.
		expect((await call("/api/auth/session", { session, origin: "https://evil.example" })).status).toBe(200);
		// Signing in from another site's page is refused too.
		const loginCsrf = await call("/api/auth/login", {
			origin: "https://evil.example",
			body: { username: "fiona", password: PASSWORD },
		});
		expect(loginCsrf.headers.get("x-error-code")).toBe("CsrfRejected");
	});

	it("rate-limits failed sign-ins per account and address with the same answer for an unknown user", async () => {
		await signUp("gus");
		// Earlier tests' failures from 127.0.0.1 would count against the address.
		await hub.deps.db.deleteFrom("sign_in_failures").execute();
		const unknown = await call("/api/auth/login", { body: { username: "nobody-here", password: "whatever123" } });
		const wrong = await call("/api/auth/login", { body: { username: "gus", password: "wrong password" } });
		expect(unknown.status).toBe(401);
		expect(wrong.status).toBe(401);
		expect(unknown.body).toEqual({ error: "Invalid username or password" });
		expect(wrong.body).toEqual(unknown.body);
		expect(wrong.headers.get("x-error-code")).toBe(unknown.headers.get("x-error-code"));
		await hub.deps.db.deleteFrom("sign_in_failures").execute();
		for (let attempt = 0; attempt < 5; attempt++) {
			const failed = await call("/api/auth/login", { body: { username: "gus", password: "wrong password" } });
			expect(failed.status).toBe(401);
		}
		// Five failures for gus: even the right password waits now.
		const limited = await call("/api/auth/login", { body: { username: "gus", password: PASSWORD } });
		expect(limited.status).toBe(429);
		expect(limited.headers.get("x-error-code")).toBe("SignInRateLimited");
		expect(limited.body.error).toMatch(/^Too many failed sign-ins: try again in \d+ minute\(s\)$/);
		const retryAfter = Number(limited.headers.get("retry-after"));
		expect(retryAfter).toBeGreaterThan(0);
		expect(retryAfter).toBeLessThanOrEqual(15 * 60);
		// The limit is per account and address: another account from the same address signs in.
		expect((await call("/api/auth/login", { body: { username: "alice", password: PASSWORD } })).status).toBe(200);
		await hub.deps.db.deleteFrom("sign_in_failures").execute();
	});

	it("refuses an expired token and limits a repo-scoped token to its repos", async () => {
		const session = await signUp("ella");
		// Her own private repositories (a seeded namespace is never hers: names in use are refused at sign-up).
		for (const id of ["ella/secret-a", "ella/secret-b"]) await createTestRepo(hub.deps, id, { private: true });
		const scoped = await call("/api/settings/tokens", {
			session,
			body: { name: "only a", role: "read", repos: ["ella/secret-a"], expiresInDays: 30 },
		});
		expect(scoped.status).toBe(201);
		secrets.push(scoped.body.token);
		expect(scoped.body.repos).toEqual(["ella/secret-a"]);
		expect(Date.parse(scoped.body.expiresAt) - Date.parse(scoped.body.createdAt)).toBe(30 * 86_400_000);
		const token = scoped.body.token;
		expect((await call("/api/models/ella/secret-a", { token, origin: null })).status).toBe(200);
		expect((await call("/api/models/ella/secret-b", { token, origin: null })).status).toBe(404);
		// The session (unscoped) sees both.
		expect((await call("/api/models/ella/secret-b", { session })).status).toBe(200);

		const expired = await createAccessToken(hub.deps.db, "ella", { expiresAt: "2020-01-01T00:00:00.000Z" });
		secrets.push(expired.token);
		const refused = await call("/api/whoami-v2", { token: expired.token, origin: null });
		expect(refused.status).toBe(401);
		expect(refused.headers.get("x-error-code")).toBe("InvalidToken");

		const badScope = await call("/api/settings/tokens", {
			session,
			body: { name: "bad", role: "read", repos: ["a--b/x"] },
		});
		expect(badScope.status).toBe(400);
		const badDays = await call("/api/settings/tokens", {
			session,
			body: { name: "bad", role: "read", expiresInDays: 0 },
		});
		expect(badDays.status).toBe(400);
	});

	it("keeps organisation members in roles that only admins change, and never without an admin", async () => {
		const owner = await signUp("hana");
		const member = await signUp("ivan");
		const made = await call("/api/organizations", { session: owner, body: { name: "hana-lab", fullname: "Hana Lab" } });
		expect(made.status).toBe(201);
		// Users and organisations share one namespace.
		expect((await call("/api/organizations", { session: owner, body: { name: "ivan" } })).status).toBe(409);
		expect(
			(await call("/api/auth/signup", { body: { username: "hana-lab", email: "x@example.com", password: PASSWORD } }))
				.status,
		).toBe(409);

		const path = "/api/organizations/hana-lab/members";
		expect((await call(`${path}/ivan`, { method: "PUT", session: owner, body: { role: "read" } })).status).toBe(204);
		expect((await call(path, { session: member })).body).toEqual([
			expect.objectContaining({ name: "hana", role: "admin" }),
			expect.objectContaining({ name: "ivan", role: "read" }),
		]);
		// A read member cannot change members.
		const notAdmin = await call(`${path}/ivan`, { method: "PUT", session: member, body: { role: "admin" } });
		expect(notAdmin.status).toBe(403);
		expect((await call(`${path}/ivan`, { method: "PUT", session: owner, body: { role: "owner" } })).status).toBe(400);

		// whoami-v2 lists the organisation with the role.
		const whoami = await call("/api/whoami-v2", { session: member });
		expect(whoami.body.orgs).toEqual([
			expect.objectContaining({ type: "org", name: "hana-lab", fullname: "Hana Lab", roleInOrg: "read" }),
		]);

		// The last admin can neither leave nor step down.
		expect((await call(`${path}/hana`, { method: "DELETE", session: owner })).status).toBe(409);
		expect((await call(`${path}/hana`, { method: "PUT", session: owner, body: { role: "write" } })).status).toBe(409);
		// With a second admin, the first may leave.
		expect((await call(`${path}/ivan`, { method: "PUT", session: owner, body: { role: "admin" } })).status).toBe(204);
		expect((await call(`${path}/hana`, { method: "DELETE", session: owner })).status).toBe(204);
		// No longer a member: the organisation is hidden from them.
		expect((await call(path, { session: owner })).status).toBe(404);
		expect((await call(path)).status).toBe(401);
	});

	it("writes no password, token or session id to the log", () => {
		const text = log.lines.join("\n");
		for (const secret of secrets) expect(text).not.toContain(secret);
	});
});
