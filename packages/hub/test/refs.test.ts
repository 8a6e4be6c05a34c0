/**
 * History, branches and tags over real HTTP on both engines, with the public client where it
 * has a call for the route (`listCommits`, `countCommits`, `createBranch`, `deleteBranch`):
 * commits newest first across pages with an absolute `Link`, `X-Total-Count`, `/refs`,
 * branches and tags made, refused when they exist or are badly named, resolved as
 * revisions (`v1` and `refs/tags/v1`), and deleted; the same for a dataset.
 */
import { countCommits, createBranch, deleteBranch, listCommits } from "@huggingface/hub";
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { addTestCommit, call, createTestPeople, createTestRepo, type TestPeople } from "./support/repos.js";

const REPO = "alice/history";
const DATASET = "alice/table";

describe.each(ENGINES)("history, branches and tags (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let people: TestPeople;
	const commits: string[] = [];

	beforeAll(async () => {
		people = await createTestPeople(hub.deps.db);
		commits.push(await createTestRepo(hub.deps, REPO, { date: "2025-01-01T00:00:00.000Z" }));
		commits.push(
			await addTestCommit(hub.deps, "model", REPO, {
				message: "Add weights\n\nThe first trained weights.",
				author: "alice",
				date: "2025-02-01T00:00:00.000Z",
				files: { "model.bin": "weights v1" },
			}),
		);
		commits.push(
			await addTestCommit(hub.deps, "model", REPO, {
				message: "Better weights",
				author: "alice",
				date: "2025-03-01T00:00:00.000Z",
				files: { "model.bin": "weights v2" },
			}),
		);
		await createTestRepo(hub.deps, DATASET, { type: "dataset", files: { "data.csv": "a,b\n1,2\n" } });
	});

	const api = (path: string) => `${hub.url}/api/models/${REPO}${path}`;
	const headOf = async (revision: string) => {
		const answer = await call(api(`/tree/${encodeURIComponent(revision)}`));
		return answer.status === 200 ? answer.headers.get("x-repo-commit") : answer.status;
	};

	it("lists commits newest first through the public client, across pages, and counts them", async () => {
		const listed = [];
		for await (const commit of listCommits({ repo: REPO, hubUrl: hub.url, batchSize: 2 })) listed.push(commit);
		expect(listed.map((commit) => commit.oid)).toEqual([...commits].reverse());
		expect(listed.map((commit) => commit.title)).toEqual(["Better weights", "Add weights", "Initial commit"]);
		expect(listed[1]?.message).toBe("The first trained weights.");
		expect(listed[0]?.authors.map((author) => author.username)).toEqual(["alice"]);
		expect(listed[0]?.authors[0]?.avatarUrl).toBe(`${hub.url}/api/avatars/alice.svg`);
		expect(listed[0]?.date.toISOString()).toBe("2025-03-01T00:00:00.000Z");
		expect(await countCommits({ repo: REPO, hubUrl: hub.url })).toBe(3);
		expect(await countCommits({ repo: REPO, hubUrl: hub.url, revision: commits[1] })).toBe(2);
	});

	it("pages with an absolute Link carrying the other parameters, and X-Total-Count", async () => {
		const first = await call(api("/commits/main?limit=2"));
		expect(first.status).toBe(200);
		expect(first.headers.get("x-total-count")).toBe("3");
		expect(first.headers.get("link")).toBe(`<${api("/commits/main?limit=2&p=1")}>; rel="next"`);
		const second = await call(api("/commits/main?limit=2&p=1"));
		expect(second.body.map((commit: { id: string }) => commit.id)).toEqual([commits[0]]);
		expect(second.headers.get("link")).toBeNull();
		for (const bad of ["limit=x", "limit=0", "limit=1001", "p=-1"]) {
			expect((await call(api(`/commits/main?${bad}`))).status, bad).toBe(400);
		}
		expect((await call(api("/commits/no-such-branch"))).body).toMatchObject({ error: expect.any(String) });
		expect((await call(api("/commits/no-such-branch"))).headers.get("x-error-code")).toBe("RevisionNotFound");
	});

	it("makes branches with createBranch, lists them in /refs, resolves and deletes them", async () => {
		const write = { repo: REPO, hubUrl: hub.url, accessToken: people.ownerWrite };
		await createBranch({ ...write, branch: "dev" });
		await createBranch({ ...write, branch: "old", revision: commits[0] });
		await expect(createBranch({ ...write, branch: "dev" })).rejects.toMatchObject({ statusCode: 409 });
		// overwrite moves an existing branch to the given starting point.
		await createBranch({ ...write, branch: "old", revision: commits[1], overwrite: true });
		const refs = await call(api("/refs"));
		expect(refs.body).toEqual({
			branches: [
				{ name: "dev", ref: "refs/heads/dev", targetCommit: commits[2] },
				{ name: "main", ref: "refs/heads/main", targetCommit: commits[2] },
				{ name: "old", ref: "refs/heads/old", targetCommit: commits[1] },
			],
			converts: [],
			tags: [],
		});
		expect(await headOf("old")).toBe(commits[1]);
		expect(await headOf("refs/heads/old")).toBe(commits[1]);
		const old = [];
		for await (const commit of listCommits({ repo: REPO, hubUrl: hub.url, revision: "old" })) old.push(commit.oid);
		expect(old).toEqual([commits[1], commits[0]]);

		await deleteBranch({ ...write, branch: "old" });
		expect(await headOf("old")).toBe(404);
		await expect(deleteBranch({ ...write, branch: "old" })).rejects.toMatchObject({ statusCode: 404 });
		await expect(deleteBranch({ ...write, branch: "main" })).rejects.toMatchObject({ statusCode: 400 });
		await deleteBranch({ ...write, branch: "dev" });
	});

	it("refuses bad branch and tag names, and unknown starting points", async () => {
		const post = (path: string, body: unknown) => call(api(path), { method: "POST", token: people.ownerWrite, body });
		for (const name of ["a..b", "a".repeat(40).replace(/a/g, "f"), "HEAD", "refs%2Fheads%2Fx", "with space"]) {
			expect((await post(`/branch/${encodeURIComponent(decodeURIComponent(name))}`, {})).status, name).toBe(400);
			expect((await post("/tag/main", { tag: decodeURIComponent(name) })).status, name).toBe(400);
		}
		expect((await post("/branch/feature", { startingPoint: "nowhere" })).status).toBe(404);
		expect((await post("/tag/nowhere", { tag: "v0" })).status).toBe(404);
		expect((await post("/tag/main", {})).status).toBe(400);
		expect((await call(api("/refs"))).body.branches).toHaveLength(1);
	});

	it("makes tags that resolve as `v1` and `refs/tags/v1`, refuses a second, deletes them", async () => {
		const tag = await call(api("/tag/old-name"), { method: "POST", token: people.ownerWrite, body: { tag: "x" } });
		expect(tag.status).toBe(404);
		const made = await call(api(`/tag/${commits[1]}`), {
			method: "POST",
			token: people.ownerWrite,
			body: { tag: "v1", message: "First release" },
		});
		expect(made.status).toBe(200);
		expect(made.body).toEqual({ name: "v1", ref: "refs/tags/v1", targetCommit: commits[1] });
		const again = await call(api("/tag/main"), { method: "POST", token: people.ownerWrite, body: { tag: "v1" } });
		expect(again.status).toBe(409);
		expect((await call(api("/refs"))).body.tags).toEqual([
			{ name: "v1", ref: "refs/tags/v1", targetCommit: commits[1] },
		]);
		expect(await headOf("v1")).toBe(commits[1]);
		expect(await headOf("refs/tags/v1")).toBe(commits[1]);
		expect((await call(`${hub.url}/${REPO}/resolve/v1/model.bin`)).body).toBe("weights v1");
		expect((await call(`${hub.url}/${REPO}/resolve/main/model.bin`)).body).toBe("weights v2");

		const removed = await call(api("/tag/v1"), { method: "DELETE", token: people.ownerWrite });
		expect(removed.status).toBe(204);
		expect(await headOf("v1")).toBe(404);
		expect((await call(api("/tag/v1"), { method: "DELETE", token: people.ownerWrite })).status).toBe(404);
	});

	it("needs write access for branches and tags; reads follow visibility", async () => {
		const attempts = [
			{ token: undefined, status: 401 },
			{ token: people.ownerRead, status: 403 },
			{ token: people.other, status: 403 },
			{ token: people.orgWriter, status: 403 },
		];
		for (const { token, status } of attempts) {
			expect((await call(api("/branch/nope"), { method: "POST", token, body: {} })).status).toBe(status);
			expect((await call(api("/branch/main"), { method: "DELETE", token })).status).toBe(status);
			expect((await call(api("/tag/main"), { method: "POST", token, body: { tag: "nope" } })).status).toBe(status);
		}
		const refs = await call(api("/refs"));
		expect(refs.body.branches.map((branch: { name: string }) => branch.name)).toEqual(["main"]);
		expect(refs.body.tags).toEqual([]);
	});

	it("serves a dataset's history, branches and tags under /api/datasets", async () => {
		const data = (path: string) => `${hub.url}/api/datasets/${DATASET}${path}`;
		const listed = [];
		for await (const commit of listCommits({ repo: { type: "dataset", name: DATASET }, hubUrl: hub.url })) {
			listed.push(commit.title);
		}
		expect(listed).toEqual(["Initial commit"]);
		await createBranch({
			repo: { type: "dataset", name: DATASET },
			hubUrl: hub.url,
			accessToken: people.ownerWrite,
			branch: "draft",
		});
		const tagged = await call(data("/tag/draft"), { method: "POST", token: people.ownerWrite, body: { tag: "v1" } });
		expect(tagged.status).toBe(200);
		const refs = (await call(data("/refs"))).body;
		expect(refs.branches.map((branch: { name: string }) => branch.name)).toEqual(["draft", "main"]);
		expect(refs.tags.map((tag: { name: string }) => tag.name)).toEqual(["v1"]);
		// The model of the same owner has none of the dataset's refs: they are keyed by type.
		expect((await call(api("/refs"))).body.tags).toEqual([]);
		expect((await call(`${hub.url}/api/datasets/alice/missing/refs`)).status).toBe(401);
	});
});
