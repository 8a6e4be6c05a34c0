/**
 * Failed sign-ins throttled per (account, address) and per address, over real HTTP on both
 * engines: a guesser's failures hold back that account from that address only, so the owner
 * signing in from elsewhere gets through with the right password, and other people behind the
 * guesser's address too until the address itself has failed too often.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	ADDRESS_MAX_FAILURES,
	noteSignInFailure,
	PAIR_MAX_FAILURES,
	signInSubjects,
} from "../src/auth/sign-in-limit.js";
import { accountClient } from "./support/accounts.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

const PASSWORD = "correct horse battery";
const GUESSER = "198.51.100.7";
const OWNER = "203.0.113.20";

describe.each(ENGINES)("the sign-in throttle on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let call: ReturnType<typeof accountClient>;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		// One trusted proxy: X-Forwarded-For says which address a request comes from.
		hub = await openTestHub({ ...testDb.config, trustedProxies: 1 });
		server = await listen(hub.app);
		call = accountClient(server.url);
		for (const name of ["olga", "pim"]) {
			const made = await call("/api/auth/signup", {
				body: { username: name, email: `${name}@example.com`, password: PASSWORD },
			});
			expect(made.status).toBe(201);
		}
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	const signIn = (username: string, password: string, from: string) =>
		call("/api/auth/login", { body: { username, password }, headers: { "x-forwarded-for": from } });

	it("holds back one account from the guessing address only: the owner elsewhere and other accounts there sign in", async () => {
		for (let attempt = 0; attempt < PAIR_MAX_FAILURES; attempt++) {
			expect((await signIn("olga", "not her password", GUESSER)).status).toBe(401);
		}
		const held = await signIn("olga", PASSWORD, GUESSER);
		expect(held.status).toBe(429);
		expect(held.headers.get("x-error-code")).toBe("SignInRateLimited");
		expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
		// The same account typed in another case is the same subject.
		expect((await signIn("OLGA", PASSWORD, GUESSER)).status).toBe(429);
		// The owner, from another address, with the right password.
		expect((await signIn("olga", PASSWORD, OWNER)).status).toBe(200);
		// Someone else behind the guesser's address.
		expect((await signIn("pim", PASSWORD, GUESSER)).status).toBe(200);
	});

	it("holds back every account from an address that failed too often, and no other address", async () => {
		await hub.deps.db.deleteFrom("sign_in_failures").execute();
		// All but the last failure recorded directly (each over HTTP costs a password hash), each for a
		// different account, so no pair reaches its own limit; the last one goes through the route.
		for (let attempt = 1; attempt < ADDRESS_MAX_FAILURES; attempt++) {
			await noteSignInFailure(hub.deps.db, signInSubjects(`nobody-${attempt}`, GUESSER));
		}
		expect((await signIn("pim", PASSWORD, GUESSER)).status).toBe(200);
		expect((await signIn("nobody-0", "whatever password", GUESSER)).status).toBe(401);
		const held = await signIn("pim", PASSWORD, GUESSER);
		expect(held.status).toBe(429);
		expect(held.body.error).toMatch(/^Too many failed sign-ins: try again in \d+ minute\(s\)$/);
		expect((await signIn("pim", PASSWORD, OWNER)).status).toBe(200);
	});
});
