/** InferenceClient: bound token and defaults, per-call overrides, endpoint(), media output types. */
import { beforeEach, describe, expect, it } from "vitest";
import { InferenceClient, InferenceClientInputError } from "../src/index.js";
import { reply } from "./fake-server.js";
import {
	CHAT_ANSWER,
	CHAT_MODEL,
	CHAT_PATH,
	CLASSIFICATION,
	CLASSIFIER,
	classifierPath,
	entry,
	HF_TOKEN,
	mapChatModel,
	mapClassifier,
	rejectionOf,
	useFakeServer,
	via,
} from "./helpers.js";

const server = useFakeServer((server) => {
	mapChatModel(server, { "hf-inference": entry(CHAT_MODEL, "conversational") });
	mapClassifier(server);
	server.route("POST", CHAT_PATH, reply.json(CHAT_ANSWER));
	server.route("POST", `/hf-inference/models/${CHAT_MODEL}/v1/chat/completions`, reply.json(CHAT_ANSWER));
	server.route("POST", classifierPath(), reply.json(CLASSIFICATION));
});

const messages = [{ role: "user", content: "Hi" }];
const OTHER_TOKEN = "hf_anotherFakeToken555";

describe("defaults", () => {
	it("applies the client's token and options", async () => {
		const client = new InferenceClient(HF_TOKEN, { ...via(server), billTo: "acme-org" });
		await expect(
			client.textClassification({ model: CLASSIFIER, provider: "hf-inference", inputs: "x" }),
		).resolves.toEqual(CLASSIFICATION);
		const [request] = server.requestsTo(classifierPath());
		expect(request?.headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
		expect(request?.headers["x-hf-bill-to"]).toBe("acme-org");
	});

	it("applies the client's default provider", async () => {
		const client = new InferenceClient(HF_TOKEN, { ...via(server), provider: "cerebras" });
		await client.chatCompletion({ model: CHAT_MODEL, messages });
		expect(server.requestsTo(CHAT_PATH)).toHaveLength(1);
	});

	it("a client without a token sends no Authorization", async () => {
		const client = new InferenceClient(undefined, via(server));
		await client.textClassification({ model: CLASSIFIER, provider: "hf-inference", inputs: "x" });
		for (const request of server.requests) expect(request.headers).not.toHaveProperty("authorization");
	});
});

describe("per-call arguments and options win", () => {
	it("provider, token and billTo given to the call replace the client's", async () => {
		const client = new InferenceClient(HF_TOKEN, { ...via(server), provider: "cerebras", billTo: "org-a" });
		await client.chatCompletion(
			{ model: CHAT_MODEL, provider: "hf-inference", accessToken: OTHER_TOKEN, messages },
			{
				billTo: "org-b",
			},
		);
		expect(server.requestsTo(CHAT_PATH)).toHaveLength(0);
		const [request] = server.requestsTo(`/hf-inference/models/${CHAT_MODEL}/v1/chat/completions`);
		expect(request?.headers.authorization).toBe(`Bearer ${OTHER_TOKEN}`);
		expect(request?.headers["x-hf-bill-to"]).toBe("org-b");
	});

	it("per-call routerUrl replaces the client's", async () => {
		const client = new InferenceClient(HF_TOKEN, { hubUrl: server.url, routerUrl: "http://127.0.0.1:9/unused" });
		await client.textClassification(
			{ model: CLASSIFIER, provider: "hf-inference", inputs: "x" },
			{ routerUrl: server.url },
		);
		expect(server.requestsTo(classifierPath())).toHaveLength(1);
	});

	it("the client's defaults stay as they were after a call overrides them", async () => {
		const client = new InferenceClient(HF_TOKEN, { ...via(server), provider: "cerebras" });
		await client.chatCompletion({ model: CHAT_MODEL, provider: "hf-inference", messages });
		await client.chatCompletion({ model: CHAT_MODEL, messages });
		expect(server.requestsTo(CHAT_PATH)).toHaveLength(1);
	});
});

describe("endpoint()", () => {
	it("binds the endpoint: tasks post to it, with no hub look-up", async () => {
		server.route("POST", "/my-endpoint", reply.json(CLASSIFICATION));
		const endpoint = new InferenceClient(HF_TOKEN, via(server)).endpoint(`${server.url}/my-endpoint`);
		await expect(endpoint.textClassification({ inputs: "x" })).resolves.toEqual(CLASSIFICATION);
		const [request] = server.requestsTo("/my-endpoint");
		expect(request?.headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
		expect(request?.json()).toEqual({ inputs: "x" });
		expect(server.hubRequests()).toHaveLength(0);
	});

	it("chat goes to the endpoint's OpenAI route", async () => {
		server.route("POST", "/my-endpoint/v1/chat/completions", reply.json(CHAT_ANSWER));
		const endpoint = new InferenceClient(HF_TOKEN, via(server)).endpoint(`${server.url}/my-endpoint/`);
		await expect(endpoint.chatCompletion({ messages })).resolves.toEqual(CHAT_ANSWER);
		expect(server.requestsTo("/my-endpoint/v1/chat/completions")).toHaveLength(1);
	});

	it("works on a client that has a default provider", async () => {
		server.route("POST", "/my-endpoint", reply.json(CLASSIFICATION));
		const client = new InferenceClient(HF_TOKEN, { ...via(server), provider: "cerebras" });
		await expect(client.endpoint(`${server.url}/my-endpoint`).textClassification({ inputs: "x" })).resolves.toEqual(
			CLASSIFICATION,
		);
	});

	it("leaves the original client as it was", async () => {
		const client = new InferenceClient(HF_TOKEN, via(server));
		client.endpoint(`${server.url}/my-endpoint`);
		await client.textClassification({ model: CLASSIFIER, provider: "hf-inference", inputs: "x" });
		expect(server.requestsTo(classifierPath())).toHaveLength(1);
	});

	it("refuses a third-party provider given to a call", async () => {
		const endpoint = new InferenceClient(HF_TOKEN, via(server)).endpoint(`${server.url}/my-endpoint`);
		const error = await rejectionOf(endpoint.chatCompletion({ provider: "cerebras", messages }));
		expect(error).toBeInstanceOf(InferenceClientInputError);
	});
});

describe("textToImage outputType (hf-inference answers bytes)", () => {
	const model = "acme/text-to-image";
	const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 250, 251, 252]);
	const base64 = Buffer.from(png).toString("base64");
	let client: InferenceClient;
	beforeEach(() => {
		server.setMapping(model, { "hf-inference": entry(model, "text-to-image") });
		server.route("POST", `/hf-inference/models/${model}`, reply.binary(png, "image/png"));
		client = new InferenceClient(HF_TOKEN, { ...via(server), provider: "hf-inference" });
	});

	it("blob (the default): the bytes as a Blob", async () => {
		const output = await client.textToImage({ model, inputs: "a cat" });
		expect(output).toBeInstanceOf(Blob);
		expect(new Uint8Array(await (output as Blob).arrayBuffer())).toEqual(png);
		expect((output as Blob).type).toBe("image/png");
		const explicit = await client.textToImage({ model, inputs: "a cat" }, { outputType: "blob" });
		expect(new Uint8Array(await (explicit as Blob).arrayBuffer())).toEqual(png);
		expect(server.requestsTo(`/hf-inference/models/${model}`)[0]?.json()).toEqual({ inputs: "a cat" });
	});

	it("url: a data URL of the bytes", async () => {
		expect(await client.textToImage({ model, inputs: "a cat" }, { outputType: "url" })).toBe(
			`data:image/png;base64,${base64}`,
		);
	});

	it("dataUrl: a data URL of the bytes", async () => {
		expect(await client.textToImage({ model, inputs: "a cat" }, { outputType: "dataUrl" })).toBe(
			`data:image/png;base64,${base64}`,
		);
	});

	it("json: the provider's own answer, as it came", async () => {
		const output = await client.textToImage({ model, inputs: "a cat" }, { outputType: "json" });
		expect(output).toBeInstanceOf(Blob);
		expect(new Uint8Array(await (output as Blob).arrayBuffer())).toEqual(png);
	});
});
