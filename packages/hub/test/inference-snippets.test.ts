/**
 * Inference snippets against a real hub on 127.0.0.1: the js (@hubkit/inference,
 * fetch) and sh (curl) snippets a model page would show, with the hub's own
 * URLs, run unchanged with a hub-issued token in HF_TOKEN. The hub resolves the
 * mapping and forwards to a fake provider on loopback with the operator's key.
 * A model the hub serves itself (hf-inference) runs on the hub's local runtime,
 * and its snippets print the model's answer. Media snippets fetch their sample
 * input from the hub's own demo files (`/assets/demo/…`).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { getInferenceSnippets } from "@hubkit/inference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { createLocalRuntime, type HubLocalRuntime } from "../src/local-inference/local-runtime.js";
import { LOCAL_SENTIMENT_MODEL, tinySentiment } from "../src/seed/catalogue/local-models.js";
import { loadSeed } from "../src/seed/load.js";
import { type FakeProvider, fakeProvider, OPERATOR_KEY } from "./router-fakes.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { RUNS_ROOT, runSnippet as run } from "./support/run-snippet.js";
import { seedModel } from "./support/seed-records.js";

const CHAT_MODEL = "acme/chat-7b";
const PROVIDER_MODEL = "acme/Chat-7B-Turbo";
const ANIMATE_MODEL = "acme/animate";
const DEMO_DIR = new URL("../../tasks/assets/demo/", import.meta.url).pathname;

describe("inference snippets against a hub on loopback", () => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let together: FakeProvider;
	let fal: FakeProvider;
	let runtime: HubLocalRuntime;
	let token: string;
	let dir: string;

	beforeAll(async () => {
		together = await fakeProvider((request, response) => {
			const body = JSON.parse(request.body || "{}");
			if (body.stream) {
				const chunk = { id: "c", created: 1, model: body.model, choices: [{ index: 0, delta: { content: "Saturn" } }] };
				response.writeHead(200, { "content-type": "text/event-stream" });
				response.end(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`);
				return;
			}
			response.writeHead(200, { "content-type": "application/json" });
			response.end(
				JSON.stringify({
					id: "chatcmpl-1",
					object: "chat.completion",
					created: 1_700_000_000,
					model: body.model,
					choices: [{ index: 0, message: { role: "assistant", content: "Saturn" }, finish_reason: "stop" }],
				}),
			);
		});
		fal = await fakeProvider((_request, response) => {
			response.writeHead(200, { "content-type": "application/json" });
			response.end(JSON.stringify({ request_id: "r-1", status: "IN_QUEUE" }));
		});
		testDb = await startTestDatabase("sqlite");
		hub = await openTestHub(testDb.config);
		await loadSeed(hub.deps, [
			seedModel(CHAT_MODEL, {
				pipeline_tag: "text-generation",
				tags: ["transformers", "text-generation", "conversational"],
				inferenceProviderMapping: [
					{ provider: "together", providerId: PROVIDER_MODEL, task: "conversational", status: "live" },
				],
			}),
			seedModel(ANIMATE_MODEL, {
				pipeline_tag: "image-to-video",
				tags: ["image-to-video"],
				inferenceProviderMapping: [
					{ provider: "fal-ai", providerId: "fal-ai/animate-v1", task: "image-to-video", status: "live" },
				],
			}),
			tinySentiment(),
		]);
		token = (await createAccessToken(hub.deps.db, "dana")).token;
		runtime = createLocalRuntime(hub.deps);
		const app = createHubApp(hub.deps, {
			router: {
				providerKeys: { together: { key: OPERATOR_KEY }, "fal-ai": { key: OPERATOR_KEY } },
				providerBaseUrls: { together: together.url, "fal-ai.queue": fal.url },
				localRuntime: runtime,
			},
		});
		server = await listen(app);
		mkdirSync(RUNS_ROOT, { recursive: true });
		dir = mkdtempSync(join(RUNS_ROOT, "hub-"));
	});

	afterAll(async () => {
		await server?.close();
		await together?.close();
		await fal?.close();
		await runtime?.close();
		await hub?.close();
		await testDb?.cleanup();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	/** The model and its mapping as the page reads them: from the hub's own API. */
	async function modelPage(id: string) {
		const response = await fetch(
			`${server.url}/api/models/${id}?expand[]=inferenceProviderMapping&expand[]=pipeline_tag&expand[]=tags&expand[]=widgetData`,
		);
		expect(response.status).toBe(200);
		return (await response.json()) as {
			id: string;
			pipeline_tag: never;
			tags: string[];
			inferenceProviderMapping: Record<string, { providerId: string; task: string; status: "live" | "staging" }>;
		};
	}

	it.each([false, true])("chat through the hub's router runs unchanged (streaming: %s)", async (streaming) => {
		const model = await modelPage(CHAT_MODEL);
		const entry = model.inferenceProviderMapping.together;
		if (!entry) throw new Error("the hub lost the together mapping");
		const snippets = getInferenceSnippets(
			model,
			"together",
			{ provider: "together", hfModelId: CHAT_MODEL, ...entry },
			{ hubUrl: server.url, routerUrl: server.url, streaming },
		);
		const runnable = snippets.filter((snippet) => ["@hubkit/inference", "fetch", "curl"].includes(snippet.client));
		expect(runnable.map((snippet) => snippet.client)).toEqual(["@hubkit/inference", "fetch", "curl"]);
		const before = together.received.length;
		for (const snippet of runnable) {
			const result = await run(snippet, dir, token);
			expect(result.code, `${snippet.client}: ${result.output}`).toBe(0);
			expect(result.output, snippet.client).toContain("Saturn");
		}
		const forwarded = together.received.slice(before);
		expect(forwarded).toHaveLength(3);
		for (const request of forwarded) {
			expect(request.headers.authorization).toBe(`Bearer ${OPERATOR_KEY}`);
			expect(JSON.parse(request.body)).toMatchObject({ model: PROVIDER_MODEL, max_tokens: 512 });
			expect(JSON.stringify(request)).not.toContain(token);
		}
	});

	it("a model the hub serves itself runs on its local runtime: the snippets print the model's answer", async () => {
		const model = await modelPage(LOCAL_SENTIMENT_MODEL);
		expect(Object.keys(model.inferenceProviderMapping)).toEqual(["hf-inference"]);
		const snippets = getInferenceSnippets(model, "hf-inference", undefined, {
			hubUrl: server.url,
			routerUrl: server.url,
		});
		const runnable = snippets.filter((snippet) => ["@hubkit/inference", "fetch", "curl"].includes(snippet.client));
		expect(runnable.map((snippet) => snippet.client)).toEqual(["@hubkit/inference", "fetch", "curl"]);
		for (const snippet of runnable) {
			const result = await run(snippet, dir, token);
			expect(result.code, `${snippet.client}: ${result.output}`).toBe(0);
			// The client unwraps the one input's list; fetch and curl print the hub's answer as it came.
			const parsed = JSON.parse(result.stdout) as unknown;
			const ranked = (snippet.client === "@hubkit/inference" ? parsed : (parsed as unknown[])[0]) as {
				label: string;
				score: number;
			}[];
			expect(
				ranked.map((item) => item.label),
				snippet.client,
			).toEqual(["POSITIVE", "NEGATIVE"]);
			expect(ranked[0]?.score, snippet.client).toBeGreaterThan(0.9);
			expect(result.output).not.toContain(token);
		}
	});
	it("media snippets send the hub's own demo file: fetched from /assets/demo, forwarded as fal.ai takes it", async () => {
		const model = await modelPage(ANIMATE_MODEL);
		const entry = model.inferenceProviderMapping["fal-ai"];
		if (!entry) throw new Error("the hub lost the fal-ai mapping");
		const snippets = getInferenceSnippets(
			model,
			"fal-ai",
			{ provider: "fal-ai", hfModelId: ANIMATE_MODEL, ...entry },
			{ hubUrl: server.url, routerUrl: server.url },
		);
		const runnable = snippets.filter((snippet) => ["fetch", "curl"].includes(snippet.client));
		expect(runnable.map((snippet) => snippet.client)).toEqual(["fetch", "curl"]);
		const demo = readFileSync(`${DEMO_DIR}image-to-video-input.png`).toString("base64");
		const before = fal.received.length;
		for (const snippet of runnable) {
			expect(snippet.content).toContain(`${server.url}/assets/demo/image-to-video-input.png`);
			const result = await run(snippet, dir, token);
			expect(result.code, `${snippet.client}: ${result.output}`).toBe(0);
			expect(result.output, snippet.client).toContain("r-1");
		}
		const forwarded = fal.received.slice(before);
		expect(forwarded).toHaveLength(2);
		for (const request of forwarded) {
			expect(request.url).toBe("/fal-ai/animate-v1");
			expect(request.headers.authorization).toBe(`Key ${OPERATOR_KEY}`);
			expect(JSON.parse(request.body).image_url).toBe(`data:image/png;base64,${demo}`);
		}
	});
});
