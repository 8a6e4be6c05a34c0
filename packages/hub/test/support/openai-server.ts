/**
 * A small OpenAI-compatible inference server (the contract vLLM, TGI, llama.cpp's server and
 * Ollama speak) on its own http.Server on 127.0.0.1, standing in for one in the endpoint tests.
 * It keeps every request it gets (path, Authorization, body) and answers by the model name sent
 * upstream, so a test knows each answer in advance:
 *
 *   any other name  `/chat/completions`: "echo: {last message}"; `/completions`: "{prompt} → done"
 *   `fail-500`      500 in vLLM's error shape
 *   `busy-429`      429 with `Retry-After: 7`, in llama.cpp's shape
 *   `silent`        never answers (the hub's first-byte deadline ends it)
 *   `cut-stream`    a stream that stops after its first event, connection reset
 *
 * With `stream: true` it sends the reply one word per event; the events after the first wait
 * for `releaseStream()`, so a test can see the first arrive before the rest are even sent.
 * With `apiKey`, a request without `Authorization: Bearer {apiKey}` gets a 401.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface OpenAIRequest {
	path: string;
	authorization: string | undefined;
	/** The body's declared length (undefined: sent in chunks). */
	contentLength: string | undefined;
	body: Record<string, unknown>;
}

export interface OpenAIServer {
	/** `http://127.0.0.1:{port}/v1`, what an OpenAI client takes as its base URL. */
	baseUrl: string;
	requests: OpenAIRequest[];
	/** Resolves once a stream's first event is written. */
	firstEventSent(): Promise<void>;
	/** Lets a waiting stream send the rest. */
	releaseStream(): void;
	close(): Promise<void>;
}

export async function startOpenAIServer(options: { apiKey?: string } = {}): Promise<OpenAIServer> {
	const requests: OpenAIRequest[] = [];
	let firstSent = deferred();
	let release = deferred();
	const server = createServer((raw, response) => {
		const chunks: Buffer[] = [];
		raw.on("data", (chunk: Buffer) => chunks.push(chunk));
		raw.on("end", () => {
			let body: Record<string, unknown> = {};
			try {
				body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
			} catch {
				// answered below as a 400
			}
			const path = (raw.url ?? "").split("?")[0] ?? "";
			requests.push({
				path,
				authorization: raw.headers.authorization,
				contentLength: raw.headers["content-length"],
				body,
			});
			void answer(raw, response, path, body);
		});
	});
	const sockets = new Set<import("node:net").Socket>();
	server.on("connection", (socket) => {
		sockets.add(socket);
		socket.on("close", () => sockets.delete(socket));
	});

	async function answer(raw: IncomingMessage, response: ServerResponse, path: string, body: Record<string, unknown>) {
		if (options.apiKey && raw.headers.authorization !== `Bearer ${options.apiKey}`) {
			return json(response, 401, { error: { message: "Invalid API key", type: "invalid_request_error" } });
		}
		const model = String(body.model ?? "");
		if (path !== "/v1/chat/completions" && path !== "/v1/completions") {
			return json(response, 404, { detail: "Not Found" });
		}
		if (model === "fail-500") {
			return json(response, 500, { object: "error", message: "CUDA out of memory", type: "InternalServerError" });
		}
		if (model === "busy-429") {
			return json(
				response,
				429,
				{ error: { code: 429, message: "server busy", type: "unavailable_error" } },
				{
					"retry-after": "7",
				},
			);
		}
		if (model === "silent") return;
		const chat = path === "/v1/chat/completions";
		const text = chat ? `echo: ${lastMessage(body.messages)}` : `${String(body.prompt)} → done`;
		if (body.stream !== true) {
			return json(
				response,
				200,
				chat
					? {
							id: "chatcmpl-fixture",
							object: "chat.completion",
							created: 1_700_000_000,
							model,
							choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
						}
					: {
							id: "cmpl-fixture",
							object: "text_completion",
							created: 1_700_000_000,
							model,
							choices: [{ index: 0, text, finish_reason: "stop" }],
						},
			);
		}
		response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
		const words = text.split(" ").map((word, index) => (index === 0 ? word : ` ${word}`));
		const event = (piece: string, finish: string | null) =>
			`data: ${JSON.stringify(
				chat
					? {
							id: "chatcmpl-fixture",
							object: "chat.completion.chunk",
							created: 1_700_000_000,
							model,
							choices: [{ index: 0, delta: { content: piece }, finish_reason: finish }],
						}
					: {
							id: "cmpl-fixture",
							object: "text_completion",
							created: 1_700_000_000,
							model,
							choices: [{ index: 0, text: piece, finish_reason: finish }],
						},
			)}\n\n`;
		if (model === "cut-stream") {
			// Once the first event is on its way, the connection goes without an end to the answer.
			response.write(event(words[0] ?? "", null), () => response.socket?.destroy());
			return;
		}
		response.write(event(words[0] ?? "", null));
		firstSent.resolve();
		await release.promise;
		for (const word of words.slice(1)) response.write(event(word, null));
		response.write(event("", "stop"));
		response.end("data: [DONE]\n\n");
	}

	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		requests,
		firstEventSent: () => firstSent.promise,
		releaseStream() {
			release.resolve();
			// The next stream waits again.
			firstSent = deferred();
			release = deferred();
		},
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
	response.writeHead(status, { "content-type": "application/json", ...headers });
	response.end(JSON.stringify(body));
}

function lastMessage(messages: unknown): string {
	const last = Array.isArray(messages) ? messages.at(-1) : undefined;
	return typeof last?.content === "string" ? last.content : "";
}

function deferred() {
	let resolve: () => void = () => {};
	const promise = new Promise<void>((done) => {
		resolve = done;
	});
	return { promise, resolve };
}
