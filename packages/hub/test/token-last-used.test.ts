/**
 * Tokens' last-use times on both engines: noted in memory per request, written
 * only when flushed (or on close), never moved backwards; and revocation, which
 * takes effect on the very next request.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseAuth, databaseAuth } from "../src/auth/caller.js";
import { lastUseRecorder } from "../src/auth/last-used.js";
import { createAccessToken, listAccessTokens, revokeAccessToken } from "../src/auth/tokens.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { openTestHub, type TestHub } from "./support/hub.js";

describe.each(ENGINES)("token last use and revocation on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let auth: DatabaseAuth;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
	});

	afterAll(async () => {
		await hub?.close();
		await testDb?.cleanup();
	});

	// A fresh auth (and so nothing noted) per test; each test has its own user.
	beforeEach(() => {
		auth = databaseAuth(hub.deps.db);
	});

	afterEach(async () => {
		await auth.close();
	});

	async function lastUsed(user: string): Promise<Array<string | null>> {
		return ((await listAccessTokens(hub.deps.db, user)) ?? []).map((item) => item.lastUsedAt);
	}

	it("makes read tokens unless asked otherwise, and lists them without any secret", async () => {
		const first = await createAccessToken(hub.deps.db, "dana", { now: new Date("2025-01-01T00:00:00Z") });
		const second = await createAccessToken(hub.deps.db, "dana", {
			role: "write",
			displayName: "ci",
			now: new Date("2025-02-01T00:00:00Z"),
		});
		expect(first.role).toBe("read");
		const listed = await listAccessTokens(hub.deps.db, "dana");
		expect(listed).toEqual([
			{
				id: first.id,
				displayName: "dana token",
				role: "read",
				createdAt: "2025-01-01T00:00:00.000Z",
				lastUsedAt: null,
				expiresAt: null,
				repos: null,
			},
			{
				id: second.id,
				displayName: "ci",
				role: "write",
				createdAt: "2025-02-01T00:00:00.000Z",
				lastUsedAt: null,
				expiresAt: null,
				repos: null,
			},
		]);
		expect(JSON.stringify(listed)).not.toContain(first.token);
		expect(await listAccessTokens(hub.deps.db, "nobody")).toBeUndefined();
	});

	it("writes nothing per request: the last use reaches the database when flushed", async () => {
		const { token } = await createAccessToken(hub.deps.db, "erin");
		const before = new Date().toISOString();
		for (let call = 0; call < 3; call++) expect((await auth.identify(`Bearer ${token}`))?.userName).toBe("erin");
		expect(await lastUsed("erin")).toEqual([null]);
		await auth.flushLastUse();
		const [stored] = await lastUsed("erin");
		expect(stored).toEqual(expect.any(String));
		expect((stored ?? "") >= before).toBe(true);
	});

	it("writes what is still noted when the hub closes", async () => {
		const { token } = await createAccessToken(hub.deps.db, "fay");
		await auth.identify(`Bearer ${token}`);
		await auth.close();
		expect((await lastUsed("fay"))[0]).toEqual(expect.any(String));
	});

	it("never moves a last-use time backwards (another hub may have written a later one)", async () => {
		const { id } = await createAccessToken(hub.deps.db, "gus");
		const recorder = lastUseRecorder(hub.deps.db);
		recorder.note(id, new Date("2025-06-02T00:00:00Z"));
		await recorder.flush();
		recorder.note(id, new Date("2025-06-01T00:00:00Z"));
		await recorder.close();
		expect(await lastUsed("gus")).toEqual(["2025-06-02T00:00:00.000Z"]);
	});

	it("revokes a token at once; a use noted before the revocation does not bring it back", async () => {
		const kept = await createAccessToken(hub.deps.db, "hana");
		const revoked = await createAccessToken(hub.deps.db, "hana");
		expect(await auth.identify(`Bearer ${revoked.token}`)).toBeDefined();
		expect(await revokeAccessToken(hub.deps.db, revoked.id)).toBe(true);
		await expect(auth.identify(`Bearer ${revoked.token}`)).rejects.toMatchObject({ status: 401 });
		expect((await auth.identify(`Bearer ${kept.token}`))?.userName).toBe("hana");
		await auth.flushLastUse();
		expect((await listAccessTokens(hub.deps.db, "hana"))?.map((item) => item.id)).toEqual([kept.id]);
		expect(await revokeAccessToken(hub.deps.db, revoked.id)).toBe(false);
	});
});
