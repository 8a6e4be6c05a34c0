/**
 * What the Python clients read from answers besides the usual (reference/client-contracts.md),
 * over real HTTP on both engines: the existing repository's `url` in a 409 (`create_repo(exist_ok=True)`),
 * `pullRequests` with `include_prs` (`list_repo_refs(include_pull_requests=True)`), file
 * metadata with `blobs=true` (`model_info(files_metadata=True)`), and `POST /api/validate-yaml`,
 * which `create_commit` calls before every root README.md and whose body it parses as JSON.
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
