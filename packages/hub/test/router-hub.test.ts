/**
 * The router inside the whole hub (its middleware, token auth and model API on
 * SQLite): a token from the hub's own token service, the mapping served by the
 * hub, and the call forwarded to a fake `together` on 127.0.0.1.
 */
import { clearMappingCache, InferenceClient } from "@hubkit/inference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { loadSeed } from "../src/seed/load.js";
import { answerJson, type FakeProvider, fakeProvider, OPERATOR_KEY } from "./router-fakes.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { seedModel } from "./support/seed-records.js";

const HUB_MODEL = "meta-llama/Llama-3.1-8B-Instruct";
const TOGETHER_MODEL = "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo";

describe.each(ENGINES)("the router in the hub on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let together: FakeProvider;
	let token: string;

	beforeAll(async () => {
		together = await fakeProvider(
			answerJson(200, {
				id: "chatcmpl-hub",
				object: "chat.completion",
				created: 1_700_000_000,
				model: TOGETHER_MODEL,
				choices: [{ index: 0, message: { role: "assistant", content: "from together" }, finish_reason: "stop" }],
			}),
		);
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		await loadSeed(hub.deps, [
			seedModel(HUB_MODEL, {
				pipeline_tag: "text-generation",
				tags: ["transformers", "text-generation", "conversational"],
				inferenceProviderMapping: [
					{ provider: "together", providerId: TOGETHER_MODEL, task: "conversational", status: "live" },
				],
			}),
		]);
		token = (await createAccessToken(hub.deps.db, "carol")).token;
		const app = createHubApp(hub.deps, {
			router: { providerKeys: { together: { key: OPERATOR_KEY } }, providerBaseUrls: { together: together.url } },
		});
		server = await listen(app);
		clearMappingCache();
	});

	afterAll(async () => {
		await server?.close();
		await together?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	it("takes a hub-issued token, resolves the mapping from the hub and forwards with the operator's key", async () => {
		const client = new InferenceClient(token, { hubUrl: server.url, routerUrl: server.url });
		const output = await client.chatCompletion({
			provider: "together",
			model: HUB_MODEL,
			messages: [{ role: "user", content: "hi" }],
		});
		expect(output.choices[0]?.message.content).toBe("from together");
		const [received] = together.received;
		expect(received?.headers.authorization).toBe(`Bearer ${OPERATOR_KEY}`);
		expect(JSON.parse(received?.body ?? "{}")).toMatchObject({ model: TOGETHER_MODEL });
		expect(JSON.stringify(received)).not.toContain(token);
	});

	it("refuses a token the hub did not issue, and answers hf-inference without a runtime with a 400 (not a 503)", async () => {
		const forged = await fetch(`${server.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: { authorization: `Bearer hf_${"x".repeat(34)}`, "content-type": "application/json" },
			body: "{}",
		});
		expect(forged.status).toBe(401);
		// The code the router's README promises, though the hub's own token check answers first.
		expect(forged.headers.get("x-error-code")).toBe("InvalidToken");
		expect(await forged.json()).toEqual({ error: "Invalid credentials in Authorization header" });
		const local = await fetch(`${server.url}/v1/chat/completions`, {
			method: "POST",
			headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
			body: JSON.stringify({ model: HUB_MODEL, messages: [] }),
		});
		expect(local.status).toBe(400);
		expect(local.headers.get("x-error-code")).toBe("ProviderNotConfigured");
		expect((await local.json()).error).toMatch(/not loaded locally/);
	});
});
