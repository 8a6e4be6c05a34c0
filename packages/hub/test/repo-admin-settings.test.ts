/**
 * `PUT /api/{models|datasets}/{id}/settings` over real HTTP on both engines: `private` or
 * `visibility` hides and shows a repository at once (a cached public answer is forgotten),
 * `gated` opens and closes the gate, keys left out keep their value, and bad values are
 * 400s that change nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { call, createTestPeople, createTestRepo, type TestPeople } from "./support/repos.js";

describe.each(ENGINES)("repository settings (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let people: TestPeople;

	beforeAll(async () => {
		people = await createTestPeople(hub.deps.db);
		await createTestRepo(hub.deps, "alice/tunable");
		await createTestRepo(hub.deps, "alice/tunable-data", { type: "dataset" });
	});

	const put = (path: string, body: unknown, token = people.ownerWrite) =>
		call(`${hub.url}/api/${path}/settings`, { method: "PUT", token, body });
	const info = (token?: string) => call(`${hub.url}/api/models/alice/tunable`, { token });

	it("makes a model private and public again, at once", async () => {
		expect((await info()).status).toBe(200);
		const hidden = await put("models/alice/tunable", { private: true });
		expect(hidden).toMatchObject({ status: 200, body: { private: true, gated: false } });
		expect((await info()).status).toBe(401);
		expect((await info(people.other)).status).toBe(404);
		expect((await info(people.ownerRead)).body).toMatchObject({ private: true });
		const listed = await call(`${hub.url}/api/models?author=alice`);
		expect(listed.body).toEqual([]);

		const shown = await put("models/alice/tunable", { visibility: "public" });
		expect(shown.body).toEqual({ private: false, gated: false });
		expect((await info()).body).toMatchObject({ private: false });
	});

	it("opens and closes the gate, keeping what is not named", async () => {
		expect((await put("models/alice/tunable", { gated: "manual" })).body).toEqual({ private: false, gated: "manual" });
		expect((await info()).body).toMatchObject({ gated: "manual" });
		expect((await call(`${hub.url}/alice/tunable/resolve/main/config.json`)).status).toBe(401);
		expect((await put("models/alice/tunable", { private: true })).body).toEqual({ private: true, gated: "manual" });
		expect((await put("models/alice/tunable", { gated: false, private: false })).body).toEqual({
			private: false,
			gated: false,
		});
		expect((await call(`${hub.url}/alice/tunable/resolve/main/config.json`)).status).toBe(200);
	});

	it("changes a dataset's settings", async () => {
		const answer = await put("datasets/alice/tunable-data", { visibility: "private", gated: "auto" });
		expect(answer.body).toEqual({ private: true, gated: "auto" });
		const row = await hub.deps.db
			.selectFrom("datasets")
			.select(["private", "gated"])
			.where("id", "=", "alice/tunable-data")
			.executeTakeFirstOrThrow();
		expect(row).toEqual({ private: 1, gated: "auto" });
		expect((await call(`${hub.url}/api/datasets/alice/tunable-data/refs`)).status).toBe(401);
	});

	it("refuses bad values and other callers, changing nothing", async () => {
		for (const body of [
			{ private: "yes" },
			{ visibility: "protected" },
			{ gated: "always" },
			{ gated: true },
			{ private: true, visibility: "public" },
		]) {
			expect((await put("models/alice/tunable", body)).status, JSON.stringify(body)).toBe(400);
		}
		expect(
			(await call(`${hub.url}/api/models/alice/tunable/settings`, { method: "PUT", token: people.ownerWrite })).status,
		).toBe(400);
		expect((await put("models/alice/tunable", { private: true }, people.other)).status).toBe(403);
		expect((await put("models/alice/tunable", { private: true }, people.ownerRead)).status).toBe(403);
		expect((await put("models/alice/missing", { private: true })).status).toBe(404);
		expect((await info()).body).toMatchObject({ private: false, gated: false });
	});
});
