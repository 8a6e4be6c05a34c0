/**
 * Moving repositories over real HTTP on both engines: every row keyed by the repository follows
 * it (commits, branches, tags, likes, access requests, tags, apps, mappings; the hub's own
 * mapping names the new id), the search index finds the new id, and `repo_redirects` records
 * the old key with chains resolved (A→B then B→C: A goes to C; moving back drops the
 * redirect). The read side's 307 is another part's (datasets/read routes), not tested here.
 */
import { listCommits } from "@huggingface/hub";
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { addTestCommit, call, createTestPeople, createTestRepo, type TestPeople } from "./support/repos.js";

describe.each(ENGINES)("moving repositories (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let people: TestPeople;

	beforeAll(async () => {
		people = await createTestPeople(hub.deps.db);
	});

	/** null: no token at all. */
	const move = (body: Record<string, unknown>, token: string | null = people.ownerWrite) =>
		call(`${hub.url}/api/repos/move`, { token: token ?? undefined, body });
	const redirects = async () =>
		(await hub.deps.db.selectFrom("repo_redirects").select(["from_id", "to_id"]).orderBy("from_id").execute()).map(
			(row) => `${row.from_id} -> ${row.to_id}`,
		);
	const rowsUnder = async (key: string, id: string) => {
		const db = hub.deps.db;
		const count = async (rows: Promise<unknown[]>) => (await rows).length;
		return {
			commits: await count(db.selectFrom("commits").select("sha").where("repo_id", "=", key).execute()),
			refs: await count(db.selectFrom("refs").select("name").where("repo_id", "=", key).execute()),
			tags: await count(db.selectFrom("ref_tags").select("name").where("repo_id", "=", key).execute()),
			likes: await count(db.selectFrom("likes").select("user_id").where("repo_id", "=", key).execute()),
			requests: await count(db.selectFrom("access_requests").select("user_id").where("repo_id", "=", key).execute()),
			modelTags: await count(db.selectFrom("model_tags").select("tag").where("model_id", "=", id).execute()),
			apps: await count(db.selectFrom("model_apps").select("app").where("model_id", "=", id).execute()),
			mappings: await count(db.selectFrom("provider_mappings").select("provider").where("model_id", "=", id).execute()),
		};
	};

	it("moves a model with everything keyed by it, and leaves a redirect", async () => {
		const db = hub.deps.db;
		const first = await createTestRepo(hub.deps, "alice/first", { gated: "manual" });
		const second = await addTestCommit(hub.deps, "model", "alice/first", { message: "Two", author: "alice" });
		const oscar = await db.selectFrom("users").select("id").where("name", "=", "oscar").executeTakeFirstOrThrow();
		const at = new Date().toISOString();
		await db.insertInto("refs").values({ repo_id: "alice/first", name: "dev", commit_sha: first }).execute();
		await db
			.insertInto("ref_tags")
			.values({ repo_id: "alice/first", name: "v1", commit_sha: second, message: null, created_at: at })
			.execute();
		await db.insertInto("likes").values({ repo_id: "alice/first", user_id: oscar.id, created_at: at }).execute();
		await db
			.insertInto("access_requests")
			.values({
				repo_id: "alice/first",
				user_id: oscar.id,
				status: "accepted",
				fields: null,
				created_at: at,
				updated_at: at,
			})
			.execute();
		await db.insertInto("model_tags").values({ model_id: "alice/first", tag: "moving" }).execute();
		await db.insertInto("model_apps").values({ model_id: "alice/first", app: "llama.cpp" }).execute();
		const mapping = { task: "text-generation", status: "live", adapter: null, adapter_weights_path: null };
		await db
			.insertInto("provider_mappings")
			.values([
				{ ...mapping, model_id: "alice/first", position: 0, provider: "hf-inference", provider_id: "alice/first" },
				{ ...mapping, model_id: "alice/first", position: 1, provider: "together", provider_id: "t/first" },
			])
			.execute();
		const before = await rowsUnder("alice/first", "alice/first");
		expect(before).toEqual({ commits: 2, refs: 2, tags: 1, likes: 1, requests: 1, modelTags: 1, apps: 1, mappings: 2 });
		expect((await call(`${hub.url}/api/models/alice/first`)).status).toBe(200);

		const moved = await move({ fromRepo: "alice/first", toRepo: "alice/second" });
		expect(moved.status).toBe(200);
		expect(moved.body).toEqual({ id: "alice/second", url: "alice/second" });
		expect(await rowsUnder("alice/second", "alice/second")).toEqual(before);
		expect(Object.values(await rowsUnder("alice/first", "alice/first")).every((count) => count === 0)).toBe(true);
		const mappings = await db
			.selectFrom("provider_mappings")
			.select(["provider", "provider_id"])
			.where("model_id", "=", "alice/second")
			.orderBy("position")
			.execute();
		expect(mappings).toEqual([
			{ provider: "hf-inference", provider_id: "alice/second" },
			{ provider: "together", provider_id: "t/first" },
		]);
		expect(await redirects()).toEqual(["alice/first -> alice/second"]);

		// Everything reads under the new id; the old one answers with a redirect there (followed here).
		const info = await call(`${hub.url}/api/models/alice/second`);
		expect(info.body).toMatchObject({ id: "alice/second", author: "alice", gated: "manual", likes: 0 });
		const old = await call(`${hub.url}/api/models/alice/first`, { token: people.other });
		expect(old.status).toBe(200);
		expect(old.body).toMatchObject({ id: "alice/second" });
		expect((await call(`${hub.url}/alice/second/resolve/main/config.json`, { token: people.other })).status).toBe(200);
		const history = [];
		for await (const commit of listCommits({ repo: "alice/second", hubUrl: hub.url })) history.push(commit.oid);
		expect(history).toEqual([second, first]);
		const found = await call(`${hub.url}/api/models?search=alice/sec`);
		expect(found.body.map((model: { id: string }) => model.id)).toEqual(["alice/second"]);
		expect((await call(`${hub.url}/api/models?search=alice/fir`)).body).toEqual([]);
	});

	it("resolves chains of moves, and moving back drops the redirect", async () => {
		await createTestRepo(hub.deps, "alice/a");
		expect((await move({ fromRepo: "alice/a", toRepo: "alice/b" })).status).toBe(200);
		expect((await move({ fromRepo: "alice/b", toRepo: "alice/c" })).status).toBe(200);
		const chain = (await redirects()).filter((line) => /alice\/[abc]\b/.test(line));
		expect(chain).toEqual(["alice/a -> alice/c", "alice/b -> alice/c"]);
		expect((await move({ fromRepo: "alice/c", toRepo: "alice/a" })).status).toBe(200);
		const back = (await redirects()).filter((line) => /alice\/[abc]\b/.test(line));
		expect(back).toEqual(["alice/b -> alice/a", "alice/c -> alice/a"]);
	});

	it("refuses an existing target, a missing source, and namespaces the caller may not write", async () => {
		await createTestRepo(hub.deps, "alice/stay");
		await createTestRepo(hub.deps, "alice/taken");
		const snapshot = async () => [await redirects(), await rowsUnder("alice/stay", "alice/stay")];
		const before = await snapshot();
		const taken = await move({ fromRepo: "alice/stay", toRepo: "alice/taken" });
		expect(taken.status).toBe(409);
		expect(taken.headers.get("x-error-code")).toBe("RepoExists");
		expect((await move({ fromRepo: "alice/none", toRepo: "alice/other" })).status).toBe(404);
		expect((await move({ fromRepo: "alice/stay", toRepo: "acme/stolen" })).status).toBe(403);
		expect((await move({ fromRepo: "alice/stay", toRepo: "alice/x" }, people.ownerRead)).status).toBe(403);
		expect((await move({ fromRepo: "alice/stay", toRepo: "oscar/x" }, people.other)).status).toBe(403);
		expect((await move({ fromRepo: "alice/stay", toRepo: "alice/x" }, null)).status).toBe(401);
		expect((await move({ fromRepo: "alice/stay", toRepo: "alice/stay" })).status).toBe(400);
		expect((await move({ fromRepo: "alice/stay", toRepo: "no-namespace" })).status).toBe(400);
		expect((await move({ fromRepo: "alice/stay", toRepo: "alice/../x" })).status).toBe(400);
		expect((await move({ fromRepo: "alice/stay" })).status).toBe(400);
		expect(await snapshot()).toEqual(before);
		expect((await call(`${hub.url}/api/models/alice/stay`)).status).toBe(200);
	});

	it("lets an admin of the source who writes in the target move between them, not a mere writer", async () => {
		await createTestRepo(hub.deps, "acme/team");
		expect((await move({ fromRepo: "acme/team", toRepo: "acme/crew" }, people.orgReader)).status).toBe(403);
		// The write role pushes; moving (out of the organisation, too) is an admin's.
		expect((await move({ fromRepo: "acme/team", toRepo: "will/crew" }, people.orgWriter)).status).toBe(403);
		expect((await move({ fromRepo: "acme/team", toRepo: "acme/crew" }, people.orgWriter)).status).toBe(403);
		const will = await hub.deps.db
			.selectFrom("users")
			.select("id")
			.where("name", "=", "will")
			.executeTakeFirstOrThrow();
		await hub.deps.db.updateTable("org_members").set({ role: "admin" }).where("user_id", "=", will.id).execute();
		expect((await move({ fromRepo: "acme/team", toRepo: "acme/crew" }, people.orgWriter)).status).toBe(200);
		expect((await move({ fromRepo: "acme/crew", toRepo: "will/crew" }, people.orgWriter)).status).toBe(200);
		const row = await hub.deps.db
			.selectFrom("models")
			.select(["author", "owner", "name"])
			.where("id", "=", "will/crew")
			.executeTakeFirstOrThrow();
		expect(row).toEqual({ author: "will", owner: "will", name: "crew" });
		expect((await redirects()).filter((line) => line.includes("crew") || line.includes("team"))).toEqual([
			"acme/crew -> will/crew",
			"acme/team -> will/crew",
		]);
	});

	it("moves a dataset under its own keys", async () => {
		await createTestRepo(hub.deps, "alice/rows", { type: "dataset" });
		await hub.deps.db.insertInto("dataset_tags").values({ dataset_id: "alice/rows", tag: "csv" }).execute();
		const moved = await move({ fromRepo: "alice/rows", toRepo: "alice/columns", type: "dataset" });
		expect(moved.body).toEqual({ id: "alice/columns", url: "datasets/alice/columns" });
		const tags = await hub.deps.db.selectFrom("dataset_tags").selectAll().execute();
		expect(tags).toEqual([{ dataset_id: "alice/columns", tag: "csv" }]);
		expect((await redirects()).filter((line) => line.startsWith("datasets/"))).toEqual([
			"datasets/alice/rows -> datasets/alice/columns",
		]);
		const refs = await call(`${hub.url}/api/datasets/alice/columns/refs`);
		expect(refs.body.branches.map((branch: { name: string }) => branch.name)).toEqual(["main"]);
		expect((await move({ fromRepo: "alice/columns", toRepo: "alice/x", type: "space" })).status).toBe(400);
	});
});
