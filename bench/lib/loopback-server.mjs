#!/usr/bin/env node
/**
 * A loopback stand-in for a hub and its router, run as its own process (fork
 * this file) so it never shares an event loop with the client being measured.
 * Listens on 127.0.0.1 only, on a free port it reports to the parent as
 * `{ port }`. What it answers is in ./routes.mjs. The parent may send
 * "stats" to get the request count per route, or "reset" to zero it. The
 * server exits when the parent goes away.
 */
import { createServer } from "node:http";
import { route } from "./routes.mjs";

const stats = {};
const count = (route) => {
	stats[route] = (stats[route] ?? 0) + 1;
};

function answer(res, status, body) {
	res.writeHead(status, { "content-type": "application/json", "content-length": body.length });
	res.end(body);
}

const server = createServer((req, res) => {
	// Read (and drop) the request body before answering, as a real server does.
	req.on("data", () => {});
	req.on("end", () => {
		const { status, body, name } = route(req.method, req.url ?? "/", Boolean(req.headers.authorization));
		count(name);
		answer(res, status, body);
	});
});
server.keepAliveTimeout = 60_000;
server.headersTimeout = 61_000;

server.listen(0, "127.0.0.1", () => {
	process.send?.({ port: server.address().port });
});

process.on("message", (message) => {
	if (message === "stats") process.send?.({ stats: { ...stats } });
	if (message === "reset") for (const key of Object.keys(stats)) delete stats[key];
});
process.on("disconnect", () => process.exit(0));
