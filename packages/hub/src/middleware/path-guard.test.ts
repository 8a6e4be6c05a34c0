/**
 * The path guard judges the request target as the client sent it. Over real
 * HTTP the requests are written on a raw socket: fetch (and any URL parser)
 * would resolve `..` and `%2e%2e` segments before the request left, which is
 * exactly what the guard must not rely on.
 */
import { connect } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HubEnv } from "../deps.js";
import { listenHub } from "../http-server.js";
import { silentLogger } from "../logger.js";
import { errorHandler } from "./errors.js";
import { pathGuard } from "./path-guard.js";

function guardedApp(): Hono<HubEnv> {
	const app = new Hono<HubEnv>();
	app.use("*", pathGuard());
	// Echoes the path the routes would see, so a test can tell "passed the guard" from "refused".
	app.get("*", (c) => c.json({ path: new URL(c.req.url).pathname }));
	app.onError(errorHandler(silentLogger));
	return app;
}

/** Sends `GET <target> HTTP/1.1` byte for byte and reads the whole answer. */
function rawRequest(port: number, target: string): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		const socket = connect(port, "127.0.0.1", () => {
			socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
		});
		let answer = "";
		socket.setEncoding("utf8");
		socket.on("data", (chunk: string) => {
			answer += chunk;
		});
		socket.on("error", reject);
		socket.on("end", () => {
			const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
			const body = answer.slice(answer.indexOf("\r\n\r\n") + 4);
			// Hono answers with chunked encoding only for streams; JSON bodies carry Content-Length.
			resolve({ status, body });
		});
	});
}

const DOT_SEGMENTS = [
	"/acme/tiny/resolve/main/onnx/%2e%2e/config.json",
	"/acme/tiny/resolve/main/onnx/%2E%2E/config.json",
	"/acme/tiny/resolve/main/onnx/.%2e/config.json",
	"/acme/tiny/resolve/main/onnx/%2e./config.json",
	"/acme/tiny/resolve/main/onnx/../config.json",
	"/acme/tiny/resolve/main/./config.json",
	"/acme/tiny/resolve/main/%2e/config.json",
	"/acme/tiny/resolve/main/onnx/..",
	"/acme/tiny/resolve/main/onnx/%2e%2e",
	"/acme/tiny/resolve/main/onnx/%2e%2e?download=true",
	"/api/models/acme/tiny/tree/main/%2e%2e/%2e%2e",
];

describe("path guard over real HTTP", () => {
	let server: Awaited<ReturnType<typeof listenHub>>;
	let port: number;
	beforeAll(async () => {
		server = await listenHub(guardedApp(), "127.0.0.1", 0);
		port = (server.address() as { port: number }).port;
	});
	afterAll(async () => {
		await new Promise<void>((done) => server.close(() => done()));
	});

	it.each(DOT_SEGMENTS)("refuses the dot segments in %s with a JSON 400", async (target) => {
		const response = await rawRequest(port, target);
		expect(response.status).toBe(400);
		expect(JSON.parse(response.body)).toEqual({ error: "Path segments '.' and '..' are not allowed" });
	});

	it("refuses dot segments in an absolute-form request target too", async () => {
		const response = await rawRequest(port, `http://127.0.0.1:${port}/acme/tiny/resolve/main/onnx/%2e%2e/config.json`);
		expect(response.status).toBe(400);
	});

	it("lets ordinary paths through, dots inside names included", async () => {
		for (const target of [
			"/acme/tiny/resolve/main/onnx/config.json",
			"/acme/tiny.v2/resolve/main/..hidden/x",
			"/acme/tiny/resolve/main/a...b",
		]) {
			const response = await rawRequest(port, target);
			expect(response.status, target).toBe(200);
			expect(JSON.parse(response.body)).toEqual({ path: target });
		}
	});
});

describe("path guard in process (app.request, no socket)", () => {
	const app = guardedApp();

	it("falls back to the request URL: what reaches the app is still checked", async () => {
		// A Request built from a string resolves dot segments first; encoded slashes keep them in one segment.
		const resolved = await app.request("http://hub.test/acme/tiny/resolve/main/onnx/%2e%2e/config.json");
		expect(await resolved.json()).toEqual({ path: "/acme/tiny/resolve/main/config.json" });
		const hidden = await app.request("http://hub.test/acme/tiny/resolve/main/onnx%2F%2e%2e%2Fconfig.json");
		expect(hidden.status).toBe(400);
		const ok = await app.request("http://hub.test/acme/tiny/resolve/main/config.json");
		expect(ok.status).toBe(200);
	});
});
