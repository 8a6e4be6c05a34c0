/**
 * `@hubkit/inference` with `hubUrl` and `routerUrl` at a hub on 127.0.0.1: the
 * hub serves the client's look-ups — the default model of a task (`/api/tasks`)
 * and a LoRA adapter's weights file (`/api/models/{id}/tree/main`) — and its
 * router forwards to a fake fal.ai on loopback with the operator's key.
 */
import { clearMappingCache, InferenceClient, InferenceClientProviderApiError } from "@hubkit/inference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { loadSeed } from "../src/seed/load.js";
import { type FakeProvider, fakeProvider, OPERATOR_KEY } from "./router-fakes.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { seedModel } from "./support/seed-records.js";

const LORA_MODEL = "acme/watercolor-lora";
const WEIGHTS = "watercolor_lora.safetensors";

describe("@hubkit/inference look-ups served by the hub", () => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let fal: FakeProvider;
	let token: string;

	beforeAll(async () => {
		// fal's queue: the submission answers with status and response URLs on the same host.
		fal = await fakeProvider((request, response) => {
			response.writeHead(200, { "content-type": "application/json" });
			if (request.method === "POST") {
				response.end(
					JSON.stringify({
						request_id: "r1",
						status: "IN_QUEUE",
						status_url: `${fal.url}/fal-ai/lora/requests/r1/status`,
						response_url: `${fal.url}/fal-ai/lora/requests/r1`,
					}),
				);
			} else if (request.url.includes("/status")) {
				response.end(JSON.stringify({ status: "COMPLETED" }));
			} else {
				response.end(JSON.stringify({ images: [{ url: `${fal.url}/image.png` }] }));
			}
		});
		testDb = await startTestDatabase("sqlite");
		hub = await openTestHub(testDb.config);
		await loadSeed(hub.deps, [
			seedModel(LORA_MODEL, {
				pipeline_tag: "text-to-image",
				library_name: "diffusers",
				tags: ["diffusers", "lora", "text-to-image"],
				files: [
					{ path: "README.md", content: "# watercolor\n" },
					{ path: "images/sample.png", size: 2000 },
					{ path: WEIGHTS, size: 170_000 },
				],
				// No adapterWeightsPath: the client must find the weights in the hub's tree.
				inferenceProviderMapping: [
					{ provider: "fal-ai", providerId: "fal-ai/lora", task: "text-to-image", status: "live", adapter: "lora" },
				],
			}),
		]);
		token = (await createAccessToken(hub.deps.db, "erin")).token;
		const app = createHubApp(hub.deps, {
			router: { providerKeys: { "fal-ai": { key: OPERATOR_KEY } }, providerBaseUrls: { "fal-ai": fal.url } },
		});
		server = await listen(app);
		clearMappingCache();
	});

	afterAll(async () => {
		await server?.close();
		await fal?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	it("a LoRA mapping without a weights path is completed from the hub's file tree", async () => {
		const client = new InferenceClient(token, { hubUrl: server.url, routerUrl: server.url });
		await client.textToImage({ provider: "fal-ai", model: LORA_MODEL, inputs: "a lighthouse" }, { outputType: "url" });
		const submitted = fal.received.find((request) => request.method === "POST");
		expect(submitted?.headers.authorization).toBe(`Key ${OPERATOR_KEY}`);
		const body = JSON.parse(submitted?.body ?? "{}");
		expect(body.loras).toEqual([{ path: `${server.url}/${LORA_MODEL}/resolve/main/${WEIGHTS}`, scale: 1 }]);
		// And the weights URL the provider would fetch is served by the hub.
		const weights = await fetch(`${server.url}/${LORA_MODEL}/resolve/main/${WEIGHTS}`, { method: "HEAD" });
		expect(weights.status).toBe(200);
	});

	it("a call without a model uses the task's default model from the hub's /api/tasks", async () => {
		const tasks = (await (await fetch(`${server.url}/api/tasks`)).json()) as Record<string, { widgetModels: string[] }>;
		const expected = tasks["text-classification"]?.widgetModels[0];
		if (!expected) throw new Error("no default text-classification model in /api/tasks");
		await loadSeed(hub.deps, [seedModel(expected)]);
		const client = new InferenceClient(token, { hubUrl: server.url, routerUrl: server.url, retry_on_error: false });
		// The hub runs hf-inference itself; this test hub has no local runtime, and says so naming the model.
		const failure = await client
			.textClassification({ provider: "hf-inference", inputs: "great!" })
			.catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(InferenceClientProviderApiError);
		expect((failure as InferenceClientProviderApiError).message).toContain(String(expected));
		expect((failure as InferenceClientProviderApiError).request.url).toBe(
			`${server.url}/hf-inference/models/${expected}`,
		);
	});
});
