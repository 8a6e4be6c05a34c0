#!/usr/bin/env node
/**
 * A loopback stand-in for a hub and its router, run as its own process (fork
 * this file) so it never shares an event loop with the client being measured.
 * Listens on 127.0.0.1 only, on a free port it reports to the parent as
 * `{ port }`. What it answers is in ./routes.mjs; a chat completion asked
 * for as a stream (`"stream":true` in the body) is answered with the
 * server-sent events of ./sse-fixture.mjs, `--stream-events N` chunks (16 by
 * default) and `[DONE]`, in one write. The parent may send
 * "stats" to get the request count per route, or "reset" to zero it. The
 * server exits when the parent goes away.
 */
import { createServer } from "node:http";
import { option } from "./harness.mjs";
import { route } from "./routes.mjs";
import { makeEvents } from "./sse-fixture.mjs";

const STREAM = Buffer.from(makeEvents(option("stream-events", 16)).events.join(""));

const stats = {};
const count = (route) => {
	stats[route] = (stats[route] ?? 0) + 1;
};

function answer(res, status, body) {
	res.writeHead(status, { "content-type": "application/json", "content-length": body.length });
	res.end(body);
}

const server = createServer((req, res) => {
	// Read the request body before answering, as a real server does.
	const chunks = [];
	req.on("data", (chunk) => chunks.push(chunk));
	req.on("end", () => {
		const { status, body, name } = route(req.method, req.url ?? "/", Boolean(req.headers.authorization));
		if (status === 200 && name.endsWith("/chat/completions") && Buffer.concat(chunks).includes('"stream":true')) {
			count(`${name} (stream)`);
			res.writeHead(200, { "content-type": "text/event-stream", "content-length": STREAM.length });
			res.end(STREAM);
			return;
		}
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
