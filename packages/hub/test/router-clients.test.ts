/**
 * Real clients through the router: our own `@hubkit/inference` (hub mapping +
 * router URL) and `@huggingface/inference` (endpointUrl at a router path), with
 * a fake `together` on 127.0.0.1 standing in for the provider.
 */
import { clearMappingCache, InferenceClient, InferenceClientProviderApiError } from "@hubkit/inference";
import { chatCompletion as hfChatCompletion, featureExtraction as hfFeatureExtraction } from "@huggingface/inference";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { routerRoutes } from "../src/router/index.js";
import {
	type FakeProvider,
	fakeProvider,
	OPERATOR_KEY,
	recordingLogger,
	type Served,
	serveApp,
	testDeps,
	USER_TOKEN,
} from "./router-fakes.js";

const HUB_MODEL = "meta-llama/Llama-3.3-70B-Instruct";
const TOGETHER_MODEL = "meta-llama/Llama-3.3-70B-Instruct-Turbo";
const EMBEDDING_MODEL = "BAAI/bge-small-en-v1.5";

/** What the hub's model API would say for `expand[]=inferenceProviderMapping`. */
const MAPPINGS: Record<string, Record<string, unknown>> = {
	[HUB_MODEL]: {
		together: { providerId: TOGETHER_MODEL, task: "conversational", status: "live", hfModelId: HUB_MODEL },
	},
	[EMBEDDING_MODEL]: {
		"hf-inference": {
			providerId: EMBEDDING_MODEL,
			task: "feature-extraction",
			status: "live",
			hfModelId: EMBEDDING_MODEL,
		},
	},
};

function completion(content: string) {
	return {
		id: "chatcmpl-1",
		object: "chat.completion",
		created: 1_700_000_000,
		model: TOGETHER_MODEL,
		choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
	};
}

function chunk(content: string, finish: string | null = null) {
	return {
		id: "chatcmpl-1",
		object: "chat.completion.chunk",
		created: 1_700_000_000,
		model: TOGETHER_MODEL,
		choices: [{ index: 0, delta: { content }, finish_reason: finish }],
	};
}

let together: FakeProvider;
let hub: Served;
const logger = recordingLogger();

beforeAll(async () => {
	together = await fakeProvider((request, response) => {
		const body = JSON.parse(request.body || "{}") as { stream?: boolean; messages?: Array<{ content: string }> };
		const question = body.messages?.at(-1)?.content ?? "";
		if (body.stream) {
			response.writeHead(200, { "content-type": "text/event-stream" });
			response.write(`data: ${JSON.stringify(chunk("Echo: "))}\n\n`);
			response.write(`data: ${JSON.stringify(chunk(question, "stop"))}\n\n`);
			response.end("data: [DONE]\n\n");
			return;
		}
		response.writeHead(200, { "content-type": "application/json" });
		response.end(JSON.stringify(completion(`Echo: ${question}`)));
	});
	// One app as the hub has it: a mapping route (the core's, in the real hub) and the router mounted after it.
	const app = new Hono();
	app.get("/api/models/:author/:name", (c) => {
		const id = `${c.req.param("author")}/${c.req.param("name")}`;
		const mapping = MAPPINGS[id];
		if (!mapping) return c.json({ error: "Repository not found" }, 404);
		return c.json({ _id: "sample", id, inferenceProviderMapping: mapping });
	});
	app.route(
		"/",
		routerRoutes(
			testDeps({
				providerKeys: { together: { key: OPERATOR_KEY } },
				providerBaseUrls: { together: together.url },
				logger,
			}),
		),
	);
	hub = await serveApp(app);
});

afterAll(async () => {
	await Promise.all([together.close(), hub.close()]);
});

beforeEach(() => {
	clearMappingCache();
	together.received.length = 0;
});

function expectOnlyOperatorKeyUpstream() {
	expect(together.received.length).toBeGreaterThan(0);
	for (const request of together.received) {
		expect(request.headers.authorization).toBe(`Bearer ${OPERATOR_KEY}`);
		expect(JSON.stringify(request)).not.toContain(USER_TOKEN);
	}
	expect(logger.lines.join("\n")).not.toContain(USER_TOKEN);
	expect(logger.lines.join("\n")).not.toContain(OPERATOR_KEY);
}

describe("@hubkit/inference through the router", () => {
	const client = () => new InferenceClient(USER_TOKEN, { hubUrl: hub.url, routerUrl: hub.url });

	it("chatCompletion: mapping from the hub, call through the router with the provider-side id", async () => {
		const output = await client().chatCompletion({
			provider: "together",
			model: HUB_MODEL,
			messages: [{ role: "user", content: "hello" }],
		});
		expect(output.choices[0]?.message.content).toBe("Echo: hello");
		expect(together.received[0]?.url).toBe("/v1/chat/completions");
		expect(JSON.parse(together.received[0]?.body ?? "{}")).toMatchObject({ model: TOGETHER_MODEL });
		expectOnlyOperatorKeyUpstream();
	});

	it("chatCompletionStream: the chunks arrive through the router", async () => {
		let text = "";
		for await (const part of client().chatCompletionStream({
			provider: "together",
			model: HUB_MODEL,
			messages: [{ role: "user", content: "stream me" }],
		})) {
			text += part.choices[0]?.delta.content ?? "";
		}
		expect(text).toBe("Echo: stream me");
		expect(JSON.parse(together.received[0]?.body ?? "{}")).toMatchObject({ stream: true, model: TOGETHER_MODEL });
		expectOnlyOperatorKeyUpstream();
	});

	it("hf-inference reaches the hub and gets its 400 (no local runtime) as a provider error", async () => {
		const call = client().featureExtraction(
			{ provider: "hf-inference", model: EMBEDDING_MODEL, inputs: "hello" },
			{ retry_on_error: false },
		);
		await expect(call).rejects.toBeInstanceOf(InferenceClientProviderApiError);
		await expect(call).rejects.toMatchObject({ response: { status: 400 } });
		await expect(call).rejects.toThrow(/not loaded locally/);
	});
});

describe("@huggingface/inference with endpointUrl at the router", () => {
	it("chatCompletion at a provider's OpenAI-compatible path", async () => {
		const output = await hfChatCompletion({
			accessToken: USER_TOKEN,
			endpointUrl: `${hub.url}/together/v1`,
			model: TOGETHER_MODEL,
			messages: [{ role: "user", content: "from the other client" }],
		});
		expect(output.choices[0]?.message.content).toBe("Echo: from the other client");
		expect(together.received[0]?.url).toBe("/v1/chat/completions");
		expectOnlyOperatorKeyUpstream();
	});

	it("featureExtraction at the hub's hf-inference path gets the 400", async () => {
		const call = hfFeatureExtraction(
			{
				accessToken: USER_TOKEN,
				endpointUrl: `${hub.url}/hf-inference/models/${EMBEDDING_MODEL}/pipeline/feature-extraction`,
				inputs: "hello",
			},
			{ retry_on_error: false },
		);
		await expect(call).rejects.toThrow(/not loaded locally/);
		expect(together.received).toHaveLength(0);
	});
});
