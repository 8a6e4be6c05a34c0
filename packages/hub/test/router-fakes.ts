/**
 * Test doubles for the router's tests: fake providers that are real HTTP
 * servers on 127.0.0.1 and record what reaches them, a router served the same
 * way, and a logger that keeps every line.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { afterEach } from "vitest";
import { type RouterDeps, type RouterLogger, routerRoutes } from "../src/router/index.js";

export const USER_TOKEN = "hf_user_secret_token_0123456789";
export const OPERATOR_KEY = "sk-operator-secret-key-9876543210";

export interface ReceivedRequest {
	method: string;
	url: string;
	headers: IncomingMessage["headers"];
	body: string;
}

export type FakeHandler = (request: ReceivedRequest, response: ServerResponse, raw: IncomingMessage) => void;

export interface FakeProvider {
	url: string;
	received: ReceivedRequest[];
	close(): Promise<void>;
}

/** A provider on 127.0.0.1 that records each request, then lets `handle` answer it. */
export async function fakeProvider(handle: FakeHandler): Promise<FakeProvider> {
	const received: ReceivedRequest[] = [];
	const server = createServer((raw, response) => {
		const chunks: Buffer[] = [];
		raw.on("data", (chunk: Buffer) => chunks.push(chunk));
		raw.on("end", () => {
			const request = {
				method: raw.method ?? "",
				url: raw.url ?? "",
				headers: raw.headers,
				body: Buffer.concat(chunks).toString("utf8"),
			};
			received.push(request);
			handle(request, response, raw);
		});
	});
	const url = await listenOn(server);
	return { url, received, close: () => closeServer(server) };
}

/** Answers every request with `status` and `body` as JSON. */
export function answerJson(status: number, body: unknown, headers: Record<string, string> = {}): FakeHandler {
	return (_request, response) => {
		response.writeHead(status, { "content-type": "application/json", ...headers });
		response.end(JSON.stringify(body));
	};
}

export interface Served {
	url: string;
	close(): Promise<void>;
}

/** Serves a Hono app on 127.0.0.1 with the Node adapter, as the hub does. */
export async function serveApp(app: Hono): Promise<Served> {
	const server = await new Promise<Server>((resolve) => {
		const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started as Server));
	});
	const { port } = server.address() as AddressInfo;
	return { url: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

export interface RecordingLogger extends RouterLogger {
	lines: string[];
}

export function recordingLogger(): RecordingLogger {
	const lines: string[] = [];
	const keep = (message: string, error?: unknown) => {
		lines.push(error === undefined ? message : `${message} ${String(error)}`);
	};
	return { lines, info: keep, warn: keep, error: keep };
}

/** Router deps where USER_TOKEN belongs to "alice" and every other token is unknown. */
export function testDeps(overrides: Partial<RouterDeps> = {}): RouterDeps {
	return {
		providerKeys: {},
		authenticate: async (token) => (token === USER_TOKEN ? { user: "alice" } : undefined),
		...overrides,
	};
}

/** Deps for a router whose `together` goes to `provider` with OPERATOR_KEY. */
export function togetherDeps(
	provider: FakeProvider,
	logger?: RouterLogger,
	extra: Partial<RouterDeps> = {},
): RouterDeps {
	return testDeps({
		providerKeys: { together: { key: OPERATOR_KEY } },
		providerBaseUrls: { together: provider.url },
		...(logger ? { logger } : {}),
		...extra,
	});
}

/** Returns `track`: servers it is given are closed after each test of the calling file. */
export function closeAfterEach(): <T extends FakeProvider | Served>(server: Promise<T>) => Promise<T> {
	const open: Array<FakeProvider | Served> = [];
	afterEach(async () => {
		await Promise.all(open.splice(0).map((server) => server.close()));
	});
	return async (server) => {
		const started = await server;
		open.push(started);
		return started;
	};
}

/** The router alone on a real server. */
export async function serveRouter(deps: RouterDeps): Promise<Served> {
	return serveApp(routerRoutes(deps));
}

export function userHeaders(extra: Record<string, string> = {}): Record<string, string> {
	return { authorization: `Bearer ${USER_TOKEN}`, ...extra };
}

async function listenOn(server: Server): Promise<string> {
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return `http://127.0.0.1:${port}`;
}

function closeServer(server: Server): Promise<void> {
	server.closeAllConnections();
	return new Promise((resolve) => server.close(() => resolve()));
}
