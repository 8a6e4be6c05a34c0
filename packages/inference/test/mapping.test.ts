/** The hub side: provider mappings (cache, TTL, sharing), "auto", LoRA weights, default models. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAPPING_TTL_MS } from "../src/config.js";
import {
	buildRequest,
	chatCompletion,
	clearMappingCache,
	InferenceClientAbortError,
	InferenceClientHubApiError,
	InferenceClientInputError,
	textClassification,
} from "../src/index.js";
import { reply } from "./fake-server.js";
import {
	CHAT_ANSWER,
	CHAT_MODEL,
	CHAT_PATH,
	CHAT_PROVIDER_ID,
	CLASSIFICATION,
	classifierPath,
	entry,
	expectNoSecret,
	HF_TOKEN,
	mapChatModel,
	PROVIDER_KEY,
	rejectionOf,
	useFakeServer,
	via,
} from "./helpers.js";

const server = useFakeServer((server) => {
	server.route("POST", CHAT_PATH, reply.json(CHAT_ANSWER));
});
afterEach(() => {
	vi.restoreAllMocks();
});

const messages = [{ role: "user", content: "Hi" }];
const chat = (extra: Record<string, unknown> = {}) =>
	chatCompletion({ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", messages, ...extra }, via(server));

describe("mapping look-up", () => {
	it("GETs /api/models/{id}?expand[]=inferenceProviderMapping with the hub token", async () => {
		mapChatModel(server);
		await chat();
		const [lookup, ...others] = server.hubRequests();
		expect(others).toHaveLength(0);
		expect(lookup?.method).toBe("GET");
		expect(lookup?.path).toBe(`/api/models/${CHAT_MODEL}`);
		expect(lookup?.query.getAll("expand[]")).toEqual(["inferenceProviderMapping"]);
		expect(lookup?.headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
	});

	it("sends no Authorization to the hub for a provider key or no token", async () => {
		mapChatModel(server);
		await buildRequest(
			{ accessToken: PROVIDER_KEY, model: CHAT_MODEL, provider: "cerebras", messages },
			{ ...via(server), task: "conversational" },
		);
		clearMappingCache();
		await chatCompletion({ model: CHAT_MODEL, provider: "cerebras", messages }, via(server));
		const lookups = server.hubRequests();
		expect(lookups).toHaveLength(2);
		for (const lookup of lookups) expect(lookup.headers).not.toHaveProperty("authorization");
	});

	it("reads the list shape of the mapping too", async () => {
		server.setMapping(CHAT_MODEL, [
			{ provider: "cerebras", providerId: "from-list", task: "conversational", status: "live" },
		]);
		await chat();
		expect(server.requestsTo(CHAT_PATH)[0]?.json()).toMatchObject({ model: "from-list" });
	});

	it("caches the mapping: a second call makes no hub request", async () => {
		mapChatModel(server);
		await chat();
		await chat();
		expect(server.hubRequests()).toHaveLength(1);
		expect(server.requestsTo(CHAT_PATH)).toHaveLength(2);
	});

	it("fetches again once the TTL has passed (fake clock) or after clearMappingCache", async () => {
		mapChatModel(server);
		const start = Date.now();
		const clock = vi.spyOn(Date, "now").mockReturnValue(start);
		await chat();
		clock.mockReturnValue(start + MAPPING_TTL_MS - 1);
		await chat();
		expect(server.hubRequests()).toHaveLength(1);
		clock.mockReturnValue(start + MAPPING_TTL_MS + 1);
		await chat();
		expect(server.hubRequests()).toHaveLength(2);
		clearMappingCache();
		await chat();
		expect(server.hubRequests()).toHaveLength(3);
	});

	it("shares one hub request between concurrent look-ups", async () => {
		server.setMapping(CHAT_MODEL, { cerebras: entry(CHAT_PROVIDER_ID, "conversational") }, { delayMs: 150 });
		const outputs = await Promise.all(Array.from({ length: 6 }, () => chat()));
		expect(outputs).toHaveLength(6);
		expect(server.hubRequests()).toHaveLength(1);
		expect(server.requestsTo(CHAT_PATH)).toHaveLength(6);
	});

	it("one caller aborting a shared look-up does not fail the others", async () => {
		server.setMapping(CHAT_MODEL, { cerebras: entry(CHAT_PROVIDER_ID, "conversational") }, { delayMs: 300 });
		const controller = new AbortController();
		const quitter = chatCompletion(
			{ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", messages },
			{ ...via(server), signal: controller.signal },
		);
		const stayers = [chat(), chat()];
		setTimeout(() => controller.abort(), 50);
		const error = await rejectionOf(quitter);
		expect(error).toBeInstanceOf(InferenceClientAbortError);
		expect((error as InferenceClientAbortError).reason).toBe("aborted");
		await expect(Promise.all(stayers)).resolves.toHaveLength(2);
		expect(server.hubRequests()).toHaveLength(1);
	});

	it("does not cache a failed look-up", async () => {
		const error = await rejectionOf(chat());
		expect(error).toBeInstanceOf(InferenceClientHubApiError);
		mapChatModel(server);
		await expect(chat()).resolves.toEqual(CHAT_ANSWER);
		expect(server.hubRequests()).toHaveLength(2);
	});

	it("404 → Model {id} does not exist (typed, status kept, token redacted)", async () => {
		const error = await rejectionOf(chat());
		expect(error).toBeInstanceOf(InferenceClientHubApiError);
		expect((error as Error).message).toBe(`Model ${CHAT_MODEL} does not exist`);
		expect((error as InferenceClientHubApiError).response?.status).toBe(404);
		expect((error as InferenceClientHubApiError).request.headers.authorization).toBe("Bearer [redacted]");
		expectNoSecret(error, HF_TOKEN);
		expect(server.requestsTo(CHAT_PATH)).toHaveLength(0);
	});

	it("a hub failure other than 404 is a typed hub error", async () => {
		server.route("GET", `/api/models/${CHAT_MODEL}`, reply.error(500, "error-string", "hub down"));
		const error = await rejectionOf(chat());
		expect(error).toBeInstanceOf(InferenceClientHubApiError);
		expect((error as InferenceClientHubApiError).response?.status).toBe(500);
	});

	it("no entry for the provider → No inference provider information found", async () => {
		server.setMapping(CHAT_MODEL, { together: entry("x", "conversational") });
		const error = await rejectionOf(chat());
		expect(error).toBeInstanceOf(InferenceClientInputError);
		expect((error as Error).message).toContain("No inference provider information found");
		expect(server.requestsTo("/cerebras/")).toHaveLength(0);
	});

	it("entry for another task → Model {id} is not supported for task {task} and provider {provider}", async () => {
		server.setMapping(CHAT_MODEL, { cerebras: entry(CHAT_PROVIDER_ID, "text-to-image") });
		const error = await rejectionOf(chat());
		expect(error).toBeInstanceOf(InferenceClientInputError);
		expect((error as Error).message).toContain(
			`Model ${CHAT_MODEL} is not supported for task conversational and provider cerebras`,
		);
	});

	it("staging → one console.warn, and the call goes through", async () => {
		const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
		const model = "acme/staging-chat-model";
		server.setMapping(model, { cerebras: entry("staging-id", "conversational", { status: "staging" }) });
		await expect(chat({ model })).resolves.toEqual(CHAT_ANSWER);
		await expect(chat({ model })).resolves.toEqual(CHAT_ANSWER);
		expect(warn).toHaveBeenCalledTimes(1);
		expect(String(warn.mock.calls[0]?.[0])).toContain("staging");
		expect(server.requestsTo(CHAT_PATH).at(-1)?.json()).toMatchObject({ model: "staging-id" });
	});

	it("hf-inference with no mapping entry uses the hub id as is", async () => {
		const model = "acme/unmapped-classifier";
		server.setMapping(model, {});
		server.route("POST", classifierPath(model), reply.json(CLASSIFICATION));
		await expect(
			textClassification({ accessToken: HF_TOKEN, model, provider: "hf-inference", inputs: "x" }, via(server)),
		).resolves.toEqual(CLASSIFICATION);
	});
});

describe("call plans (a repeated call reuses its resolved URL, headers and mapping)", () => {
	it("never outlive the mapping: a providerId changed on the hub is sent once the TTL has passed", async () => {
		mapChatModel(server);
		const start = Date.now();
		const clock = vi.spyOn(Date, "now").mockReturnValue(start);
		await chat();
		server.setMapping(CHAT_MODEL, { cerebras: entry("renamed-on-provider", "conversational") });
		clock.mockReturnValue(start + MAPPING_TTL_MS - 1);
		await chat();
		clock.mockReturnValue(start + MAPPING_TTL_MS + 1);
		await chat();
		const sent = server.requestsTo(CHAT_PATH).map((request) => (request.json() as { model: string }).model);
		expect(sent).toEqual([CHAT_PROVIDER_ID, CHAT_PROVIDER_ID, "renamed-on-provider"]);
		expect(server.hubRequests()).toHaveLength(2);
	});

	it("are kept apart by token, billTo and provider: each call sends its own headers and route", async () => {
		mapChatModel(server, { together: entry("together-id", "conversational") });
		server.route("POST", "/together/v1/chat/completions", reply.json(CHAT_ANSWER));
		const otherToken = "hf_anotheranotheranotheranother";
		await chat();
		await chat({ accessToken: otherToken });
		await chat({ accessToken: otherToken });
		await chatCompletion(
			{ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", messages },
			{ ...via(server), billTo: "acme-org" },
		);
		await chat();
		await chat({ provider: "together" });
		const cerebras = server.requestsTo(CHAT_PATH);
		expect(cerebras.map((request) => request.headers.authorization)).toEqual([
			`Bearer ${HF_TOKEN}`,
			`Bearer ${otherToken}`,
			`Bearer ${otherToken}`,
			`Bearer ${HF_TOKEN}`,
			`Bearer ${HF_TOKEN}`,
		]);
		expect(cerebras.map((request) => request.headers["x-hf-bill-to"])).toEqual([
			undefined,
			undefined,
			undefined,
			"acme-org",
			undefined,
		]);
		const together = server.requestsTo("/together/v1/chat/completions");
		expect(together.map((request) => (request.json() as { model: string }).model)).toEqual(["together-id"]);
	});

	it("are dropped by clearMappingCache", async () => {
		mapChatModel(server);
		await chat();
		server.setMapping(CHAT_MODEL, { cerebras: entry("after-clear", "conversational") });
		clearMappingCache();
		await chat();
		const sent = server.requestsTo(CHAT_PATH).map((request) => (request.json() as { model: string }).model);
		expect(sent).toEqual([CHAT_PROVIDER_ID, "after-clear"]);
	});
});

describe("provider auto", () => {
	it("takes the first provider of the mapping", async () => {
		server.setMapping(CHAT_MODEL, {
			cerebras: entry(CHAT_PROVIDER_ID, "conversational"),
			"hf-inference": entry(CHAT_MODEL, "conversational"),
		});
		await chat({ provider: "auto" });
		expect(server.requestsTo(CHAT_PATH)).toHaveLength(1);
		expect(server.hubRequests()).toHaveLength(1);
	});

	it("follows the mapping's order, and treats a missing provider as auto", async () => {
		server.setMapping(CHAT_MODEL, {
			"hf-inference": entry(CHAT_MODEL, "conversational"),
			cerebras: entry(CHAT_PROVIDER_ID, "conversational"),
		});
		const hfChat = `/hf-inference/models/${CHAT_MODEL}/v1/chat/completions`;
		server.route("POST", hfChat, reply.json(CHAT_ANSWER));
		await chatCompletion({ accessToken: HF_TOKEN, model: CHAT_MODEL, messages }, via(server));
		expect(server.requestsTo(hfChat)).toHaveLength(1);
		expect(server.requestsTo(CHAT_PATH)).toHaveLength(0);
	});

	it("an empty mapping leaves nothing to pick", async () => {
		server.setMapping(CHAT_MODEL, {});
		const error = await rejectionOf(chat({ provider: "auto" }));
		expect(error).toBeInstanceOf(InferenceClientInputError);
	});
});

describe("LoRA adapters", () => {
	const lora = "acme/flux-lora";
	const loraEntry = (extra: Record<string, unknown> = {}) => ({
		"fal-ai": entry("fal-ai/flux-lora", "text-to-image", { adapter: "lora", ...extra }),
	});
	const build = () =>
		buildRequest(
			{ accessToken: HF_TOKEN, model: lora, provider: "fal-ai", inputs: "a cat" },
			{ ...via(server), task: "text-to-image" },
		);

	it("uses adapterWeightsPath from the mapping without a tree look-up", async () => {
		server.setMapping(lora, loraEntry({ adapterWeightsPath: "weights/adapter.safetensors" }));
		const { url, init } = await build();
		expect(url).toBe(`${server.url}/fal-ai/fal-ai/flux-lora?_subdomain=queue`);
		expect(String(init.body)).toContain(`/${lora}/resolve/main/weights/adapter.safetensors`);
		expect(server.requestsTo(`/api/models/${lora}/tree/`)).toHaveLength(0);
	});

	it("without adapterWeightsPath, takes the first .safetensors file of the tree (no token sent)", async () => {
		server.setMapping(lora, loraEntry());
		server.setTree(lora, [
			{ type: "file", path: "README.md", oid: "1", size: 1 },
			{ type: "directory", path: "old.safetensors", oid: "2", size: 0 },
			{ type: "file", path: "pytorch_lora_weights.safetensors", oid: "3", size: 10 },
			{ type: "file", path: "other.safetensors", oid: "4", size: 10 },
		]);
		const { init } = await build();
		expect(String(init.body)).toContain(`/${lora}/resolve/main/pytorch_lora_weights.safetensors`);
		const [tree] = server.requestsTo(`/api/models/${lora}/tree/main`);
		expect(tree?.method).toBe("GET");
		expect(tree?.headers).not.toHaveProperty("authorization");
	});

	it("a tree that cannot be fetched → Unable to fetch the model tree", async () => {
		server.setMapping(lora, loraEntry());
		const error = await rejectionOf(build());
		expect(error).toBeInstanceOf(InferenceClientHubApiError);
		expect((error as Error).message).toContain("Unable to fetch the model tree");
	});

	it("a tree without weights → No .safetensors file found", async () => {
		server.setMapping(lora, loraEntry());
		server.setTree(lora, [{ type: "file", path: "README.md", oid: "1", size: 1 }]);
		const error = await rejectionOf(build());
		expect(error).toBeInstanceOf(InferenceClientHubApiError);
		expect((error as Error).message).toContain("No .safetensors file found");
	});
});

describe("default model", () => {
	const defaultModel = "acme/default-classifier";

	it("uses the first of the task's models in /api/tasks when no model is given (hf-inference)", async () => {
		server.setTasks({
			"text-classification": { models: [{ id: defaultModel }, { id: "acme/second" }], widgetModels: ["acme/widget"] },
		});
		server.setMapping(defaultModel, {});
		server.route("POST", classifierPath(defaultModel), reply.json(CLASSIFICATION));
		const output = await textClassification(
			{ accessToken: HF_TOKEN, provider: "hf-inference", inputs: "x" },
			via(server),
		);
		expect(output).toEqual(CLASSIFICATION);
		expect(server.requestsTo("/api/tasks")).toHaveLength(1);
		expect(server.requestsTo(classifierPath(defaultModel))).toHaveLength(1);
		// The task list is kept: a second call does not ask again.
		await textClassification({ accessToken: HF_TOKEN, provider: "hf-inference", inputs: "y" }, via(server));
		expect(server.requestsTo("/api/tasks")).toHaveLength(1);
	});

	it("with no provider either, the default model runs on hf-inference", async () => {
		server.setTasks({ "text-classification": { models: [{ id: defaultModel }] } });
		server.setMapping(defaultModel, { together: entry("acme/other", "text-classification") });
		server.route("POST", classifierPath(defaultModel), reply.json(CLASSIFICATION));
		const output = await textClassification({ accessToken: HF_TOKEN, inputs: "x" }, via(server));
		expect(output).toEqual(CLASSIFICATION);
		expect(server.requestsTo(classifierPath(defaultModel))).toHaveLength(1);
	});

	it("a model with no provider keeps auto: the first provider the mapping lists", async () => {
		server.setMapping(CHAT_MODEL, {
			cerebras: entry(CHAT_PROVIDER_ID, "conversational"),
			"hf-inference": entry(CHAT_MODEL, "conversational"),
		});
		server.route("POST", CHAT_PATH, reply.json(CHAT_ANSWER));
		await chatCompletion({ accessToken: HF_TOKEN, model: CHAT_MODEL, messages: [] }, via(server));
		expect(server.requestsTo(CHAT_PATH)).toHaveLength(1);
		expect(server.requestsTo("/api/tasks")).toHaveLength(0);
	});

	it("no model in the task's list → No default model defined for the task", async () => {
		server.setTasks({ "text-classification": { models: [], widgetModels: ["acme/widget"] } });
		const error = await rejectionOf(textClassification({ provider: "hf-inference", inputs: "x" }, via(server)));
		expect(error).toBeInstanceOf(InferenceClientInputError);
		expect((error as Error).message).toContain("No default model defined for the task");
		expect(server.requestsTo("/hf-inference/")).toHaveLength(0);
	});

	it("a task missing from the list → No default model defined for the task", async () => {
		server.setTasks({ "fill-mask": { models: [{ id: "x/y" }] } });
		const error = await rejectionOf(textClassification({ provider: "hf-inference", inputs: "x" }, via(server)));
		expect((error as Error).message).toContain("No default model defined for the task text-classification");
	});
});
