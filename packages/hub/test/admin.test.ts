/**
 * Hub administration over real HTTP on 127.0.0.1, on both engines: only a
 * signed-in administrator's session may list, disable, re-enable, promote and
 * reset people; disabling and a new password end the person's sessions; an
 * administrator cannot demote or disable themselves. And a token scoped to some
 * repos lists, in `GET /api/models`, no other private repo of its user.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { createUser } from "../src/services/accounts.js";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { loadSeedOwnedBy } from "./support/repos.js";
import { seedModel } from "./support/seed-records.js";

const PASSWORD = "correct horse battery";

describe.each(ENGINES)("administration and scoped listings on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let call: ReturnType<typeof accountClient>;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		await loadSeedOwnedBy(
			hub.deps,
			["vera"],
			[
				seedModel("vera/public-model"),
				seedModel("vera/secret-a", { private: true }),
				seedModel("vera/secret-b", { private: true }),
				seedModel("other/secret-c", { private: true }),
			],
		);
		await createUser(hub.deps.db, { username: "root", email: "root@example.com", password: PASSWORD, isAdmin: true });
		for (const name of ["mia", "noah"]) {
			await createUser(hub.deps.db, {
				username: name,
				email: `${name}@example.com`,
				password: PASSWORD,
				fullname: `${name} Person`,
			});
		}
		server = await listen(hub.app);
		call = accountClient(server.url);
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	async function signIn(username: string, password = PASSWORD): Promise<string> {
		const answer = await call("/api/auth/login", { body: { username, password } });
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
		return sessionCookie(answer.headers)?.value ?? "";
	}

	it("refuses non-administrators and tokens with 403", async () => {
		const mia = await signIn("mia");
		for (const [path, method, body] of [
			["/api/admin/users", "GET", undefined],
			["/api/admin/users/noah", "PATCH", { disabled: true }],
			["/api/admin/users/noah/password", "POST", { password: "a new long password" }],
		] as const) {
			const answer = await call(path, { method, session: mia, body });
			expect(answer.status, path).toBe(403);
			expect(answer.headers.get("x-error-code"), path).toBe("Forbidden");
		}
		// An administrator's token is not a browser session.
		const { token } = await createAccessToken(hub.deps.db, "root", { role: "write" });
		expect((await call("/api/admin/users", { token, origin: null })).status).toBe(403);
		expect((await call("/api/admin/users", { origin: null })).status).toBe(401);
	});

	it("lists people with a search and a limit", async () => {
		const root = await signIn("root");
		const all = await call("/api/admin/users", { session: root });
		expect(all.status).toBe(200);
		// vera holds the namespace of her seeded models (support/repos.ts loadSeedOwnedBy).
		expect(all.body.map((user: { name: string }) => user.name)).toEqual(["mia", "noah", "root", "vera"]);
		expect(all.body[0]).toEqual({
			name: "mia",
			email: "mia@example.com",
			fullname: "mia Person",
			isAdmin: false,
			disabled: false,
			createdAt: expect.stringMatching(/^\d{4}-/),
		});
		const found = await call("/api/admin/users?search=NOAH@", { session: root });
		expect(found.body.map((user: { name: string }) => user.name)).toEqual(["noah"]);
		const limited = await call("/api/admin/users?limit=2", { session: root });
		expect(limited.body).toHaveLength(2);
		expect((await call("/api/admin/users?limit=0", { session: root })).status).toBe(400);
	});

	it("disables (ending sessions), re-enables, promotes, resets a password; never demotes or disables oneself", async () => {
		const root = await signIn("root");
		const noah = await signIn("noah");
		expect((await call("/api/whoami-v2", { session: noah })).status).toBe(200);

		const disabled = await call("/api/admin/users/noah", { method: "PATCH", session: root, body: { disabled: true } });
		expect(disabled.status).toBe(200);
		expect(disabled.body).toMatchObject({ name: "noah", disabled: true, isAdmin: false });
		expect((await call("/api/whoami-v2", { session: noah })).status).toBe(401);
		expect((await call("/api/auth/login", { body: { username: "noah", password: PASSWORD } })).status).toBe(401);

		const enabled = await call("/api/admin/users/noah", {
			method: "PATCH",
			session: root,
			body: { disabled: false, isAdmin: true },
		});
		expect(enabled.body).toMatchObject({ name: "noah", disabled: false, isAdmin: true });
		const again = await signIn("noah");
		expect((await call("/api/admin/users", { session: again })).status).toBe(200);

		const reset = await call("/api/admin/users/noah/password", {
			session: root,
			body: { password: "a brand new password" },
		});
		expect(reset.status).toBe(204);
		expect((await call("/api/whoami-v2", { session: again })).status).toBe(401);
		expect((await call("/api/auth/login", { body: { username: "noah", password: PASSWORD } })).status).toBe(401);
		await signIn("noah", "a brand new password");
		expect((await call("/api/admin/users/noah/password", { session: root, body: { password: "short" } })).status).toBe(
			400,
		);

		for (const change of [{ isAdmin: false }, { disabled: true }]) {
			const self = await call("/api/admin/users/root", { method: "PATCH", session: root, body: change });
			expect(self.status, JSON.stringify(change)).toBe(409);
			expect(self.body.error).toMatch(/cannot disable themselves or give up their own admin right/);
		}
		expect(
			(await call("/api/admin/users/nobody", { method: "PATCH", session: root, body: { disabled: true } })).status,
		).toBe(404);
		expect(
			(await call("/api/admin/users/noah", { method: "PATCH", session: root, body: { disabled: "yes" } })).status,
		).toBe(400);
		// Another site cannot make an administrator's browser do it.
		const foreign = await call("/api/admin/users/mia", {
			method: "PATCH",
			session: root,
			origin: "https://evil.example",
			body: { isAdmin: true },
		});
		expect(foreign.status).toBe(403);
		expect(foreign.headers.get("x-error-code")).toBe("CsrfRejected");
	});

	it("lists to a repo-scoped token only the private repos of its scope", async () => {
		const ids = async (token: string) => {
			const answer = await call("/api/models?author=vera&limit=100", { token, origin: null });
			expect(answer.status).toBe(200);
			return {
				ids: answer.body.map((model: { id: string }) => model.id).sort(),
				total: answer.headers.get("x-total-count"),
			};
		};
		const full = await createAccessToken(hub.deps.db, "vera");
		expect(await ids(full.token)).toEqual({
			ids: ["vera/public-model", "vera/secret-a", "vera/secret-b"],
			total: "3",
		});
		const scoped = await createAccessToken(hub.deps.db, "vera", { repos: ["vera/secret-a"] });
		expect(await ids(scoped.token)).toEqual({ ids: ["vera/public-model", "vera/secret-a"], total: "2" });
		// A scope naming a repo of someone else's gives nothing of theirs.
		const elsewhere = await createAccessToken(hub.deps.db, "vera", { repos: ["other/secret-c"] });
		const everything = await call("/api/models?limit=100", { token: elsewhere.token, origin: null });
		expect(everything.body.map((model: { id: string }) => model.id).sort()).toEqual(["vera/public-model"]);
	});
});
