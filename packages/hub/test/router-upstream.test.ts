/**
 * Provider calls that go wrong at each phase, against real servers on
 * 127.0.0.1: a provider that never finishes the TLS handshake, never answers,
 * goes quiet mid-body, breaks a stream, or sends a body that does not decode.
 * The timeouts are short so the tests end quickly; nothing here measures time.
 */
import { createServer, type Server, type Socket } from "node:net";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { UpstreamTimeouts } from "../src/router/index.js";
import {
	closeAfterEach,
	type FakeHandler,
	fakeProvider,
	OPERATOR_KEY,
	recordingLogger,
	serveRouter,
	testDeps,
	USER_TOKEN,
	userHeaders,
} from "./router-fakes.js";

const track = closeAfterEach();

const QUICK: UpstreamTimeouts = { connectMs: 300, firstByteMs: 300, idleMs: 300 };

/** A router whose `together` lives at `baseUrl`, with the given deadlines. */
async function routerTo(baseUrl: string, timeouts: UpstreamTimeouts = QUICK) {
	const logger = recordingLogger();
	const router = await track(
		serveRouter(
			testDeps({
				providerKeys: { together: { key: OPERATOR_KEY } },
				providerBaseUrls: { together: baseUrl },
				upstreamTimeouts: timeouts,
				logger,
			}),
		),
	);
	return { router, logger };
}

async function providerAnswering(handle: FakeHandler) {
	const provider = await track(fakeProvider(handle));
	return routerTo(provider.url);
}

function chat(url: string, body: unknown = {}) {
	return fetch(`${url}/together/v1/chat/completions`, {
		method: "POST",
		headers: userHeaders({ "content-type": "application/json" }),
		body: JSON.stringify(body),
	});
}

