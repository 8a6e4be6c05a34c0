/**
 * Two holes the permission rule closes, replayed as they were found, over real HTTP on both
 * engines:
 * - a token limited to one repository, or an OAuth app's `write-repos` token, administered the
 *   person's organisations (made mallory an admin of acme, created organisations, changed acme's
 *   settings);
 * - an organisation's `write` member published, took and deleted its private repositories.
 * Each refusal leaves the database as it was.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { call, createTestOrganization, createTestRepo } from "./support/repos.js";

describe.each(ENGINES)("permission findings (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let scoped: string;
	let appToken: string;
	let carol: string;
	let mallory: string;

	beforeAll(async () => {
		const db = hub.deps.db;
		// alice administers acme; carol has the write role there; mallory is no member.
		scoped = (await createAccessToken(db, "alice", { role: "write", repos: ["alice/x"] })).token;
		const app = await createAccessToken(db, "alice", { role: "write" });
		await db.updateTable("access_tokens").set({ oauth_scope: "openid write-repos" }).where("id", "=", app.id).execute();
		appToken = app.token;
		carol = (await createAccessToken(db, "carol", { role: "write" })).token;
		mallory = (await createAccessToken(db, "mallory", { role: "write" })).token;
		await createTestOrganization(db, "acme", [
			["alice", "admin"],
			["carol", "write"],
		]);
		await createTestRepo(hub.deps, "alice/x");
		await createTestRepo(hub.deps, "acme/secret", { private: true });
	});

	const members = async () =>
		(
			await hub.deps.db
				.selectFrom("org_members")
				.innerJoin("users", "users.id", "org_members.user_id")
				.select(["users.name", "org_members.role"])
				.orderBy("users.name")
				.execute()
		).map((row) => `${row.name}:${row.role}`);

	it("keeps a repo-scoped or OAuth token away from organisation administration", async () => {
		for (const token of [scoped, appToken]) {
			const promote = await call(`${hub.url}/api/organizations/acme/members/mallory`, {
				method: "PUT",
				token,
				body: { role: "admin" },
			});
			expect(promote.status).toBe(403);
			expect(promote.headers.get("x-error-code")).toBe("Forbidden");
			const made = await call(`${hub.url}/api/organizations`, { token, body: { name: `made-${token.slice(-6)}` } });
			expect(made.status).toBe(403);
			const settings = await call(`${hub.url}/api/organizations/acme/settings`, {
				method: "PUT",
				token,
				body: { bio: "taken over" },
			});
			expect(settings.status).toBe(403);
		}
		expect(await members()).toEqual(["alice:admin", "carol:write"]);
		expect((await call(`${hub.url}/api/models/acme/secret`, { token: mallory })).status).toBe(404);
		const orgs = await hub.deps.db.selectFrom("users").select("name").where("kind", "=", "org").execute();
		expect(orgs.map((row) => row.name)).toEqual(["acme"]);
		const acme = await hub.deps.db
			.selectFrom("users")
			.select("bio")
			.where("name", "=", "acme")
			.executeTakeFirstOrThrow();
		expect(acme.bio).not.toBe("taken over");
		// The scoped token still does what it is for.
		const own = await call(`${hub.url}/api/models/alice/x/settings`, {
			method: "PUT",
			token: scoped,
			body: { private: false },
		});
		expect(own.status).toBe(200);
	});

	it("lets an organisation's write member push, but not publish, take or delete its private repositories", async () => {
		const branch = await call(`${hub.url}/api/models/acme/secret/branch/carols`, { token: carol, body: {} });
		expect(branch.status).toBe(200);
		const publish = await call(`${hub.url}/api/models/acme/secret/settings`, {
			method: "PUT",
			token: carol,
			body: { private: false },
		});
		expect(publish.status).toBe(403);
		const take = await call(`${hub.url}/api/repos/move`, {
			token: carol,
			body: { fromRepo: "acme/secret", toRepo: "carol/stolen" },
		});
		expect(take.status).toBe(403);
		const remove = await call(`${hub.url}/api/repos/delete`, {
			method: "DELETE",
			token: carol,
			body: { name: "secret", organization: "acme" },
		});
		expect(remove.status).toBe(403);
		const row = await hub.deps.db
			.selectFrom("models")
			.select(["id", "private"])
			.where("id", "like", "%secret%")
			.execute();
		expect(row).toEqual([{ id: "acme/secret", private: 1 }]);
		expect(await hub.deps.db.selectFrom("models").select("id").where("id", "=", "carol/stolen").execute()).toEqual([]);
		// The organisation's admin may.
		const admin = (await createAccessToken(hub.deps.db, "alice", { role: "write" })).token;
		const published = await call(`${hub.url}/api/models/acme/secret/settings`, {
			method: "PUT",
			token: admin,
			body: { private: false },
		});
		expect(published.status).toBe(200);
	});
});
