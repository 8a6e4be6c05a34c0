/**
 * What the Python clients read from answers besides the usual,
 * over real HTTP on both engines: the existing repository's `url` in a 409 (`create_repo(exist_ok=True)`),
 * `pullRequests` with `include_prs` (`list_repo_refs(include_pull_requests=True)`), file
 * metadata with `blobs=true` (`model_info(files_metadata=True)`), and `POST /api/validate-yaml`,
 * which `create_commit` calls before every root README.md and whose body it parses as JSON; and the
 * everyday calls `list_repo_likers`, `duplicate_repo` and `super_squash_history`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { lfsPointerInfo } from "../src/storage/lfs.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { call, createTestPeople, createTestRepo, type TestPeople } from "./support/repos.js";

const WEIGHTS = "x".repeat(2048);

describe.each(ENGINES)("client contracts (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let people: TestPeople;

	beforeAll(async () => {
		people = await createTestPeople(hub.deps.db);
		await createTestRepo(hub.deps, "alice/weights", {
			files: { "README.md": "# weights\n", "model.safetensors": WEIGHTS },
		});
		await createTestRepo(hub.deps, "alice/rows", { type: "dataset", files: { "data.csv": "a,b\n1,2\n" } });
	});

	it("answers a second create with 409 and the existing repository's url, for models and datasets", async () => {
		const model = await call(`${hub.url}/api/repos/create`, {
			token: people.ownerWrite,
			body: { name: "weights", organization: "alice" },
		});
		expect(model.status).toBe(409);
		expect(model.headers.get("x-error-code")).toBe("RepoExists");
		expect(model.body).toEqual({ error: expect.stringContaining("alice/weights"), url: `${hub.url}/alice/weights` });
		const dataset = await call(`${hub.url}/api/repos/create`, {
			token: people.ownerWrite,
			body: { name: "alice/rows", type: "dataset" },
		});
		expect(dataset.body.url).toBe(`${hub.url}/datasets/alice/rows`);
		// Someone else's namespace is refused before anything is said about what it holds.
		const foreign = await call(`${hub.url}/api/repos/create`, {
			token: people.other,
			body: { name: "weights", organization: "alice" },
		});
		expect(foreign.status).toBe(403);
		expect(foreign.body.url).toBeUndefined();
	});

	it("lists pull requests only when asked (there are none)", async () => {
		const plain = await call(`${hub.url}/api/models/alice/weights/refs`);
		expect(plain.body.pullRequests).toBeUndefined();
		for (const flag of ["1", "true"]) {
			const asked = await call(`${hub.url}/api/models/alice/weights/refs?include_prs=${flag}`);
			expect(Object.keys(asked.body).sort()).toEqual(["branches", "converts", "pullRequests", "tags"]);
			expect(asked.body.pullRequests).toEqual([]);
		}
	});

	it("gives each sibling its size, blob id and LFS facts with blobs=true", async () => {
		const plain = await call(`${hub.url}/api/models/alice/weights`);
		expect(plain.body.siblings).toContainEqual({ rfilename: "model.safetensors" });
		const { body } = await call(`${hub.url}/api/models/alice/weights?blobs=true&securityStatus=true`);
		const weights = body.siblings.find((file: { rfilename: string }) => file.rfilename === "model.safetensors");
		const pointer = lfsPointerInfo(await sha256Of(WEIGHTS), WEIGHTS.length);
		expect(weights).toEqual({
			rfilename: "model.safetensors",
			size: 2048,
			blobId: pointer.oid,
			lfs: { sha256: await sha256Of(WEIGHTS), size: 2048, pointerSize: pointer.pointerSize },
		});
		const readme = body.siblings.find((file: { rfilename: string }) => file.rfilename === "README.md");
		expect(readme).toEqual({ rfilename: "README.md", size: 10, blobId: await gitBlobIdOf("# weights\n") });
		// The tree API names the same ids.
		const tree = await call(`${hub.url}/api/models/alice/weights/tree/main`);
		expect(tree.body.find((entry: { path: string }) => entry.path === "README.md").oid).toBe(readme.blobId);
		const dataset = await call(`${hub.url}/api/datasets/alice/rows?blobs=1`);
		expect(dataset.body.siblings).toContainEqual({
			rfilename: "data.csv",
			size: 8,
			blobId: await gitBlobIdOf("a,b\n1,2\n"),
		});
	});

	it("validates a card's YAML front matter: errors with 400, warnings with 200, always JSON", async () => {
		const check = (content: string, repoType = "model") =>
			call(`${hub.url}/api/validate-yaml`, { token: people.ownerWrite, body: { content, repoType } });
		const good = await check("---\nlicense: mit\npipeline_tag: text-classification\ntags: [a, b]\n---\n# Hi\n");
		expect(good).toMatchObject({ status: 200, body: { errors: [], warnings: [] } });
		const bare = await check("# No metadata\n");
		expect(bare.status).toBe(200);
		expect(bare.body.warnings).toEqual([{ message: "empty or missing yaml metadata in repo card" }]);
		const wrongTask = await check("---\npipeline_tag: not-a-task\nlicense: [mit, 3]\n---\n");
		expect(wrongTask.status).toBe(400);
		expect(wrongTask.body.errors).toEqual([
			{ message: '"pipeline_tag" must be a pipeline task id, such as text-classification' },
			{ message: '"license" must be a string or a list of strings' },
		]);
		expect(wrongTask.body.error).toContain("Invalid metadata in README.md.");
		const broken = await check("---\nlicense: [mit\n---\n");
		expect(broken.status).toBe(400);
		expect(broken.body.errors[0].message).toMatch(/^Invalid YAML \(line \d+\)/);
		const list = await check("---\n- a\n- b\n---\n");
		expect(list.body.errors).toEqual([{ message: "The YAML metadata must be a mapping of keys to values" }]);
		const dataset = await check("---\ntask_categories: [text-classification, cooking]\n---\n", "dataset");
		expect(dataset.body.errors).toEqual([
			{ message: '"task_categories" must list pipeline task ids, such as text-classification' },
		]);
		expect((await check("---\n---\n", "space")).status).toBe(200);
		expect((await check("---\n---\n", "kitchen")).status).toBe(400);
		// No token is needed: it reads and changes nothing.
		const anonymous = await call(`${hub.url}/api/validate-yaml`, { body: { content: "---\nlicense: mit\n---\n" } });
		expect(anonymous.status).toBe(200);
	});

	it("lists a repository's likers, newest first, a page at a time", async () => {
		for (const token of [people.orgReader, people.other, people.orgWriter]) {
			expect((await call(`${hub.url}/api/models/alice/weights/like`, { method: "POST", token })).status).toBe(200);
		}
		const first = await call(`${hub.url}/api/models/alice/weights/likers?limit=2`);
		expect(first.body).toEqual([
			{ user: "will", fullname: expect.any(String), avatarUrl: `${hub.url}/api/avatars/will.svg`, type: "user" },
			{ user: "oscar", fullname: expect.any(String), avatarUrl: `${hub.url}/api/avatars/oscar.svg`, type: "user" },
		]);
		const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")?.[1];
		expect(next).toBe(`${hub.url}/api/models/alice/weights/likers?limit=2&cursor=2`);
		const second = await call(next ?? "");
		expect(second.body.map((liker: { user: string }) => liker.user)).toEqual(["rita"]);
		expect(second.headers.get("link")).toBeNull();
		expect((await call(`${hub.url}/api/models/alice/weights/likers?limit=-1`)).status).toBe(400);
	});

	it("duplicates a repository into the caller's namespace, sharing its files, and says where an existing one is", async () => {
		const copy = await call(`${hub.url}/api/models/alice/weights/duplicate`, {
			token: people.other,
			body: { repository: "oscar/weights-copy", visibility: "private" },
		});
		expect(copy.body).toEqual({ url: `${hub.url}/oscar/weights-copy`, id: "oscar/weights-copy" });
		const info = await call(`${hub.url}/api/models/oscar/weights-copy?blobs=true`, { token: people.other });
		expect(info.body.private).toBe(true);
		const source = await call(`${hub.url}/api/models/alice/weights?blobs=true`);
		expect(info.body.siblings).toEqual(source.body.siblings);
		const commits = await call(`${hub.url}/api/models/oscar/weights-copy/commits/main`, { token: people.other });
		expect(commits.body[0].title).toBe("Duplicate from alice/weights");
		const again = await call(`${hub.url}/api/models/alice/weights/duplicate`, {
			token: people.other,
			body: { repository: "oscar/weights-copy" },
		});
		expect(again).toMatchObject({ status: 409, body: { url: `${hub.url}/oscar/weights-copy` } });
		// Only into a namespace the caller may write in; nobody else sees the private copy.
		const foreign = await call(`${hub.url}/api/models/alice/weights/duplicate`, {
			token: people.other,
			body: { repository: "alice/stolen" },
		});
		expect(foreign.status).toBe(403);
		expect((await call(`${hub.url}/api/models/oscar/weights-copy`, { token: people.ownerWrite })).status).toBe(404);
	});

	it("squashes a branch's history into one commit holding the same files, other branches untouched", async () => {
		const headers = { token: people.ownerWrite };
		await call(`${hub.url}/api/repos/create`, { ...headers, body: { name: "squashed", organization: "alice" } });
		for (const content of ["one", "two"]) {
			const ndjson = [
				{ key: "header", value: { summary: `write ${content}` } },
				{
					key: "file",
					value: { path: "notes.txt", content: Buffer.from(content).toString("base64"), encoding: "base64" },
				},
			];
			const answer = await fetch(`${hub.url}/api/models/alice/squashed/commit/main`, {
				method: "POST",
				headers: { authorization: `Bearer ${people.ownerWrite}`, "content-type": "application/x-ndjson" },
				body: ndjson.map((line) => JSON.stringify(line)).join("\n"),
			});
			expect(answer.status).toBe(200);
		}
		await call(`${hub.url}/api/models/alice/squashed/branch/keep`, { ...headers, body: {} });
		const before = await call(`${hub.url}/api/models/alice/squashed/tree/main`);
		const squash = await call(`${hub.url}/api/models/alice/squashed/super-squash/main`, {
			...headers,
			body: { message: "Start afresh" },
		});
		expect(squash.status).toBe(200);
		const history = await call(`${hub.url}/api/models/alice/squashed/commits/main`);
		expect(history.body.map((commit: { title: string }) => commit.title)).toEqual(["Start afresh"]);
		expect(history.body[0].id).toBe(squash.body.commitId);
		expect((await call(`${hub.url}/api/models/alice/squashed/tree/main`)).body).toEqual(before.body);
		const notes = await fetch(`${hub.url}/alice/squashed/resolve/main/notes.txt`);
		expect(await notes.text()).toBe("two");
		const kept = await call(`${hub.url}/api/models/alice/squashed/commits/keep`);
		expect(kept.body).toHaveLength(3);
		expect(
			(await call(`${hub.url}/api/models/alice/squashed/super-squash/main`, { token: people.other, body: {} })).status,
		).toBe(403);
		expect(
			(await call(`${hub.url}/api/models/alice/squashed/super-squash/nope`, { ...headers, body: {} })).status,
		).toBe(404);
	});
});

async function sha256Of(text: string): Promise<string> {
	const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
	return Buffer.from(digest).toString("hex");
}

async function gitBlobIdOf(text: string): Promise<string> {
	const bytes = new TextEncoder().encode(text);
	const digest = await crypto.subtle.digest("SHA-1", Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]));
	return Buffer.from(digest).toString("hex");
}
