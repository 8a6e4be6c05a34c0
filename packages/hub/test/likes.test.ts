/**
 * Likes over real HTTP on both engines: like and unlike are idempotent, dated, and keep the
 * record's count in step (model info shows it at once); a user's likes list, newest first,
 * without private repositories the viewer may not see; `sort=likes30d` counts only the last
 * 30 days and pages by (count, id).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { call, createTestPeople, createTestRepo, TEST_ORG, type TestPeople } from "./support/repos.js";

const DAY = 86_400_000;

describe.each(ENGINES)("likes (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let people: TestPeople;

	beforeAll(async () => {
		people = await createTestPeople(hub.deps.db);
		await createTestRepo(hub.deps, "alice/liked");
		await createTestRepo(hub.deps, "alice/notes", { type: "dataset" });
		await createTestRepo(hub.deps, `${TEST_ORG}/secret`, { private: true });
		for (const name of ["old-fame", "hot", "warm", "cold-a", "cold-b"]) await createTestRepo(hub.deps, `fan/${name}`);
	});

	const like = (path: string, token: string | undefined, method = "POST") =>
		call(`${hub.url}/api/${path}/like`, { method, token });
	const likesOf = async (id: string) => (await call(`${hub.url}/api/models/${id}`)).body.likes;

	it("likes and unlikes idempotently, with the count in step", async () => {
		expect(await like("models/alice/liked", people.other)).toMatchObject({ status: 200, body: { likes: 1 } });
		expect(await like("models/alice/liked", people.other)).toMatchObject({ status: 200, body: { likes: 1 } });
		expect(await likesOf("alice/liked")).toBe(1);
		expect(await like("models/alice/liked", people.orgReader)).toMatchObject({ body: { likes: 2 } });
		expect(await likesOf("alice/liked")).toBe(2);
		expect(await like("models/alice/liked", people.orgReader, "DELETE")).toMatchObject({ body: { likes: 1 } });
		expect(await like("models/alice/liked", people.orgReader, "DELETE")).toMatchObject({ body: { likes: 1 } });
		expect(await likesOf("alice/liked")).toBe(1);
		const rows = await hub.deps.db.selectFrom("likes").selectAll().where("repo_id", "=", "alice/liked").execute();
		expect(rows).toHaveLength(1);
		expect(Date.now() - Date.parse(rows[0]?.created_at ?? "")).toBeLessThan(DAY);
	});

	it("refuses anonymous likes and hides private repositories", async () => {
		expect((await like("models/alice/liked", undefined)).status).toBe(401);
		expect((await like("models/acme/secret", people.other)).status).toBe(404);
		expect((await like("models/acme/secret", undefined)).status).toBe(401);
		expect((await like("models/alice/nothing", people.other)).status).toBe(404);
		expect(await likesOf("alice/liked")).toBe(1);
	});

	it("lists a user's likes newest first, private ones only to who may see them", async () => {
		await like("datasets/alice/notes", people.orgReader);
		await like("models/acme/secret", people.orgReader);
		const url = `${hub.url}/api/users/rita/likes`;
		const own = await call(url, { token: people.orgReader });
		expect(own.status).toBe(200);
		expect(own.body.map((item: { repo: unknown }) => item.repo)).toEqual([
			{ name: "acme/secret", type: "model" },
			{ name: "alice/notes", type: "dataset" },
		]);
		expect(Number.isNaN(Date.parse(own.body[0].createdAt))).toBe(false);
		const anonymous = await call(url);
		expect(anonymous.body.map((item: { repo: { name: string } }) => item.repo.name)).toEqual(["alice/notes"]);
		expect((await call(`${hub.url}/api/users/nobody-here/likes`)).status).toBe(404);
		expect(
			(await call(`${hub.url}/api/datasets/alice/notes/like`, { method: "DELETE", token: people.orgReader })).body,
		).toEqual({ likes: 0 });
	});

	it("sorts by likes of the last 30 days, paging by (count, id)", async () => {
		const db = hub.deps.db;
		const users = await db.selectFrom("users").select("id").where("kind", "=", "user").execute();
		// Old likes count for sort=likes but not for likes30d.
		const old = new Date(Date.now() - 40 * DAY).toISOString();
		await db
			.insertInto("likes")
			.values(users.map((user) => ({ repo_id: "fan/old-fame", user_id: user.id, created_at: old })))
			.execute();
		await db.updateTable("models").set({ likes: users.length }).where("id", "=", "fan/old-fame").execute();
		await like("models/fan/hot", people.other);
		await like("models/fan/hot", people.orgWriter);
		await like("models/fan/warm", people.other);

		const expected = ["fan/hot", "fan/warm", "fan/old-fame", "fan/cold-b", "fan/cold-a"];
		const ids = async (query: string) => {
			const found: string[] = [];
			let next: string | undefined = `${hub.url}/api/models?author=fan&${query}`;
			while (next) {
				const answer: Awaited<ReturnType<typeof call>> = await call(next);
				expect(answer.status, JSON.stringify(answer.body)).toBe(200);
				found.push(...answer.body.map((item: { id: string }) => item.id));
				next = /<([^>]+)>; rel="next"/.exec(answer.headers.get("link") ?? "")?.[1];
			}
			return found;
		};
		expect(await ids("sort=likes30d")).toEqual(expected);
		expect(await ids("sort=likes30d&limit=1")).toEqual(expected);
		expect(await ids("sort=likes30d&limit=2&direction=1")).toEqual([...expected].reverse());
		expect(await ids("sort=likes30d&search=o&limit=1")).toEqual(expected.filter((id) => id.slice(4).includes("o")));
		expect((await ids("sort=likes")).at(0)).toBe("fan/old-fame");
	});
});