/** A TCP server that accepts connections and never says a word (so TLS never completes). */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
	const sockets = new Set<Socket>();
	const server: Server = createServer((socket) => {
		sockets.add(socket);
		socket.on("error", () => {});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as { port: number };
	return {
		url: `https://127.0.0.1:${port}`,
		close: () =>
			new Promise((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}

async function expectError(response: Response, status: number, code: string, message: RegExp) {
	expect(response.status).toBe(status);
	expect(response.headers.get("x-error-code")).toBe(code);
	expect((await response.json()).error).toMatch(message);
}

/** The whole body of a response, as text. */
async function text(response: Response): Promise<string> {
	return new TextDecoder().decode(await response.arrayBuffer());
}

describe("provider timeouts", () => {
	it("answers 504 when the provider never completes the connection (TLS handshake)", async () => {
		const silent = await silentServer();
		try {
			const { router, logger } = await routerTo(silent.url);
			await expectError(await chat(router.url), 504, "UpstreamTimeout", /together timed out \(connect\)/);
			expect(logger.lines.join("\n")).toContain("connect-timeout");
		} finally {
			await silent.close();
		}
	});

	it("answers 504 when the provider takes the request and never answers", async () => {
		const { router } = await providerAnswering(() => {});
		await expectError(await chat(router.url), 504, "UpstreamTimeout", /timed out \(first byte\)/);
	});

	it("answers 504 when a non-streamed answer goes quiet halfway", async () => {
		const { router } = await providerAnswering((_request, response) => {
			response.writeHead(200, { "content-type": "application/json" });
			response.write('{"id": "chatcmpl-1", "choi');
		});
		await expectError(await chat(router.url), 504, "UpstreamTimeout", /timed out \(idle\)/);
	});

	it("does not cut an answer that takes longer than the first-byte deadline but keeps talking", async () => {
		const provider = await track(
			fakeProvider((_request, response) => {
				response.writeHead(200, { "content-type": "text/event-stream" });
				let sent = 0;
				const next = () => {
					if (sent === 6) return void response.end("data: [DONE]\n\n");
					response.write(`data: {"n":${sent++}}\n\n`);
					setTimeout(next, 100);
				};
				next();
			}),
		);
		const { router } = await routerTo(provider.url, { connectMs: 5000, firstByteMs: 150, idleMs: 10_000 });
		const body = await text(await chat(router.url, { stream: true }));
		expect(body).toBe(`${[0, 1, 2, 3, 4, 5].map((n) => `data: {"n":${n}}\n\n`).join("")}data: [DONE]\n\n`);
	});

	it("ends a stream that goes quiet with an SSE error event", async () => {
		const { router } = await providerAnswering((_request, response) => {
			response.writeHead(200, { "content-type": "text/event-stream" });
			response.write('data: {"n":1}\n\n');
		});
		const response = await chat(router.url, { stream: true });
		expect(response.status).toBe(200);
		const body = await text(response);
		expect(body.startsWith('data: {"n":1}\n\n')).toBe(true);
		expect(lastEvent(body)).toEqual({
			event: "error",
			data: { error: "The provider went quiet before the answer was complete" },
		});
	});
});

/** The last SSE event of a body: its `event` name and JSON `data`. */
function lastEvent(body: string): { event: string | undefined; data: unknown } {
	const events = body.split("\n\n").filter((block) => block.trim() !== "");
	const lines = (events.at(-1) ?? "").split("\n");
	const event = lines.find((line) => line.startsWith("event: "))?.slice(7);
	const data = lines.find((line) => line.startsWith("data: "))?.slice(6) ?? "null";
	return { event, data: JSON.parse(data) };
}

describe("broken answers", () => {
	it("turns a corrupt gzip body into a 502, not a truncated 200", async () => {
		const { router, logger } = await providerAnswering((_request, response) => {
			const good = gzipSync(JSON.stringify({ id: "chatcmpl-1", choices: [] }));
			// A valid gzip header, then bytes that are not deflate data.
			const corrupt = Buffer.concat([good.subarray(0, 10), Buffer.from("this is not deflate data at all")]);
			response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
			response.end(corrupt);
		});
		await expectError(await chat(router.url), 502, "UpstreamUndecodable", /could not be decoded/);
		expect(logger.lines.join("\n")).toMatch(/undecodable \(Z_/);
	});

	it("decodes a well-formed gzip body and answers it plain", async () => {
		const { router } = await providerAnswering((_request, response) => {
			response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
			response.end(gzipSync(JSON.stringify({ id: "chatcmpl-1", choices: [] })));
		});
		const response = await chat(router.url);
		expect(response.status).toBe(200);
		expect(response.headers.get("content-encoding")).toBeNull();
		expect(await response.json()).toEqual({ id: "chatcmpl-1", choices: [] });
	});

	it("refuses an encoding it cannot read with a 502", async () => {
		const { router } = await providerAnswering((_request, response) => {
			response.writeHead(200, { "content-type": "application/json", "content-encoding": "zstd" });
			response.end("(\u00b5/\u00fd");
		});
		await expectError(await chat(router.url), 502, "UpstreamUndecodable", /could not be decoded/);
	});

	it("ends a stream the provider breaks off with an SSE error event", async () => {
		const { router } = await providerAnswering((_request, response, raw) => {
			response.writeHead(200, { "content-type": "text/event-stream" });
			response.write('data: {"n":1}\n\ndata: {"n":');
			setTimeout(() => raw.socket.destroy(), 20);
		});
		const body = await text(await chat(router.url, { stream: true }));
		expect(body.startsWith('data: {"n":1}\n\ndata: {"n":')).toBe(true);
		expect(lastEvent(body)).toEqual({
			event: "error",
			data: { error: "The provider closed the stream before the answer was complete" },
		});
	});

	it("answers 502 when a non-streamed answer is cut, and logs no secret", async () => {
		const { router, logger } = await providerAnswering((_request, response, raw) => {
			response.writeHead(200, { "content-type": "application/json", "content-length": "500" });
			response.write('{"id": "chatcmpl-1"');
			setTimeout(() => raw.socket.destroy(), 20);
		});
		await expectError(await chat(router.url), 502, "UpstreamUnreachable", /could not be reached/);
		const logged = logger.lines.join("\n");
		expect(logged).not.toContain(OPERATOR_KEY);
		expect(logged).not.toContain(USER_TOKEN);
	});
});
