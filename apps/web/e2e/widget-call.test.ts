/**
 * The widget's calls (lib/widget-call.ts) against a real HTTP server on
 * 127.0.0.1 playing the hub, for what the sample hub cannot show from a
 * browser today: a loading model (503, retried) reported as progress, a rate
 * limit shown at once with its wait, the server's own message and code, and a
 * stream that Stop really closes.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoadingProgress, runWidget, streamChat, WidgetError, type WidgetValues } from "../lib/widget-call";

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

let server: Server;
let origin: string;
let handler: Handler = (_request, response) => response.end();
const seen: { method: string; url: string; authorization?: string }[] = [];

beforeAll(async () => {
	server = createServer(async (request, response) => {
		let body = "";
		for await (const chunk of request) body += chunk;
		// Every call first looks up the model's mapping on the hub.
		if (request.url?.startsWith("/api/models/")) {
			const model = decodeURIComponent(request.url.slice("/api/models/".length).split("?")[0] ?? "");
			response.setHeader("content-type", "application/json");
			response.end(
				JSON.stringify({
					_id: "1",
					id: model,
					inferenceProviderMapping: {
						"hf-inference": {
							providerId: model,
							task: model.endsWith("chat") ? "conversational" : "text-classification",
							status: "live",
						},
					},
				}),
			);
			return;
		}
		seen.push({ method: request.method ?? "", url: request.url ?? "", authorization: request.headers.authorization });
		handler(request, response, body);
	});
	server.listen(0, "127.0.0.1");
	await once(server, "listening");
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
});

const values = (text: string): WidgetValues => ({ text, context: "", labels: "", sentences: [], json: "", table: "" });

function context(onLoading: (progress: LoadingProgress) => void = () => {}, signal = new AbortController().signal) {
	return { model: "acme/sentiment", provider: "hf-inference", task: "text-classification", signal, onLoading, origin };
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
	response.writeHead(status, { "content-type": "application/json", ...headers });
	response.end(JSON.stringify(body));
}

describe("widget calls", () => {
	it("reports a loading model as progress and shows the answer once it is ready, sending no token", async () => {
		let calls = 0;
		handler = (_request, response) => {
			calls++;
			if (calls === 1)
				json(
					response,
					503,
					{ error: "Model acme/sentiment is currently loading", estimated_time: 12.5 },
					{ "retry-after": "0" },
				);
			else
				json(response, 200, [
					[
						{ label: "NEGATIVE", score: 0.2 },
						{ label: "POSITIVE", score: 0.8 },
					],
				]);
		};
		seen.length = 0;
		const progress: LoadingProgress[] = [];
		const result = await runWidget(
			"text-labels",
			values("I love it"),
			context((update) => progress.push(update)),
		);
		expect(result).toEqual({
			type: "labels",
			rows: [
				{ label: "POSITIVE", score: 0.8 },
				{ label: "NEGATIVE", score: 0.2 },
			],
		});
		expect(progress).toHaveLength(1);
		expect(progress[0]?.estimatedSeconds).toBe(12.5);
		expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
			"POST /hf-inference/models/acme/sentiment",
			"POST /hf-inference/models/acme/sentiment",
		]);
		expect(seen.every((request) => request.authorization === undefined)).toBe(true);
	});

	it("shows a rate limit at once, with the server's message, code and wait", async () => {
		let calls = 0;
		handler = (_request, response) => {
			calls++;
			json(
				response,
				429,
				{ error: "Too many anonymous requests from your address" },
				{ "retry-after": "30", "x-error-code": "RateLimited" },
			);
		};
		const failure = await runWidget("text-labels", values("hello"), context()).catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(WidgetError);
		expect(failure).toMatchObject({
			message: "Too many anonymous requests from your address",
			code: "RateLimited",
			status: 429,
			retryAfterSeconds: 30,
		});
		expect(calls).toBe(1);
	});

	it("keeps a refusal's own words", async () => {
		handler = (_request, response) =>
			json(response, 400, { error: "Model acme/sentiment cannot run on this hub: no engine for it" });
		const failure = await runWidget("text-labels", values("hello"), context()).catch((error: unknown) => error);
		expect(failure).toMatchObject({
			message: "Model acme/sentiment cannot run on this hub: no engine for it",
			status: 400,
		});
	});

	it("refuses empty input before calling anyone", async () => {
		seen.length = 0;
		const failure = await runWidget("text-labels", values("   "), context()).catch((error: unknown) => error);
		expect(failure).toMatchObject({ code: "NoInput" });
		expect(seen).toHaveLength(0);
	});

	it("streams a chat answer piece by piece, of the length asked for, and Stop closes the connection", async () => {
		let closed: Promise<unknown> = Promise.resolve();
		let asked: unknown;
		handler = (request, response, body) => {
			asked = JSON.parse(body);
			response.writeHead(200, { "content-type": "text/event-stream" });
			const chunk = (content: string) =>
				`data: ${JSON.stringify({ id: "1", created: 1, model: "m", choices: [{ index: 0, delta: { content } }] })}\n\n`;
			response.write(chunk("Dawn "));
			response.write(chunk("Loaf"));
			// Then nothing more until the client goes away: only Stop can end this answer.
			closed = once(request.socket, "close");
		};
		const controller = new AbortController();
		const pieces: string[] = [];
		const chat = streamChat(
			[{ role: "user", content: "Name a bakery" }],
			{
				...context(undefined, controller.signal),
				model: "acme/chat",
				task: "conversational",
			},
			64,
		);
		const failure = await (async () => {
			for await (const piece of chat) {
				pieces.push(piece);
				if (pieces.length === 2) controller.abort();
			}
		})().catch((error: unknown) => error);
		expect(pieces).toEqual(["Dawn ", "Loaf"]);
		expect(failure).toMatchObject({ code: "Aborted" });
		await closed;
		expect(seen.at(-1)?.url).toBe("/hf-inference/models/acme/chat/v1/chat/completions");
		expect(asked).toMatchObject({
			max_tokens: 64,
			stream: true,
			messages: [{ role: "user", content: "Name a bakery" }],
		});
	});
});
