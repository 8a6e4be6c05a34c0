/**
 * A small loopback load balancer for bench/multi-hub.mjs, in its own process: each request
 * goes to the next upstream in turn over kept-alive connections, body and answer streamed
 * through. Not a production balancer (deploy/ uses nginx): just enough to put N hubs behind
 * one address on this machine. `node round-robin-balancer.mjs URL [URL …]` prints
 * `listening on URL` once ready.
 */
import { Agent, createServer, request } from "node:http";

const upstreams = process.argv.slice(2).map((url) => new URL(url));
if (upstreams.length === 0) throw new Error("give the upstream URLs");
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

const server = createServer((incoming, outgoing) => {
	const upstream = upstreams[next++ % upstreams.length];
	const forwarded = request(
		{
			host: upstream.hostname,
			port: upstream.port,
			method: incoming.method,
			path: incoming.url,
			headers: { ...incoming.headers, "x-forwarded-for": incoming.socket.remoteAddress ?? "" },
			agent,
		},
		(answer) => {
			outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(outgoing);
		},
	);
	forwarded.on("error", () => {
		if (!outgoing.headersSent) outgoing.writeHead(502);
		outgoing.end();
	});
	incoming.pipe(forwarded);
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => {
	console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
