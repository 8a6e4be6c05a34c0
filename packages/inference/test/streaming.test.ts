/** Server-sent events: the byte-level reader on hand-made streams, then chat streams through the server. */
import { describe, expect, it } from "vitest";
import {
	type ChatCompletionStreamOutput,
	chatCompletionStream,
	InferenceClientAbortError,
	InferenceClientError,
	InferenceClientProviderApiError,
	InferenceClientProviderOutputError,
	readServerSentEvents,
	type ServerSentEvent,
} from "../src/index.js";
import { failThenSucceed, reply, splitAt, splitEvery, sseText } from "./fake-server.js";
import {
	CHAT_MODEL,
	CHAT_PATH,
	chatChunk,
	drain,
	HF_TOKEN,
	mapChatModel,
	rejectionOf,
	useFakeServer,
	via,
} from "./helpers.js";

const encoder = new TextEncoder();

/** A byte stream delivering exactly these chunks; `cancelled` tells whether the reader cancelled it. */
function byteStream(chunks: (string | Uint8Array)[]): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
	let index = 0;
	let cancelled = false;
	const stream = new ReadableStream<Uint8Array>({
		pull(controller) {
			const chunk = chunks[index++];
			if (chunk === undefined) controller.close();
			else controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
		},
		cancel() {
			cancelled = true;
		},
	});
	return { stream, cancelled: () => cancelled };
}

async function events(chunks: (string | Uint8Array)[]): Promise<ServerSentEvent[]> {
	const found: ServerSentEvent[] = [];
	for await (const event of readServerSentEvents(byteStream(chunks).stream)) found.push(event);
	return found;
}

