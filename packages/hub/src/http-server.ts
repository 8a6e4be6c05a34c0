/**
 * The hub's HTTP server: @hono/node-server's request listener on a node:http
 * server. Requests the listener cannot turn into a Request at all (a raw
 * backslash in the path, a bad Host header) never reach the app; they are
 * answered here in the app's error shape, `{ "error": "…" }`, instead of an
 * empty 400.
 */
import { createServer, type Server } from "node:http";
import { getRequestListener, RequestError } from "@hono/node-server";
import type { Hono } from "hono";
import type { HubEnv } from "./deps.js";

function unparseable(error: unknown): Response {
	const request = error instanceof RequestError;
	const message = request ? `Bad request: ${error.message}` : "Internal server error";
	return new Response(JSON.stringify({ error: message }), {
		status: request ? 400 : 500,
		headers: { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" },
	});
}

/** Listens on host:port (port 0 picks a free one) and resolves once listening. */
export function listenHub(app: Hono<HubEnv>, host: string, port: number): Promise<Server> {
	const server = createServer(getRequestListener(app.fetch, { hostname: host, errorHandler: unparseable }));
	return new Promise((resolve, reject) => {
		server.once("error", reject);
		server.listen(port, host, () => {
			server.off("error", reject);
			resolve(server);
		});
	});
}
