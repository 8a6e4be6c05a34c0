/**
 * An organisation's private repositories are visible to its members, whatever
 * their role, and to nobody else: in the model's own routes and in listings,
 * and no longer once a member is removed. On SQLite and PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { createTestRepo } from "./support/repos.js";

const ORG = "visible-org";
const SECRET = `${ORG}/secret-model`;

describe.each(ENGINES)("organisation repos (%s)", (engine) => {
	const hub = useHttpHub(engine);

	const call = (path: string, token: string, init: RequestInit = {}) =>
		fetch(`${hub.url}${path}`, {
			...init,
			headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
		});
	const listed = async (token: string) =>
		((await (await call(`/api/models?author=${ORG}`, token)).json()) as { id: string }[]).map((model) => model.id);

	it("shows them to members of any role, hides them from others, and stops when a member leaves", async () => {
		const admin = (await createAccessToken(hub.deps.db, "org-founder", { role: "write" })).token;
		const reader = (await createAccessToken(hub.deps.db, "org-reader")).token;
		const outsider = (await createAccessToken(hub.deps.db, "org-outsider")).token;
		expect(
			(await call("/api/organizations", admin, { method: "POST", body: JSON.stringify({ name: ORG }) })).status,
		).toBe(201);
		const join = await call(`/api/organizations/${ORG}/members/org-reader`, admin, {
			method: "PUT",
			body: JSON.stringify({ role: "read" }),
		});
		expect(join.status).toBe(204);
		// The organisation's repositories, made once it exists (a seeded namespace is never an organisation's to take).
		await createTestRepo(hub.deps, SECRET, { private: true });
		await createTestRepo(hub.deps, `${ORG}/open-model`);

		for (const token of [admin, reader]) {
			expect((await call(`/api/models/${SECRET}`, token)).status).toBe(200);
			expect((await call(`/${SECRET}/resolve/main/config.json`, token)).status).toBe(200);
			expect((await listed(token)).sort()).toEqual([`${ORG}/open-model`, SECRET]);
		}
		expect((await call(`/api/models/${SECRET}`, outsider)).status).toBe(404);
		expect(await listed(outsider)).toEqual([`${ORG}/open-model`]);

		const leave = await call(`/api/organizations/${ORG}/members/org-reader`, admin, { method: "DELETE" });
		expect(leave.status).toBe(204);
		expect((await call(`/api/models/${SECRET}`, reader)).status).toBe(404);
		expect(await listed(reader)).toEqual([`${ORG}/open-model`]);
	});
});