/** A small deterministic PRNG, so random cuts are the same on every run. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state * 1664525 + 1013904223) >>> 0;
		return state / 2 ** 32;
	};
}

const UNICODE = "héllo 👋 世界 — ünïcødé";

describe("readServerSentEvents on hand-made byte streams", () => {
	it("reads data events, with the default event type", async () => {
		expect(await events(["data: one\n\ndata: two\n\n"])).toEqual([
			{ event: "message", data: "one" },
			{ event: "message", data: "two" },
		]);
	});

	it("hands out only this read's events when a read holds fewer than the one before", async () => {
		// The decoder reuses one array from read to read: entries left from a bigger read must not reappear.
		expect(
			await events(["data: a\n\nevent: note\ndata: b\n\ndata: c\n\n", "data: d\n\n", "", ": comment only\n\n"]),
		).toEqual([
			{ event: "message", data: "a" },
			{ event: "note", data: "b" },
			{ event: "message", data: "c" },
			{ event: "message", data: "d" },
		]);
	});

	it("handles one-byte chunks, including inside multi-byte UTF-8 characters", async () => {
		const text = `data: ${UNICODE}\n\nevent: note\ndata: ${UNICODE}!\n\n`;
		expect(await events(splitEvery(text, 1))).toEqual([
			{ event: "message", data: UNICODE },
			{ event: "note", data: `${UNICODE}!` },
		]);
	});

	it("gives the same events for any way of cutting the bytes", async () => {
		const text = `: hello\r\ndata: ${UNICODE}\r\ndata: line 2\r\n\r\nevent: error\ndata: {"error":"x"}\n\ndata: [DONE]\r\r`;
		const whole = await events([text]);
		expect(whole).toEqual([
			{ event: "message", data: `${UNICODE}\nline 2` },
			{ event: "error", data: '{"error":"x"}' },
			{ event: "message", data: "[DONE]" },
		]);
		const bytes = encoder.encode(text);
		const next = random(42);
		for (let round = 0; round < 200; round++) {
			const cuts = Array.from({ length: 1 + Math.floor(next() * 12) }, () => Math.floor(next() * bytes.length));
			expect(await events(splitAt(bytes, cuts))).toEqual(whole);
		}
	});

	it("treats CRLF as one line end, also when CR and LF arrive in different chunks", async () => {
		expect(await events(["data: a\r", "\n\r", "\ndata: b\r\n\r\n"])).toEqual([
			{ event: "message", data: "a" },
			{ event: "message", data: "b" },
		]);
	});

	it("keeps a pending CR across an empty chunk", async () => {
		expect(await events(["data: a\r", new Uint8Array(0), "\ndata: b\r\n\r\n"])).toEqual([
			{ event: "message", data: "a\nb" },
		]);
	});

	it("accepts bare CR line ends", async () => {
		expect(await events(["data: a\r\rdata: b\r\r"])).toEqual([
			{ event: "message", data: "a" },
			{ event: "message", data: "b" },
		]);
	});

	it("joins multi-line data with LF", async () => {
		expect(await events(['data: {"a":\ndata: 1}\n\n'])).toEqual([{ event: "message", data: '{"a":\n1}' }]);
	});

	it("skips comments and unknown fields; takes data without a space after the colon", async () => {
		expect(await events([": keep-alive\nid: 7\nretry: 100\ndata:tight\nfoo: bar\n\n"])).toEqual([
			{ event: "message", data: "tight" },
		]);
	});

	it("does not dispatch an event with empty data (or none)", async () => {
		expect(await events(["data:\n\nevent: ping\n\n\n\ndata: x\n\n"])).toEqual([{ event: "message", data: "x" }]);
	});

	it("keeps a last event that has no blank line after it", async () => {
		expect(await events(["data: a\n\ndata: [DONE]"])).toEqual([
			{ event: "message", data: "a" },
			{ event: "message", data: "[DONE]" },
		]);
		expect(await events(["data: a\n"])).toEqual([{ event: "message", data: "a" }]);
	});

	it("ignores a byte-order mark at the start", async () => {
		expect(await events([new Uint8Array([0xef, 0xbb]), new Uint8Array([0xbf]), "data: x\n\n"])).toEqual([
			{ event: "message", data: "x" },
		]);
	});

	it("drops one byte-order mark at the start and keeps any other", async () => {
		const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
		// The first read is short and ends in ASCII, so the decoder takes it whole: the mark goes all the same.
		// A later mark is text: it turns "data" into an unknown field name, so that event has no data.
		expect(await events([bom, "data: x\n\n", bom, "data: y\n\n"])).toEqual([{ event: "message", data: "x" }]);
		expect(await events(["data: x\n\n", "data: \uFEFFy\n\n"])).toEqual([
			{ event: "message", data: "x" },
			{ event: "message", data: "\uFEFFy" },
		]);
	});

	it("decodes long and short reads alike, with characters cut at either", async () => {
		// Long reads (over 1 KiB) go through the streaming decoder, short ones ending in ASCII are
		// decoded whole: cuts inside characters at every switch between the two must lose nothing.
		const lines = Array.from({ length: 40 }, (_, index) => `data: ${index} ${UNICODE.repeat(1 + (index % 7) * 9)}\n\n`);
		const bytes = encoder.encode(lines.join(""));
		const expected = lines.map((line) => ({ event: "message", data: line.slice(6, -2) }));
		const next = random(7);
		for (let round = 0; round < 50; round++) {
			const cuts: number[] = [];
			for (let at = 0; at < bytes.length; ) {
				at += next() < 0.5 ? 1 + Math.floor(next() * 300) : 1025 + Math.floor(next() * 3000);
				cuts.push(at);
			}
			expect(await events(splitAt(bytes, cuts))).toEqual(expected);
		}
	});

	it("cancels the stream when the reader leaves early", async () => {
		const { stream, cancelled } = byteStream(["data: a\n\n", "data: b\n\n", "data: c\n\n"]);
		for await (const event of readServerSentEvents(stream)) {
			expect(event.data).toBe("a");
			break;
		}
		expect(cancelled()).toBe(true);
	});
});

const server = useFakeServer((server) => {
	mapChatModel(server);
});

const messages = [{ role: "user", content: "Hi" }];
const stream = (options: Record<string, unknown> = {}) =>
	chatCompletionStream(
		{ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", messages },
		{ ...via(server), ...options },
	);
const words = ["Hel", "lo ", "wörld ", "👋", " 世界"];
const text = (chunks: ChatCompletionStreamOutput[]) => chunks.map((chunk) => chunk.choices[0]?.delta.content).join("");

describe("chatCompletionStream through the server", () => {
	it("streams chunks up to [DONE], asking for stream: true", async () => {
		server.route("POST", CHAT_PATH, reply.sse([sseText(words.map((word) => chatChunk(word)))]));
		const { items, error } = await drain(stream());
		expect(error).toBeUndefined();
		expect(text(items)).toBe(words.join(""));
		expect(server.requestsTo(CHAT_PATH)[0]?.json()).toMatchObject({ stream: true, messages });
	});

	for (const size of [1, 2, 3, 7]) {
		it(`reads the stream cut every ${size} byte(s), inside UTF-8 characters and between CR and LF`, async () => {
			const body = sseText(
				words.map((word) => chatChunk(word)),
				{ lineEnd: "\r\n" },
			);
			server.route("POST", CHAT_PATH, reply.sse(splitEvery(body, size), { delayMs: 0 }));
			const { items, error } = await drain(stream());
			expect(error).toBeUndefined();
			expect(text(items)).toBe(words.join(""));
		});
	}

	it("reads multi-line data, comments and keep-alives", async () => {
		const first = JSON.stringify(chatChunk("a"), null, 1).split("\n");
		const body = `: connected\n\n${first.map((line) => `data: ${line}`).join("\n")}\n\n: ping\n\ndata: ${JSON.stringify(chatChunk("b"))}\n\ndata: [DONE]\n\n`;
		server.route("POST", CHAT_PATH, reply.sse(splitEvery(body, 5)));
		const { items, error } = await drain(stream());
		expect(error).toBeUndefined();
		expect(text(items)).toBe("ab");
	});

	it("event: error → Error forwarded from backend", async () => {
		server.route(
			"POST",
			CHAT_PATH,
			reply.sse([sseText([chatChunk("a")], { done: false }), 'event: error\ndata: {"error": "Model overloaded"}\n\n']),
		);
		const { items, error } = await drain(stream());
		expect(text(items)).toBe("a");
		expect(error).toBeInstanceOf(InferenceClientProviderApiError);
		expect((error as Error).message).toBe("Error forwarded from backend: Model overloaded");
	});

	it("event: error with plain text", async () => {
		server.route("POST", CHAT_PATH, reply.sse(["event: error\ndata: upstream timed out\n\n"]));
		const { error } = await drain(stream());
		expect((error as Error).message).toBe("Error forwarded from backend: upstream timed out");
	});

	it("a JSON { error } payload → Error forwarded from backend", async () => {
		server.route("POST", CHAT_PATH, reply.sse(['data: {"error": {"message": "context too long", "code": 400}}\n\n']));
		const { error } = await drain(stream());
		expect(error).toBeInstanceOf(InferenceClientProviderApiError);
		expect((error as Error).message).toBe("Error forwarded from backend: context too long");
	});

	it("a stream that ends before [DONE] is an error, not a quiet end", async () => {
		server.route("POST", CHAT_PATH, reply.sse([sseText([chatChunk("a"), chatChunk("b")], { done: false })]));
		const { items, error } = await drain(stream());
		expect(text(items)).toBe("ab");
		expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
		expect((error as Error).message).toContain("[DONE]");
	});

	it("a connection reset mid-stream is a typed error", async () => {
		const body = sseText([chatChunk("a"), chatChunk("b")], { done: false });
		server.route("POST", CHAT_PATH, reply.sse([body, 'data: {"id": "cut'], { end: "reset" }));
		const { items, error } = await drain(stream());
		expect(text(items)).toBe("ab");
		expect(error).toBeInstanceOf(InferenceClientError);
		expect(error).not.toBeInstanceOf(InferenceClientAbortError);
	});

	it("a non-JSON data line is an output error", async () => {
		server.route("POST", CHAT_PATH, reply.sse(["data: not json\n\n"]));
		const { error } = await drain(stream());
		expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
	});

	it("[DONE] ends the stream even when the server keeps the connection open", async () => {
		server.route("POST", CHAT_PATH, reply.sse([sseText([chatChunk("a")])], { end: "hang" }));
		const { items, error } = await drain(stream());
		expect(error).toBeUndefined();
		expect(text(items)).toBe("a");
	});

	it("an aborted signal mid-stream ends it with the abort error", async () => {
		server.route("POST", CHAT_PATH, reply.sse([sseText([chatChunk("a")], { done: false })], { end: "hang" }));
		const controller = new AbortController();
		const items: ChatCompletionStreamOutput[] = [];
		const error = await rejectionOf(
			(async () => {
				for await (const item of stream({ signal: controller.signal })) {
					items.push(item);
					controller.abort();
				}
			})(),
		);
		expect(text(items)).toBe("a");
		expect(error).toBeInstanceOf(InferenceClientAbortError);
		expect((error as InferenceClientAbortError).reason).toBe("aborted");
	});

	it("a timeout mid-stream ends it with the abort error", async () => {
		server.route("POST", CHAT_PATH, reply.sse([sseText([chatChunk("a")], { done: false })], { end: "hang" }));
		const { items, error } = await drain(stream({ timeout: 500 }));
		expect(text(items)).toBe("a");
		expect(error).toBeInstanceOf(InferenceClientAbortError);
		expect((error as InferenceClientAbortError).reason).toBe("timeout");
	});

	it("a stream read to [DONE] leaves its connection open for the next request", async () => {
		server.route("POST", CHAT_PATH, reply.sse([sseText([chatChunk("a")])]));
		for (let round = 0; round < 4; round++) {
			expect((await drain(stream())).error).toBeUndefined();
			// The answer's end (it comes after [DONE]), a moment for the client to take the connection back,
			// then the next request: over a connection already open, unless the client closed it at [DONE].
			await server.requestsTo(CHAT_PATH).at(-1)?.closed;
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		const [first, ...later] = server.requestsTo(CHAT_PATH);
		const opened = new Set(
			server.requests.filter((request) => request.index <= (first?.index ?? 0)).map((r) => r.clientPort),
		);
		for (const request of later) expect(opened, `port ${request.clientPort}`).toContain(request.clientPort);
	});

	it("leaving the loop early closes the connection", { timeout: 10_000 }, async () => {
		server.route("POST", CHAT_PATH, reply.sse([sseText([chatChunk("a")], { done: false })], { end: "hang" }));
		for await (const item of stream()) {
			expect(item.choices[0]?.delta.content).toBe("a");
			break;
		}
		// The server never ends this answer: only the client dropping the connection closes it.
		await server.requestsTo(CHAT_PATH)[0]?.closed;
	});

	it("sends nothing before the first next(), and nothing at all when closed first", async () => {
		server.route("POST", CHAT_PATH, reply.sse([sseText([chatChunk("a")])]));
		const lazy = stream();
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(server.requestsTo(CHAT_PATH)).toHaveLength(0);
		const first = await lazy.next();
		expect(first.done).toBe(false);
		expect(server.requestsTo(CHAT_PATH)).toHaveLength(1);

		const closed = stream();
		expect(await closed.return(undefined)).toEqual({ value: undefined, done: true });
		expect(await closed.next()).toEqual({ value: undefined, done: true });
		expect(server.requestsTo(CHAT_PATH)).toHaveLength(1);
	});

	it("answers calls made without waiting, in order, then keeps answering done", async () => {
		// A few reads: the calls pile up while the request and each read are in flight.
		const events = words.map((word) => chatChunk(word));
		const body = sseText(events);
		server.route("POST", CHAT_PATH, reply.sse(splitEvery(body, Math.ceil(body.length / 3)), { delayMs: 5 }));
		const iterator = stream();
		const results = await Promise.all(Array.from({ length: words.length + 3 }, () => iterator.next()));
		expect(results.slice(0, words.length).map((result) => result.done)).toEqual(words.map(() => false));
		expect(text(results.slice(0, words.length).map((result) => result.value as ChatCompletionStreamOutput))).toBe(
			words.join(""),
		);
		expect(results.slice(words.length)).toEqual([
			{ value: undefined, done: true },
			{ value: undefined, done: true },
			{ value: undefined, done: true },
		]);
	});

	it("throw() ends the stream with that error and closes the connection", { timeout: 10_000 }, async () => {
		server.route("POST", CHAT_PATH, reply.sse([sseText([chatChunk("a")], { done: false })], { end: "hang" }));
		const iterator = stream();
		expect((await iterator.next()).value?.choices[0]?.delta.content).toBe("a");
		const stop = new Error("stop reading");
		expect(await rejectionOf(iterator.throw(stop))).toBe(stop);
		await server.requestsTo(CHAT_PATH)[0]?.closed;
		expect(await iterator.next()).toEqual({ value: undefined, done: true });
	});

	it("503 before the stream is retried", async () => {
		server.route(
			"POST",
			CHAT_PATH,
			failThenSucceed(2, reply.sse([sseText([chatChunk("ok")])]), reply.status(503, { retryAfter: "0" })),
		);
		const { items, error } = await drain(stream());
		expect(error).toBeUndefined();
		expect(text(items)).toBe("ok");
		expect(server.requestsTo(CHAT_PATH)).toHaveLength(3);
	});

	it("an error status before the stream is a provider error", async () => {
		server.route("POST", CHAT_PATH, reply.error(500, "error-string", "boom"));
		const { error } = await drain(stream());
		expect(error).toBeInstanceOf(InferenceClientProviderApiError);
		expect((error as Error).message).toContain("boom");
	});
});
