/**
 * A site administrator who is no member of an organisation may still create repositories in
 * it (a hub's admins act for any account), as the name check says beforehand; nobody may create
 * in a namespace no account or organisation holds (a later sign-up with that name would own
 * what was put there). Others still get 403 outside their own name and organisations. Both engines.
 */
import { describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { createUser } from "../src/services/accounts.js";
import { createRepoRaw } from "./commits-fixture.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";

describe.each(ENGINES)("a site admin creating in another namespace (%s)", (engine) => {
	const hub = useHttpHub(engine);

	async function check(token: string, query: Record<string, string>) {
		const response = await fetch(`${hub.url}/api/repos/name-check?${new URLSearchParams(query)}`, {
			headers: { authorization: `Bearer ${token}` },
		});
		expect(response.status).toBe(200);
		return (await response.json()) as { ok: boolean; problem?: string };
	}

	it("creates in an organisation it is not a member of and in another person's name, not in a free name", async () => {
		await createUser(hub.deps.db, {
			username: "root",
			email: "root@example.com",
			password: "correct horse battery",
			isAdmin: true,
		});
		const admin = (await createAccessToken(hub.deps.db, "root", { role: "write" })).token;
		const adminReader = (await createAccessToken(hub.deps.db, "root", { role: "read" })).token;
		const owner = (await createAccessToken(hub.deps.db, "olga", { role: "write" })).token;
		const outsider = (await createAccessToken(hub.deps.db, "pete", { role: "write" })).token;
		const organisation = await fetch(`${hub.url}/api/organizations`, {
			method: "POST",
			headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
			body: JSON.stringify({ name: "labs" }),
		});
		expect(organisation.status).toBe(201);

		expect(await check(admin, { namespace: "labs", name: "tool" })).toEqual({ ok: true });
		expect(await check(admin, { namespace: "olga", name: "tool", type: "dataset" })).toEqual({ ok: true });
		expect(await check(admin, { namespace: "nobody-yet", name: "tool" })).toEqual({
			ok: false,
			problem: "There is no account or organization named nobody-yet",
		});
		expect(await check(outsider, { namespace: "labs", name: "tool" })).toEqual({
			ok: false,
			problem: "You cannot create repositories in labs",
		});

		const created = await createRepoRaw(hub.url, admin, { name: "tool", organization: "labs", private: true });
		expect(created.status).toBe(200);
		expect(created.body.id).toBe("labs/tool");
		const dataset = await createRepoRaw(hub.url, admin, { name: "notes", organization: "olga", type: "dataset" });
		expect(dataset.status).toBe(200);
		// The organisation's own members see the private repository the admin made for it.
		const seen = await fetch(`${hub.url}/api/models/labs/tool`, { headers: { authorization: `Bearer ${owner}` } });
		expect(seen.status).toBe(200);
		expect(await check(admin, { namespace: "labs", name: "tool" })).toEqual({
			ok: false,
			problem: "labs/tool already exists: choose another name",
		});

		const free = await createRepoRaw(hub.url, admin, { name: "tool", organization: "nobody-yet" });
		expect(free.status).toBe(404);
		expect(free.body.error).toBe("There is no account or organization named nobody-yet");
		expect((await createRepoRaw(hub.url, outsider, { name: "other", organization: "labs" })).status).toBe(403);
		expect((await createRepoRaw(hub.url, adminReader, { name: "other", organization: "labs" })).status).toBe(403);
		const labs = await fetch(`${hub.url}/api/models?author=labs`, { headers: { authorization: `Bearer ${owner}` } });
		expect(((await labs.json()) as { id: string }[]).map((model) => model.id)).toEqual(["labs/tool"]);
	});
});
