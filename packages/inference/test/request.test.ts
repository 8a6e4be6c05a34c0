/** request() and streamingRequest(): any task, through the same resolve → build → send steps, the answer unchecked. */
import { describe, expect, it } from "vitest";
import { InferenceClient, InferenceClientInputError, request, streamingRequest } from "../src/index.js";
import { reply, sseText } from "./fake-server.js";
import {
	CHAT_MODEL,
	CHAT_PATH,
	CHAT_PROVIDER_ID,
	chatChunk,
	drain,
	entry,
	HF_TOKEN,
	rejectionOf,
	useFakeServer,
	via,
} from "./helpers.js";

const RERANKER = "acme/reranker";
const RERANKER_PATH = `/hf-inference/models/${RERANKER}`;

const server = useFakeServer((server) => {
	server.setMapping(CHAT_MODEL, { cerebras: entry(CHAT_PROVIDER_ID, "conversational") });
	server.setMapping(RERANKER, { "hf-inference": entry(RERANKER, "text-ranking") });
});

describe("request()", () => {
	it("sends a task without a helper to hf-inference's model route and returns the answer as it came", async () => {
		server.route("POST", RERANKER_PATH, reply.json([{ index: 1, score: 0.9 }]));
		const output = await request<{ index: number; score: number }[]>(
			{ accessToken: HF_TOKEN, model: RERANKER, inputs: { query: "q", texts: ["a", "b"] }, top_n: 1 },
			via(server),
		);
		expect(output).toEqual([{ index: 1, score: 0.9 }]);
		const [sent] = server.requestsTo(RERANKER_PATH);
		expect(sent?.headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
		expect(sent?.headers["content-type"]).toBe("application/json");
		expect(sent?.json()).toEqual({ inputs: { query: "q", texts: ["a", "b"] }, top_n: 1 });
	});

	it("sends `data` as the raw bytes, and answers a file as a Blob, text as text", async () => {
		server.route("POST", RERANKER_PATH, reply.binary(new Uint8Array([7, 8]), "audio/flac"));
		const audio = new Blob([new Uint8Array([1, 2, 3])], { type: "audio/wav" });
		const output = await request<Blob>({ model: RERANKER, provider: "hf-inference", data: audio }, via(server));
		expect(output).toBeInstanceOf(Blob);
		expect(new Uint8Array(await output.arrayBuffer())).toEqual(new Uint8Array([7, 8]));
		expect(new Uint8Array(server.requestsTo(RERANKER_PATH)[0]?.body ?? [])).toEqual(new Uint8Array([1, 2, 3]));
		server.route("POST", RERANKER_PATH, reply.text("plain words"));
		expect(await request({ model: RERANKER, inputs: "x" }, via(server))).toBe("plain words");
	});

	it("builds a task that has a helper with that helper, and checks nothing of the answer", async () => {
		server.route("POST", CHAT_PATH, reply.json({ not: "a chat completion" }));
		const client = new InferenceClient(HF_TOKEN, via(server));
		const output = await client.request(
			{ model: CHAT_MODEL, provider: "cerebras", messages: [{ role: "user", content: "Hi" }] },
			{ task: "conversational" },
		);
		expect(output).toEqual({ not: "a chat completion" });
		expect(server.requestsTo(CHAT_PATH)[0]?.json()).toMatchObject({ model: CHAT_PROVIDER_ID });
	});

	it("refuses a call without a task to a provider other than hf-inference", async () => {
		const error = await rejectionOf(request({ model: CHAT_MODEL, provider: "cerebras", inputs: "x" }, via(server)));
		expect(error).toBeInstanceOf(InferenceClientInputError);
		expect(server.requestsTo("/cerebras/")).toHaveLength(0);
	});
});

describe("streamingRequest()", () => {
	it("asks for a stream and yields the events' payloads up to [DONE]", async () => {
		server.route("POST", CHAT_PATH, reply.sse([sseText([chatChunk("a"), chatChunk("b")])]));
		const { items, error } = await drain(
			streamingRequest<{ choices: { delta: { content: string } }[] }>(
				{ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", messages: [] },
				{ ...via(server), task: "conversational" },
			),
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.choices[0]?.delta.content)).toEqual(["a", "b"]);
		expect(server.requestsTo(CHAT_PATH)[0]?.json()).toMatchObject({ stream: true });
	});
});
