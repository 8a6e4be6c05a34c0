/**
 * Sign-up floods, over real HTTP on both engines: attempts are limited per client address in the
 * database (two hubs on one database share the count), password hashing runs one at a time and a
 * full queue answers 503 with Retry-After instead of waiting, and a taken e-mail gets an answer
 * that names no account.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordHashing } from "../src/auth/passwords.js";
import { accountClient } from "./support/accounts.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

const PASSWORD = "correct horse battery";

describe.each(ENGINES)("sign-up floods on %s", (engine) => {
	let testDb: TestDatabase;
	const hubs: TestHub[] = [];
	const servers: Listening[] = [];
	let calls: ReturnType<typeof accountClient>[];

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		// One trusted proxy: a test can then speak from another address with X-Forwarded-For.
		const config = { ...testDb.config, signUpsPerHour: 4, trustedProxies: 1 };
		for (let index = 0; index < 2; index++) {
			const hub = await openTestHub(config);
			hubs.push(hub);
			servers.push(await listen(hub.app));
		}
		calls = servers.map((server) => accountClient(server.url));
	});

	afterAll(async () => {
		for (const server of servers) await server.close();
		for (const hub of hubs) await hub.close();
		await testDb?.cleanup();
	});

	const signUp = (hub: number, username: string, email = `${username}@example.com`) =>
		(calls[hub] as ReturnType<typeof accountClient>)("/api/auth/signup", {
			body: { username, email, password: PASSWORD },
		});

	it("runs concurrent sign-ups' hashes one at a time", async () => {
		const answers = await Promise.all(["ada", "ben", "cyd"].map((name) => signUp(0, name)));
		expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
		expect(passwordHashing.load.peakRunning).toBe(1);
		expect(passwordHashing.load.running).toBe(0);
	});

	it("refuses a taken e-mail without saying whose it is, and counts every attempt against the address on both hubs", async () => {
		const taken = await signUp(1, "dee", "ADA@example.com");
		expect(taken.status).toBe(409);
		expect(taken.headers.get("x-error-code")).toBe("SignUpRefused");
		expect(taken.body).toEqual({ error: "Could not create an account with this email address: use another one" });
		expect(JSON.stringify(taken.body)).not.toMatch(/ada|exist|registered/i);
		// Four attempts an hour: three on the first hub and one on the second are spent.
		for (const hub of [0, 1]) {
			const limited = await signUp(hub, "eve");
			expect(limited.status).toBe(429);
			expect(limited.headers.get("x-error-code")).toBe("SignUpRateLimited");
			expect(limited.body.error).toMatch(/^Too many sign-ups from this address: try again in \d+ minute\(s\)$/);
			const retryAfter = Number(limited.headers.get("retry-after"));
			expect(retryAfter).toBeGreaterThan(0);
			expect(retryAfter).toBeLessThanOrEqual(15 * 60);
		}
		// Another address is not held back.
		const other = await (calls[1] as ReturnType<typeof accountClient>)("/api/auth/signup", {
			body: { username: "fay", email: "fay@example.com", password: PASSWORD },
			headers: { "x-forwarded-for": "203.0.113.9" },
		});
		expect(other.status).toBe(201);
	});

	it("answers 503 PasswordHashingBusy with Retry-After while the hashing queue is full, and serves again once it drains", async () => {
		await hubs[0]?.deps.db.deleteFrom("rate_buckets").execute();
		let release: () => void = () => {};
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		// One running and sixteen waiting: the queue's whole room.
		const fillers = Array.from({ length: 17 }, () => passwordHashing.run(() => held));
		const busy = await signUp(0, "gil");
		expect(busy.status).toBe(503);
		expect(busy.headers.get("x-error-code")).toBe("PasswordHashingBusy");
		expect(Number(busy.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
		const signIn = await (calls[0] as ReturnType<typeof accountClient>)("/api/auth/login", {
			body: { username: "ada", password: PASSWORD },
		});
		expect(signIn.status).toBe(503);
		// An unknown name costs a decoy hash, refused too; the refusal is not remembered.
		const login = (username: string) =>
			(calls[0] as ReturnType<typeof accountClient>)("/api/auth/login", {
				body: { username, password: PASSWORD },
			});
		expect((await login("nobody-at-all")).status).toBe(503);
		release();
		await Promise.all(fillers);
		expect((await login("nobody-at-all")).status).toBe(401);
		expect((await signUp(0, "gil")).status).toBe(201);
	});
});
