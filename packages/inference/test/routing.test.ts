/** Where requests go and what they carry: router vs provider host, auth, User-Agent, billing, credentials. */
import { describe, expect, it } from "vitest";
import { buildRequest, chatCompletion, textClassification } from "../src/index.js";
import { reply } from "./fake-server.js";
import {
	CHAT_ANSWER,
	CHAT_MODEL,
	CHAT_PATH,
	CHAT_PROVIDER_ID,
	CLASSIFICATION,
	CLASSIFIER,
	classifierPath,
	HF_TOKEN,
	mapChatModel,
	mapClassifier,
	PROVIDER_KEY,
	USER_AGENT,
	useFakeServer,
	via,
} from "./helpers.js";

const server = useFakeServer((server) => {
	mapChatModel(server);
	mapClassifier(server);
	server.route("POST", CHAT_PATH, reply.json(CHAT_ANSWER));
	server.route("POST", classifierPath(), reply.json(CLASSIFICATION));
});

const messages = [{ role: "user", content: "Hi" }];

describe("hf_ token: through the router", () => {
	it("sends hf-inference text classification to {routerUrl}/hf-inference/models/{model} with a JSON body", async () => {
		const output = await textClassification(
			{
				accessToken: HF_TOKEN,
				model: CLASSIFIER,
				provider: "hf-inference",
				inputs: "I love it",
				parameters: { top_k: 2 },
			},
			via(server),
		);
		expect(output).toEqual(CLASSIFICATION);
		const [request, ...others] = server.requestsTo("/hf-inference/");
		expect(others).toHaveLength(0);
		expect(request?.method).toBe("POST");
		expect(request?.path).toBe(`/hf-inference/models/${CLASSIFIER}`);
		expect(request?.headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
		expect(request?.headers["content-type"]).toBe("application/json");
		expect(request?.json()).toEqual({ inputs: "I love it", parameters: { top_k: 2 } });
	});

	it("sends chat to the provider's route under the router, with the provider-side model id", async () => {
		const output = await chatCompletion(
			{ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", messages, max_tokens: 5 },
			via(server),
		);
		expect(output).toEqual(CHAT_ANSWER);
		const [request] = server.requestsTo(CHAT_PATH);
		expect(request?.headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
		expect(request?.json()).toEqual({ messages, max_tokens: 5, model: CHAT_PROVIDER_ID });
	});

	it("says who it is in User-Agent", async () => {
		await textClassification(
			{ accessToken: HF_TOKEN, model: CLASSIFIER, provider: "hf-inference", inputs: "x" },
			via(server),
		);
		expect(server.requestsTo("/hf-inference/")[0]?.headers["user-agent"]).toBe(USER_AGENT);
	});

	it("bills the organisation named by billTo with X-HF-Bill-To", async () => {
		await chatCompletion(
			{ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", messages },
			{ ...via(server), billTo: "acme-org" },
		);
		expect(server.requestsTo(CHAT_PATH)[0]?.headers["x-hf-bill-to"]).toBe("acme-org");
	});

	it("sends no X-HF-Bill-To without billTo", async () => {
		await chatCompletion({ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", messages }, via(server));
		expect(server.requestsTo(CHAT_PATH)[0]?.headers).not.toHaveProperty("x-hf-bill-to");
	});
});

describe("no token", () => {
	it("sends no Authorization header at all, to the router or the hub", async () => {
		await textClassification({ model: CLASSIFIER, provider: "hf-inference", inputs: "x" }, via(server));
		await chatCompletion({ model: CHAT_MODEL, provider: "cerebras", messages }, via(server));
		expect(server.requests.length).toBeGreaterThanOrEqual(4);
		for (const request of server.requests) expect(request.headers).not.toHaveProperty("authorization");
	});

	it("builds no Authorization header", async () => {
		const { init } = await buildRequest(
			{ model: CHAT_MODEL, provider: "cerebras", messages },
			{ ...via(server), task: "conversational" },
		);
		expect(Object.keys(init.headers).map((name) => name.toLowerCase())).not.toContain("authorization");
		expect(init.credentials).toBeUndefined();
	});

	it("asks for cookies with includeCredentials", async () => {
		const built = await buildRequest(
			{ model: CHAT_MODEL, provider: "cerebras", messages },
			{ ...via(server), task: "conversational", includeCredentials: true },
		);
		expect(built.init.credentials).toBe("include");
		expect(Object.keys(built.init.headers).map((name) => name.toLowerCase())).not.toContain("authorization");
		const sameOrigin = await buildRequest(
			{ model: CHAT_MODEL, provider: "cerebras", messages },
			{ ...via(server), task: "conversational", includeCredentials: "same-origin" },
		);
		expect(sameOrigin.init.credentials).toBe("same-origin");
	});

	it("ignores includeCredentials when a token is given", async () => {
		const { init } = await buildRequest(
			{ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", messages },
			{ ...via(server), task: "conversational", includeCredentials: true },
		);
		expect(init.credentials).toBeUndefined();
		expect(init.headers.Authorization).toBe(`Bearer ${HF_TOKEN}`);
	});
});

describe("provider key: straight to the provider (built, never sent)", () => {
	it("targets the provider's own host with its key", async () => {
		const { url, init } = await buildRequest(
			{ accessToken: PROVIDER_KEY, model: CHAT_MODEL, provider: "cerebras", messages },
			{ ...via(server), task: "conversational" },
		);
		expect(url).toBe("https://api.cerebras.ai/v1/chat/completions");
		expect(init.method).toBe("POST");
		expect(init.headers.Authorization).toBe(`Bearer ${PROVIDER_KEY}`);
		expect(init.headers["User-Agent"]).toBe(USER_AGENT);
		expect(JSON.parse(String(init.body))).toEqual({ messages, model: CHAT_PROVIDER_ID });
		// Only the mapping look-up reached the (fake) hub; nothing went to a router route.
		expect(server.requests.map((request) => request.path)).toEqual([`/api/models/${CHAT_MODEL}`]);
	});

	it("never sends the provider key to the hub", async () => {
		await buildRequest(
			{ accessToken: PROVIDER_KEY, model: CHAT_MODEL, provider: "cerebras", messages },
			{ ...via(server), task: "conversational" },
		);
		const [lookup] = server.hubRequests();
		expect(lookup?.headers).not.toHaveProperty("authorization");
	});

	it("keeps billTo on a direct request", async () => {
		const { init } = await buildRequest(
			{ accessToken: PROVIDER_KEY, model: CHAT_MODEL, provider: "cerebras", messages },
			{ ...via(server), task: "conversational", billTo: "acme-org" },
		);
		expect(init.headers["X-HF-Bill-To"]).toBe("acme-org");
	});
});

describe("buildRequest matches what is sent", () => {
	it("gives the same URL, method, headers and body the server receives", async () => {
		const args = { accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras" as const, messages };
		const built = await buildRequest(args, { ...via(server), task: "conversational" });
		await chatCompletion(args, via(server));
		const [sent] = server.requestsTo(CHAT_PATH);
		expect(built.url).toBe(`${server.url}${sent?.path}`);
		expect(sent?.method).toBe(built.init.method);
		expect(sent?.text()).toBe(built.init.body);
		for (const [name, value] of Object.entries(built.init.headers)) {
			expect(sent?.headers[name.toLowerCase()]).toBe(value);
		}
	});
});
