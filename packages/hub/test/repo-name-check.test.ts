/**
 * `GET /api/repos/name-check`: what the site's "new repository" form asks as a name is typed.
 * It answers with the rule creating would apply (the id rule, reserved names, who may write
 * where, taken ids), and only tells whether an id exists to someone who could create there.
 * On SQLite and PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { createRepoRaw } from "./commits-fixture.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";

describe.each(ENGINES)("checking a new repository's name (%s)", (engine) => {
	const hub = useHttpHub(engine);

	async function check(token: string | undefined, query: Record<string, string>) {
		const response = await fetch(`${hub.url}/api/repos/name-check?${new URLSearchParams(query)}`, {
			headers: token ? { authorization: `Bearer ${token}` } : {},
		});
		return { status: response.status, body: (await response.json()) as { ok?: boolean; problem?: string } };
	}

	it("answers each problem creating would refuse, and ok for a free name", async () => {
		const { token } = await createAccessToken(hub.deps.db, "nina", { role: "write" });
		expect((await createRepoRaw(hub.url, token, { name: "taken" })).status).toBe(200);
		expect((await createRepoRaw(hub.url, token, { name: "data", type: "dataset" })).status).toBe(200);

		const mine = { namespace: "nina" };
		expect(await check(token, { ...mine, name: "fresh" })).toEqual({ status: 200, body: { ok: true } });
		const problems: [Record<string, string>, RegExp][] = [
			[{ ...mine, name: "bad--name" }, /not valid: .*no '\.\.' or '--'/],
			[{ ...mine, name: "-dash" }, /starts with a letter or digit/],
			[{ ...mine, name: "x".repeat(97) }, /1 to 96 characters/],
			[{ ...mine, name: "Settings" }, /"Settings" is reserved/],
			[{ ...mine, name: "taken" }, /nina\/taken already exists/],
			[{ ...mine, name: "data", type: "dataset" }, /nina\/data already exists/],
			[{ namespace: "someone-else", name: "fresh" }, /cannot create repositories in someone-else/],
		];
		for (const [query, message] of problems) {
			const answer = await check(token, query);
			expect(answer.status, JSON.stringify(query)).toBe(200);
			expect(answer.body.ok).toBe(false);
			expect(answer.body.problem).toMatch(message);
		}
		// A model and a dataset may share an id.
		expect((await check(token, { ...mine, name: "data" })).body).toEqual({ ok: true });
		// What the check says is what creating does.
		expect((await createRepoRaw(hub.url, token, { name: "Settings" })).body.error).toMatch(/"Settings" is reserved/);
	});

	it("tells whether an id is taken only to those who may create there", async () => {
		const owner = (await createAccessToken(hub.deps.db, "omar", { role: "write" })).token;
		const reader = (await createAccessToken(hub.deps.db, "pia", { role: "write" })).token;
		const writer = (await createAccessToken(hub.deps.db, "ravi", { role: "write" })).token;
		const call = (path: string, method: string, body: unknown) =>
			fetch(`${hub.url}${path}`, {
				method,
				headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
				body: JSON.stringify(body),
			});
		expect((await call("/api/organizations", "POST", { name: "studio" })).status).toBe(201);
		expect((await call("/api/organizations/studio/members/pia", "PUT", { role: "read" })).status).toBe(204);
		expect((await call("/api/organizations/studio/members/ravi", "PUT", { role: "write" })).status).toBe(204);
		expect(
			(await createRepoRaw(hub.url, owner, { name: "secret", organization: "studio", private: true })).status,
		).toBe(200);

		const query = { namespace: "studio", name: "secret" };
		expect((await check(writer, query)).body).toEqual({
			ok: false,
			problem: "studio/secret already exists: choose another name",
		});
		expect((await check(writer, { ...query, name: "open" })).body).toEqual({ ok: true });
		expect((await check(reader, query)).body.problem).toMatch(/cannot create repositories in studio/);
		const anonymous = await check(undefined, query);
		expect(anonymous.status).toBe(401);
		expect(anonymous.body).not.toHaveProperty("ok");
	});

	it("refuses a malformed request with a 400", async () => {
		const { token } = await createAccessToken(hub.deps.db, "sam", { role: "write" });
		expect((await check(token, { type: "space", namespace: "sam", name: "x" })).status).toBe(400);
		expect((await check(token, { namespace: "sam" })).status).toBe(400);
	});
});
