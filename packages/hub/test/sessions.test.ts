/**
 * Session lifetime and cookie flags on both engines: idle expiry counts from the
 * last request, absolute expiry from sign-in (both configurable), an expired
 * session's row is deleted; the cookie is `Secure` when the public URL is https,
 * and the database holds only a hash of the id.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, findSession } from "../src/auth/sessions.js";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

const DAY = 86_400_000;

describe.each(ENGINES)("session lifetime on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	const PUBLIC = "https://hub.example.com";

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub({ ...testDb.config, publicUrl: PUBLIC, sessionIdleDays: 2, sessionMaxDays: 5 });
		server = await listen(hub.app);
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	it("ends a session after the idle days without a request, and after the maximum days however busy", async () => {
		const config = hub.deps.config;
		const user = await hub.deps.db
			.insertInto("users")
			.values({ id: "0".repeat(24), name: "olga", fullname: "olga", email: null, created_at: new Date().toISOString() })
			.returning("id")
			.executeTakeFirstOrThrow();
		const start = new Date("2026-01-01T00:00:00Z");
		const at = (days: number) => new Date(start.getTime() + days * DAY);

		const idle = await createSession(hub.deps.db, user.id, start);
		expect(await findSession(hub.deps.db, idle, config, at(1.9))).toBeDefined();
		// Seen at day 1.9: idle time counts from there.
		expect(await findSession(hub.deps.db, idle, config, at(3.8))).toBeDefined();
		expect(await findSession(hub.deps.db, idle, config, at(5.9))).toBeUndefined();
		// Gone for good, not only refused.
		expect(await findSession(hub.deps.db, idle, config, at(4))).toBeUndefined();

		const busy = await createSession(hub.deps.db, user.id, start);
		for (const day of [1, 2, 3, 4, 4.9])
			expect(await findSession(hub.deps.db, busy, config, at(day)), `day ${day}`).toBeDefined();
		expect(await findSession(hub.deps.db, busy, config, at(5.1))).toBeUndefined();

		const stored = await hub.deps.db.selectFrom("sessions").select("id_hash").execute();
		expect(stored.map((row) => row.id_hash)).not.toContain(busy);
	});

	it("marks the cookie Secure behind an https public URL and stores only its hash", async () => {
		const call = accountClient(server.url);
		const answer = await call("/api/auth/signup", {
			origin: PUBLIC,
			body: { username: "pablo", email: "pablo@example.com", password: "a long enough secret" },
		});
		expect(answer.status, JSON.stringify(answer.body)).toBe(201);
		const cookie = sessionCookie(answer.headers);
		expect(cookie?.line).toMatch(/; Secure/);
		expect(cookie?.line).toMatch(/; Max-Age=432000/);
		const rows = await hub.deps.db.selectFrom("sessions").select("id_hash").execute();
		expect(rows.map((row) => row.id_hash)).not.toContain(cookie?.value);
		// The hub's origin is the public one: the listening address is not it.
		const session = cookie?.value ?? "";
		const wrongOrigin = await call("/api/auth/logout", { method: "POST", session, origin: server.url });
		expect(wrongOrigin.headers.get("x-error-code")).toBe("CsrfRejected");
		expect((await call("/api/auth/logout", { method: "POST", session, origin: PUBLIC })).status).toBe(204);
	});
});
