/**
 * Clients no one here wrote, pointed at a hub on 127.0.0.1: `@huggingface/hub`
 * (listModels follows our Link headers, modelInfo goes through /revision/HEAD,
 * whoAmI), and our own `@hubkit/inference` resolving providers and default
 * models from the hub. Runs on both engines.
 */
import { clearMappingCache, InferenceClient } from "@hubkit/inference";
import { listModels, modelInfo, whoAmI } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../../src/auth/tokens.js";
import { loadSeed } from "../../src/seed/load.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "../support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "../support/hub.js";
import { loadSeedOwnedBy } from "../support/repos.js";
import { manyModels, seedModel } from "../support/seed-records.js";

describe.each(ENGINES)("existing clients against the hub on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let token: string;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		await loadSeed(hub.deps, manyModels(1200, "bulk"));
		await loadSeedOwnedBy(
			hub.deps,
			["dana"],
			[
				seedModel("dana/private-thing", { private: true }),
				seedModel("acme/chat-model", {
					pipeline_tag: "text-generation",
					tags: ["transformers", "text-generation", "conversational"],
					inferenceProviderMapping: [
						{ provider: "together", providerId: "acme/chat-together", task: "conversational", status: "live" },
						{ provider: "novita", providerId: "acme/chat-novita", task: "conversational", status: "live" },
					],
				}),
			],
		);
		token = (await createAccessToken(hub.deps.db, "dana", { displayName: "dana ci" })).token;
		server = await listen(hub.app);
		clearMappingCache();
	});
	afterAll(async () => {
		await server.close();
		await hub.close();
		await testDb.cleanup();
	});

	it("@huggingface/hub listModels follows Link across pages (it asks for 500 at a time)", async () => {
		const ids: string[] = [];
		for await (const entry of listModels({ hubUrl: server.url, search: { owner: "bulk3" } })) {
			expect(entry.id).toMatch(/^[0-9a-f]{24}$/);
			ids.push(entry.name);
		}
		// bulk3 owns every seventh of the 1200 models, starting at index 3.
		expect(ids).toHaveLength(171);
		const all: string[] = [];
		for await (const entry of listModels({ hubUrl: server.url, search: { query: "model-" }, sort: "likes" })) {
			all.push(entry.name);
		}
		expect(all).toHaveLength(1200);
		expect(new Set(all).size).toBe(1200);
	});

	it("@huggingface/hub modelInfo reads a model through revision HEAD, with extra fields", async () => {
		const info = await modelInfo({
			hubUrl: server.url,
			name: "acme/chat-model",
			additionalFields: ["tags", "inferenceProviderMapping", "sha"],
		});
		expect(info.name).toBe("acme/chat-model");
		expect(info.task).toBe("text-generation");
		expect(info.private).toBe(false);
		expect(info.tags).toContain("conversational");
		expect(info.sha).toMatch(/^[0-9a-f]{40}$/);
		const mapping = info.inferenceProviderMapping as unknown as { provider: string; hfModelId: string }[];
		expect(mapping.map((entry) => entry.provider)).toEqual(["together", "novita"]);
		expect(mapping[0]?.hfModelId).toBe("acme/chat-model");
	});

	it("@huggingface/hub sees a private model only with its owner's token, and whoAmI names the owner", async () => {
		await expect(modelInfo({ hubUrl: server.url, name: "dana/private-thing" })).rejects.toThrow();
		const info = await modelInfo({ hubUrl: server.url, name: "dana/private-thing", accessToken: token });
		expect(info.private).toBe(true);
		const me = await whoAmI({ hubUrl: server.url, accessToken: token });
		expect(me).toMatchObject({ type: "user", name: "dana" });
	});

	it("@hubkit/inference picks the first mapped provider and its provider id from the hub", async () => {
		const seen: { url: string; body: string }[] = [];
		const recordingFetch: typeof fetch = async (input, init) => {
			const url = input instanceof Request ? input.url : String(input);
			if (url.startsWith(server.url)) return fetch(input, init);
			seen.push({ url, body: String(init?.body ?? "") });
			return Response.json({
				id: "chat-1",
				created: 1,
				model: "acme/chat-together",
				choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "hi" } }],
			});
		};
		const client = new InferenceClient(token, { hubUrl: server.url, fetch: recordingFetch });
		await client.chatCompletion({ model: "acme/chat-model", messages: [{ role: "user", content: "hello" }] });
		expect(seen).toHaveLength(1);
		expect(seen[0]?.url).toContain("together");
		expect(JSON.parse(seen[0]?.body ?? "{}").model).toBe("acme/chat-together");
	});
});
