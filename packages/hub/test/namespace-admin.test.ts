/**
 * Contested names from the admin API, over real HTTP on both engines: seeding a catalogue whose
 * namespace an account already holds (exactly, or in another case) records a conflict rather
 * than handing the account the repositories; only a site admin's browser session lists and
 * decides conflicts; after `grant` the account writes in the namespace, after `keep` the site
 * holds it and the account spelled differently keeps its own name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { loadSeed } from "../src/seed/load.js";
import { createUser } from "../src/services/accounts.js";
import { commitRaw, header, inline } from "./commits-fixture.js";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { seedModel } from "./support/seed-records.js";

const PASSWORD = "correct horse battery";

describe.each(ENGINES)("contested names on the admin API (%s)", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let call: ReturnType<typeof accountClient>;
	const tokens: Record<string, string> = {};

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		for (const [username, isAdmin] of [
			["root", true],
			["acme-ai", false],
			["Zeta", false],
		] as const) {
			await createUser(hub.deps.db, { username, email: `${username}@example.com`, password: PASSWORD, isAdmin });
			tokens[username] = (await createAccessToken(hub.deps.db, username, { role: "write" })).token;
		}
		// A catalogue that names both, loaded after they signed up.
		await loadSeed(hub.deps, [seedModel("acme-ai/classifier"), seedModel("zeta/model")]);
		server = await listen(hub.app);
		call = accountClient(server.url);
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	async function signIn(username: string): Promise<string> {
		const answer = await call("/api/auth/login", { body: { username, password: PASSWORD } });
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
		return sessionCookie(answer.headers)?.value ?? "";
	}

	const commit = (who: string, id: string) =>
		commitRaw(server.url, tokens[who] as string, id, [header(`edit by ${who}`), inline(`${who}.md`, "x\n")]);

	it("records a conflict when the catalogue names a held namespace, and nobody writes there", async () => {
		expect((await commit("acme-ai", "acme-ai/classifier")).status).toBe(403);
		expect((await commit("Zeta", "zeta/model")).status).toBe(403);
		// A site admin still writes there.
		expect((await commit("root", "zeta/model")).status).toBe(200);
	});

	it("lets only a site admin's session list and decide", async () => {
		const acme = await signIn("acme-ai");
		for (const [path, body] of [
			["/api/admin/namespaces", undefined],
			["/api/admin/namespaces/acme-ai/grant", { account: "acme-ai" }],
			["/api/admin/namespaces/acme-ai/keep", {}],
		] as const) {
			const answer = await call(path, { session: acme, body });
			expect(answer.status, path).toBe(403);
		}
		expect((await call("/api/admin/namespaces", { token: tokens.root, origin: null })).status).toBe(403);

		const root = await signIn("root");
		const listed = await call("/api/admin/namespaces", { session: root });
		expect(listed.status).toBe(200);
		expect(listed.body.map((conflict: { name: string; namespaces: string[]; accounts: string[] }) => conflict)).toEqual(
			[
				expect.objectContaining({ name: "acme-ai", namespaces: ["acme-ai"], accounts: ["acme-ai"], decision: null }),
				expect.objectContaining({ name: "zeta", namespaces: ["zeta"], accounts: ["Zeta"], decision: null }),
			],
		);
	});

	it("grants and keeps from the admin API", async () => {
		const root = await signIn("root");
		const wrong = await call("/api/admin/namespaces/acme-ai/grant", { session: root, body: { account: "Zeta" } });
		expect(wrong.status).toBe(400);
		const granted = await call("/api/admin/namespaces/acme-ai/grant", { session: root, body: { account: "acme-ai" } });
		expect(granted.status, JSON.stringify(granted.body)).toBe(200);
		expect(granted.body).toMatchObject({ decision: "granted", decidedFor: "acme-ai", decidedBy: "root" });
		expect((await commit("acme-ai", "acme-ai/classifier")).status).toBe(200);

		const kept = await call("/api/admin/namespaces/zeta/keep", { session: root, body: {} });
		expect(kept.status, JSON.stringify(kept.body)).toBe(200);
		expect(kept.body).toMatchObject({ decision: "kept", decidedBy: "root" });
		expect((await commit("Zeta", "zeta/model")).status).toBe(403);
		const site = await hub.deps.db
			.selectFrom("users")
			.select(["kind", "site_managed"])
			.where("name", "=", "zeta")
			.executeTakeFirst();
		expect(site).toEqual({ kind: "org", site_managed: 1 });

		expect((await call("/api/admin/namespaces", { session: root })).body).toEqual([]);
		const all = await call("/api/admin/namespaces?all=1", { session: root });
		expect(all.body.map((conflict: { decision: string }) => conflict.decision)).toEqual(["granted", "kept"]);
		const again = await call("/api/admin/namespaces/zeta/keep", { session: root, body: {} });
		expect(again.status).toBe(404);
	});
});
