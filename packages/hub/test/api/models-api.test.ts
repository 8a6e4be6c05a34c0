/**
 * The model API over real HTTP on 127.0.0.1, on both engines: listing, filters,
 * sorting, pagination by Link, expand in both spellings, mapping shapes,
 * private visibility, tokens and whoami, and the errors hostile input gets.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../../src/auth/tokens.js";
import { loadSeed } from "../../src/seed/load.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "../support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "../support/hub.js";
import { loadSeedOwnedBy } from "../support/repos.js";
import { manyModels, seedModel } from "../support/seed-records.js";

const LORA = {
	provider: "fal-ai",
	providerId: "fal-ai/lora",
	task: "text-to-image",
	status: "live" as const,
	adapter: "lora" as const,
	adapterWeightsPath: "pytorch_lora_weights.safetensors",
};

describe.each(ENGINES)("model API on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let aliceToken: string;
	let bobToken: string;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		await loadSeed(hub.deps, manyModels(60));
		await loadSeedOwnedBy(
			hub.deps,
			["alice"],
			[
				seedModel("alice/secret-model", { private: true, downloads: 5 }),
				seedModel("acme/sdxl-lora", {
					pipeline_tag: "text-to-image",
					library_name: "diffusers",
					tags: ["diffusers", "lora", "text-to-image"],
					gated: "manual",
					inferenceProviderMapping: [
						LORA,
						{ provider: "replicate", providerId: "r/sdxl", task: "text-to-image", status: "staging" },
					],
				}),
			],
		);
		aliceToken = (await createAccessToken(hub.deps.db, "alice")).token;
		bobToken = (await createAccessToken(hub.deps.db, "bob", { role: "read", displayName: "bob laptop" })).token;
		server = await listen(hub.app);
	});
	afterAll(async () => {
		await server.close();
		await hub.close();
		await testDb.cleanup();
	});

	const get = (path: string, token?: string) =>
		fetch(`${server.url}${path}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
	const getJson = async <T = Record<string, unknown>[]>(path: string, token?: string) => {
		const response = await get(path, token);
		expect(response.status, `${path} → ${response.status}`).toBe(200);
		return (await response.json()) as T;
	};

	async function followLinks(first: string): Promise<{ ids: string[]; pages: number; urls: string[] }> {
		const ids: string[] = [];
		const urls: string[] = [];
		let next: string | undefined = `${server.url}${first}`;
		let pages = 0;
		while (next) {
			const response = await fetch(next);
			expect(response.status).toBe(200);
			const items = (await response.json()) as { id: string }[];
			ids.push(...items.map((item) => item.id));
			pages++;
			const link = response.headers.get("link");
			// The JS client's own pattern for Link headers.
			const match = link ? /<(https?:\/\/[^>]+)>;\s+rel="([^"]+)"/.exec(link) : null;
			if (link) expect(match?.[2]).toBe("next");
			next = match?.[1];
			if (next) urls.push(next);
			expect(pages).toBeLessThan(100);
		}
		return { ids, pages, urls };
	}

	it("pages through every public model by Link with no duplicates and no gaps", async () => {
		const { ids, pages, urls } = await followLinks("/api/models?sort=downloads&limit=7&filter=en&expand=downloads");
		const expected = (await getJson<{ id: string }[]>("/api/models?filter=en&limit=1000")).map((item) => item.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(new Set(ids)).toEqual(new Set(expected));
		expect(ids).toHaveLength(30);
		expect(pages).toBe(5);
		for (const url of urls) {
			const params = new URL(url).searchParams;
			expect(params.get("filter")).toBe("en");
			expect(params.get("expand")).toBe("downloads");
			expect(params.get("limit")).toBe("7");
			expect(params.get("cursor")).toBeTruthy();
		}
	});

	it.each([
		["downloads", "downloads"],
		["likes", "likes"],
		["createdAt", "createdAt"],
		["lastModified", "lastModified"],
		["trendingScore", "trendingScore"],
		["trending", "trendingScore"],
	])("sorts by %s, descending by default and ascending with direction=1", async (sort, key) => {
		for (const direction of ["-1", "1"]) {
			const values: (number | string)[] = [];
			let next: string | undefined =
				`${server.url}/api/models?sort=${sort}&direction=${direction}&limit=9&expand[]=${key}`;
			while (next) {
				const response: Response = await fetch(next);
				values.push(
					...((await response.json()) as Record<string, number | string>[]).map((item) => item[key] as number),
				);
				next = /<([^>]+)>/.exec(response.headers.get("link") ?? "")?.[1];
			}
			expect(values).toHaveLength(61);
			const sorted = [...values].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
			expect(values).toEqual(direction === "1" ? sorted : sorted.reverse());
		}
	});

	it("filters by search, author, pipeline_tag, library and tags", async () => {
		const bySearch = await getJson<{ id: string }[]>("/api/models?search=MODEL-1&limit=1000");
		expect(bySearch.map((item) => item.id).sort()).toEqual(
			[1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((n) => `org${n % 7}/model-${n}`).sort(),
		);
		const short = await getJson<{ id: string }[]>("/api/models?search=-5&limit=1000");
		expect(short.map((item) => item.id).sort()).toEqual(
			[5, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59].map((n) => `org${n % 7}/model-${n}`).sort(),
		);
		const percent = await getJson<unknown[]>("/api/models?search=%25%25%25");
		expect(percent).toEqual([]);

		const byAuthor = await getJson<{ id: string }[]>("/api/models?author=org3&limit=1000");
		expect(byAuthor.every((item) => item.id.startsWith("org3/"))).toBe(true);
		expect(byAuthor).toHaveLength(9);

		const byTask = await getJson<{ pipeline_tag: string }[]>("/api/models?pipeline_tag=text-generation");
		expect(byTask).toHaveLength(15);
		expect(new Set(byTask.map((item) => item.pipeline_tag))).toEqual(new Set(["text-generation"]));

		const byLibrary = await getJson<{ library_name: string }[]>("/api/models?library=timm,diffusers");
		expect(new Set(byLibrary.map((item) => item.library_name))).toEqual(new Set(["timm", "diffusers"]));

		const repeated = await getJson<unknown[]>("/api/models?filter=en&filter=timm");
		const joined = await getJson<unknown[]>("/api/models?filter=en,timm");
		const other = await getJson<unknown[]>("/api/models?other=en&filter=timm");
		expect(repeated).toHaveLength(15);
		expect(joined).toEqual(repeated);
		expect(other).toEqual(repeated);
	});

	it("filters by inference provider: comma list, repeated keys and all", async () => {
		const ids = async (query: string) =>
			(await getJson<{ id: string }[]>(`/api/models?${query}&limit=1000`)).map((item) => item.id).sort();
		const together = await ids("inference_provider=together");
		expect(together).toHaveLength(20);
		expect(await ids("inference_provider=replicate")).toEqual(["acme/sdxl-lora"]);
		const both = [...together, "acme/sdxl-lora"].sort();
		expect(await ids("inference_provider=together,fal-ai")).toEqual(both);
		expect(await ids("inference_provider=together&inference_provider=fal-ai")).toEqual(both);
		expect(await ids("inference_provider=all")).toEqual(both);
	});

	it("lists the mapping as an array whose entries carry provider and hfModelId", async () => {
		const [item] = await getJson("/api/models?search=sdxl-lora&expand[]=inferenceProviderMapping");
		expect(item).toEqual({
			_id: expect.stringMatching(/^[0-9a-f]{24}$/),
			id: "acme/sdxl-lora",
			inferenceProviderMapping: [
				{ ...LORA, hfModelId: "acme/sdxl-lora" },
				{
					provider: "replicate",
					providerId: "r/sdxl",
					task: "text-to-image",
					status: "staging",
					hfModelId: "acme/sdxl-lora",
				},
			],
		});
	});

	it("answers model info with the mapping keyed by provider, in both expand spellings", async () => {
		for (const spelling of ["expand", "expand[]"]) {
			const info = await getJson<Record<string, unknown>>(
				`/api/models/acme/sdxl-lora?${spelling}=inferenceProviderMapping&${spelling}=gated`,
			);
			expect(Object.keys(info).sort()).toEqual(["_id", "gated", "id", "inferenceProviderMapping"]);
			expect(info.gated).toBe("manual");
			const mapping = info.inferenceProviderMapping as Record<string, Record<string, unknown>>;
			expect(Object.keys(mapping)).toEqual(["fal-ai", "replicate"]);
			expect(mapping["fal-ai"]).toEqual({
				providerId: "fal-ai/lora",
				task: "text-to-image",
				status: "live",
				adapter: "lora",
				adapterWeightsPath: "pytorch_lora_weights.safetensors",
				hfModelId: "acme/sdxl-lora",
			});
		}
	});

	it("answers full model info, and HEAD as a revision means main", async () => {
		const info = await getJson<Record<string, unknown>>("/api/models/org1/model-1");
		expect(info).toMatchObject({
			id: "org1/model-1",
			modelId: "org1/model-1",
			author: "org1",
			private: false,
			gated: false,
			pipeline_tag: "text-generation",
			library_name: "diffusers",
			siblings: [{ rfilename: "README.md" }, { rfilename: "config.json" }, { rfilename: "model.safetensors" }],
		});
		expect(info.sha).toMatch(/^[0-9a-f]{40}$/);
		const atHead = await getJson<Record<string, unknown>>("/api/models/org1/model-1/revision/HEAD?expand=sha");
		expect(atHead).toEqual({ _id: info._id, id: "org1/model-1", sha: info.sha });
		const atSha = await getJson<Record<string, unknown>>(`/api/models/org1/model-1/revision/${info.sha}?expand=sha`);
		expect(atSha.sha).toBe(info.sha);
	});

	it("redirects an old bare id to its namespaced model, keeping the query", async () => {
		const response = await get("/api/models/distilroberta-base?expand[]=pipeline_tag");
		// fetch follows the 307; the seeded test catalogue has no such model, so the target answers RepoNotFound.
		expect(response.redirected).toBe(true);
		expect(response.url).toBe(`${server.url}/api/models/distilbert/distilroberta-base?expand[]=pipeline_tag`);
		const manual = await fetch(`${server.url}/api/models/distilroberta-base/revision/main`, { redirect: "manual" });
		expect(manual.status).toBe(307);
		expect(manual.headers.get("location")).toBe("/api/models/distilbert/distilroberta-base/revision/main");
	});

	it("keeps private models from everyone but their owner", async () => {
		const anonymous = await get("/api/models/alice/secret-model");
		expect(anonymous.status).toBe(401);
		expect(anonymous.headers.get("x-error-code")).toBe("RepoNotFound");
		const other = await get("/api/models/alice/secret-model", bobToken);
		expect(other.status).toBe(404);
		expect(other.headers.get("x-error-code")).toBe("RepoNotFound");
		const missing = await get("/api/models/alice/no-such-model", bobToken);
		expect(missing.status).toBe(404);
		// The same answer as for a model that does not exist, apart from the echoed id.
		const otherBody = (await other.json()) as { error: string };
		const missingBody = (await missing.json()) as { error: string };
		expect(otherBody.error.replace("secret-model", "X")).toBe(missingBody.error.replace("no-such-model", "X"));
		const owner = await getJson<Record<string, unknown>>("/api/models/alice/secret-model?expand=private", aliceToken);
		expect(owner.private).toBe(true);

		const listed = async (token?: string) =>
			(await getJson<{ id: string }[]>("/api/models?author=alice", token)).map((item) => item.id);
		expect(await listed()).toEqual([]);
		expect(await listed(bobToken)).toEqual([]);
		expect(await listed(aliceToken)).toEqual(["alice/secret-model"]);
	});

	it("tells a token's owner who they are, and refuses an unknown token", async () => {
		const whoami = await getJson<Record<string, unknown>>("/api/whoami-v2", bobToken);
		expect(Object.keys(whoami).sort()).toEqual(
			[
				"auth",
				"avatarUrl",
				"billingMode",
				"canPay",
				"email",
				"emailVerified",
				"fullname",
				"id",
				"isPro",
				"name",
				"orgs",
				"periodEnd",
				"type",
			].sort(),
		);
		expect(whoami).toMatchObject({
			type: "user",
			name: "bob",
			orgs: [],
			auth: { type: "access_token", accessToken: { displayName: "bob laptop", role: "read" } },
		});
		expect(JSON.stringify(whoami)).not.toContain(bobToken);
		expect((await get("/api/whoami-v2")).status).toBe(401);
		const forged = await get("/api/whoami-v2", `hf_${"A".repeat(34)}`);
		expect(forged.status).toBe(401);
		expect(await forged.json()).toEqual({ error: "Invalid credentials in Authorization header" });
	});

	it("serves the task catalogue with default widget models", async () => {
		type Task = { id: string; label: string; libraries: string[]; widgetModels: string[] };
		const tasks = await getJson<Record<string, Task>>("/api/tasks");
		expect(tasks["text-classification"]).toMatchObject({ id: "text-classification" });
		expect(tasks["text-classification"]?.widgetModels.length).toBeGreaterThan(0);
		expect(tasks["text-classification"]?.libraries).toContain("transformers");
	});

	it.each([
		["/api/models/org1/bad..name", 400, undefined],
		["/api/models/org1/model-1/revision/nope", 404, "RevisionNotFound"],
		["/api/models/org1/model-1/revision/%2e%2e%2Fmain", 400, undefined],
		["/api/models/nobody/nothing", 401, "RepoNotFound"],
		["/api/models/gpt2", 401, "RepoNotFound"],
		["/api/models?sort=bogus", 400, undefined],
		["/api/models?limit=-3", 400, undefined],
		["/api/models?limit=abc", 400, undefined],
		["/api/models?cursor=not-a-cursor", 400, undefined],
		["/api/models?expand=secrets", 400, undefined],
		["/api/models?full=maybe", 400, undefined],
		[`/api/models?search=${"x".repeat(5000)}`, 400, undefined],
		[`/api/models/${"a".repeat(200)}/b`, 400, undefined],
	])("answers hostile or unknown input with a JSON error: %#", async (path, status, code) => {
		const response = await get(path);
		expect(response.status).toBe(status);
		expect(response.headers.get("x-error-code") ?? undefined).toBe(code);
		const body = (await response.json()) as { error: unknown };
		expect(typeof body.error).toBe("string");
		expect(response.headers.get("x-request-id")).toBeTruthy();
	});
});
