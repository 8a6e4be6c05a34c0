/**
 * Deleting repositories over real HTTP on both engines, with the public client's `deleteRepo`:
 * the record and every row keyed by it go in one go (tags, apps, mappings, commits and their
 * files, branches, tags, likes, access requests, redirects to it); blobs stay, and another
 * repository holding the same content still serves it; a cached model answer is forgotten;
 * deleting again is 404 RepoNotFound; the Python client's body (`organization: null`) works.
 */
import { deleteRepo } from "@huggingface/hub";
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { addTestCommit, call, createTestPeople, createTestRepo, type TestPeople } from "./support/repos.js";

const SHARED = "the same bytes in two repositories\n";

describe.each(ENGINES)("deleting repositories (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let people: TestPeople;

	beforeAll(async () => {
		people = await createTestPeople(hub.deps.db);
	});

	/** Rows anywhere that still name the repository `key` (or its model id). */
	async function leftovers(key: string, id: string, commits: string[]) {
		const db = hub.deps.db;
		const counts: Record<string, number> = {};
		const count = async (name: string, rows: Promise<unknown[]>) => {
			counts[name] = (await rows).length;
		};
		await count("models", db.selectFrom("models").select("id").where("id", "=", id).execute());
		await count("datasets", db.selectFrom("datasets").select("id").where("id", "=", id).execute());
		await count("model_tags", db.selectFrom("model_tags").select("tag").where("model_id", "=", id).execute());
		await count("model_apps", db.selectFrom("model_apps").select("app").where("model_id", "=", id).execute());
		await count(
			"provider_mappings",
			db.selectFrom("provider_mappings").select("provider").where("model_id", "=", id).execute(),
		);
		await count("dataset_tags", db.selectFrom("dataset_tags").select("tag").where("dataset_id", "=", id).execute());
		for (const table of ["commits", "refs", "ref_tags", "likes", "access_requests"] as const) {
			await count(table, db.selectFrom(table).select("repo_id").where("repo_id", "=", key).execute());
		}
		await count("redirects", db.selectFrom("repo_redirects").select("from_id").where("to_id", "=", key).execute());
		if (commits.length > 0) {
			await count("commits", db.selectFrom("commits").select("sha").where("sha", "in", commits).execute());
		}
		return counts;
	}

	it("deletes a model and everything keyed by it; shared blobs stay", async () => {
		const db = hub.deps.db;
		const id = "alice/doomed";
		const first = await createTestRepo(hub.deps, id, { files: { "README.md": "# doomed\n", "shared.txt": SHARED } });
		const second = await addTestCommit(hub.deps, "model", id, { message: "More", files: { "more.txt": "more\n" } });
		await createTestRepo(hub.deps, "alice/survivor", { files: { "shared.txt": SHARED } });
		const users = await db.selectFrom("users").select("id").where("name", "in", ["oscar", "rita"]).execute();
		const at = new Date().toISOString();
		await db.insertInto("model_tags").values({ model_id: id, tag: "doomed-tag" }).execute();
		await db.insertInto("model_apps").values({ model_id: id, app: "llama.cpp" }).execute();
		await db
			.insertInto("provider_mappings")
			.values({
				model_id: id,
				position: 0,
				provider: "hf-inference",
				provider_id: id,
				task: "text-generation",
				status: "live",
				adapter: null,
				adapter_weights_path: null,
			})
			.execute();
		await db.insertInto("refs").values({ repo_id: id, name: "dev", commit_sha: first }).execute();
		await db
			.insertInto("ref_tags")
			.values({ repo_id: id, name: "v1", commit_sha: first, message: null, created_at: at })
			.execute();
		for (const user of users) {
			await db.insertInto("likes").values({ repo_id: id, user_id: user.id, created_at: at }).execute();
			await db
				.insertInto("access_requests")
				.values({ repo_id: id, user_id: user.id, status: "pending", fields: null, created_at: at, updated_at: at })
				.execute();
		}
		await db.insertInto("repo_redirects").values({ from_id: "alice/old-doomed", to_id: id, created_at: at }).execute();
		// Cached before the delete: the answer must not outlive the model.
		expect((await call(`${hub.url}/api/models/${id}`)).status).toBe(200);
		const before = await leftovers(id, id, [first, second]);
		expect(Object.values(before).filter((count) => count === 0)).toEqual([0, 0]);

		// A refused delete leaves it all in place.
		await expect(deleteRepo({ repo: id, hubUrl: hub.url, accessToken: people.other })).rejects.toMatchObject({
			statusCode: 403,
		});
		expect(await leftovers(id, id, [first, second])).toEqual(before);

		await deleteRepo({ repo: id, hubUrl: hub.url, accessToken: people.ownerWrite });
		const after = await leftovers(id, id, [first, second]);
		expect(Object.values(after).every((count) => count === 0)).toBe(true);
		expect((await call(`${hub.url}/api/models/${id}`)).status).toBe(401);
		expect((await call(`${hub.url}/api/models/${id}`, { token: people.ownerWrite })).status).toBe(404);
		// Blobs are content-addressed: the other repository's copy is still served.
		expect((await call(`${hub.url}/alice/survivor/resolve/main/shared.txt`)).body).toBe(SHARED);

		const again = await call(`${hub.url}/api/repos/delete`, {
			method: "DELETE",
			token: people.ownerWrite,
			body: { name: "doomed", organization: "alice" },
		});
		expect(again.status).toBe(404);
		expect(again.headers.get("x-error-code")).toBe("RepoNotFound");
	});

	it("deletes a dataset, and takes the Python client's body (no organization)", async () => {
		await createTestRepo(hub.deps, "alice/old-data", { type: "dataset" });
		await createTestRepo(hub.deps, "alice/same-name", { type: "dataset" });
		await createTestRepo(hub.deps, "alice/same-name");
		await deleteRepo({
			repo: { type: "dataset", name: "alice/old-data" },
			hubUrl: hub.url,
			accessToken: people.ownerWrite,
		});
		expect(await leftovers("datasets/alice/old-data", "alice/old-data", [])).toMatchObject({
			datasets: 0,
			commits: 0,
			refs: 0,
		});
		expect((await call(`${hub.url}/api/datasets/alice/old-data/refs`, { token: people.ownerWrite })).status).toBe(404);

		// A dataset and a model may share an id: deleting one leaves the other.
		const python = await call(`${hub.url}/api/repos/delete`, {
			method: "DELETE",
			token: people.ownerWrite,
			body: { name: "same-name", organization: null, type: "dataset" },
		});
		expect(python.status).toBe(200);
		expect((await call(`${hub.url}/api/datasets/alice/same-name/refs`, { token: people.ownerWrite })).status).toBe(404);
		expect((await call(`${hub.url}/api/models/alice/same-name/refs`)).status).toBe(200);
	});

	it("lets an organisation's admins delete its repositories, and nobody else (its writers neither)", async () => {
		await createTestRepo(hub.deps, "acme/team-model");
		const body = { name: "team-model", organization: "acme" };
		for (const token of [people.orgReader, people.orgWriter, people.ownerWrite, people.other]) {
			expect((await call(`${hub.url}/api/repos/delete`, { method: "DELETE", token, body })).status).toBe(403);
		}
		expect((await call(`${hub.url}/api/repos/delete`, { method: "DELETE", body })).status).toBe(401);
		const will = await hub.deps.db
			.selectFrom("users")
			.select("id")
			.where("name", "=", "will")
			.executeTakeFirstOrThrow();
		const setRole = (role: string) =>
			hub.deps.db.updateTable("org_members").set({ role }).where("user_id", "=", will.id).execute();
		await setRole("admin");
		const deleted = await call(`${hub.url}/api/repos/delete`, { method: "DELETE", token: people.orgWriter, body });
		await setRole("write");
		expect(deleted.status).toBe(200);
		expect((await call(`${hub.url}/api/models/acme/team-model`)).status).toBe(401);
	});

	it("answers malformed bodies with 400", async () => {
		const send = (body: unknown) =>
			call(`${hub.url}/api/repos/delete`, { method: "DELETE", token: people.ownerWrite, body });
		expect((await send({})).status).toBe(400);
		expect((await send({ name: "x", type: "space" })).status).toBe(400);
		expect((await send({ name: "../x" })).status).toBe(400);
	});
});
