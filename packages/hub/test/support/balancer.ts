/**
 * A round-robin HTTP proxy on 127.0.0.1 in front of several hubs, as a load balancer is in
 * production: each request goes to the next backend in turn, whatever connection it came on, and
 * the balancer remembers which backend took it, so a test can tell that both hubs served a flow.
 * A test may hold one request back (`hold`) to make something else happen first, in the window a
 * race leaves between two requests of one client.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface BalancedRequest {
	method: string;
	path: string;
	/** Index in `backends` of the hub that took the request. */
	backend: number;
	/** The hub's status, once it answered. */
	status?: number;
}

export interface Balancer {
	url: string;
	backends: string[];
	/** One entry per request, in arrival order. */
	log: BalancedRequest[];
	/** Called before a request is forwarded; the request waits for the promise it returns. */
	hold?: (request: BalancedRequest) => Promise<void> | undefined;
	close(): Promise<void>;
}

export async function startBalancer(): Promise<Balancer> {
	const backends: string[] = [];
	const log: Balancer["log"] = [];
	let next = 0;
	const server: Server = createServer(async (incoming, outgoing) => {
		const backend = next++ % backends.length;
		const entry: BalancedRequest = { method: incoming.method ?? "", path: incoming.url ?? "", backend };
		log.push(entry);
		// The body waits unread meanwhile; a failed hold still forwards, so the client never hangs.
		await balancer.hold?.(entry)?.catch(() => undefined);
		const target = new URL(incoming.url ?? "/", backends[backend]);
		const forwarded = request(
			target,
			{ method: incoming.method, headers: { ...incoming.headers, host: target.host } },
			(answer) => {
				entry.status = answer.statusCode;
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
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const balancer: Balancer = {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		backends,
		log,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
	return balancer;
}
