/**
 * A proxy on 127.0.0.1 in front of an upstream hub that can get in the way of one file's bytes,
 * as a slow, broken or lying network does: hold them after the first `at` bytes until released,
 * drop the connection there, or change a byte. Every request is logged with its Range header.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type TapMode =
	| { kind: "pass" }
	/** Sends `at` bytes, then waits for `release()`. */
	| { kind: "hold"; at: number }
	/** Sends `at` bytes, then closes the connection (once: the next request passes). */
	| { kind: "drop"; at: number }
	/** Flips the byte at `at`. */
	| { kind: "corrupt"; at: number };

export interface TappedRequest {
	method: string;
	path: string;
	range?: string;
}

export interface ByteTap {
	url: string;
	log: TappedRequest[];
	/** What happens to the bytes of GETs whose path ends with `path`. */
	tap(path: string, mode: TapMode): void;
	/** Lets held bytes go on. */
	release(): void;
	/** Bytes of tapped responses sent to the client so far. */
	sent: number;
	close(): Promise<void>;
}

export async function startByteTap(upstream: string): Promise<ByteTap> {
	let tapped: { path: string; mode: TapMode } | undefined;
	let released: () => void = () => undefined;
	let release = new Promise<void>((resolve) => {
		released = resolve;
	});
	const server: Server = createServer((incoming, outgoing) => {
		const path = incoming.url ?? "/";
		tap.log.push({ method: incoming.method ?? "", path, range: incoming.headers.range });
		const target = new URL(path, upstream);
		const mode = incoming.method === "GET" && tapped && path.endsWith(tapped.path) ? tapped.mode : undefined;
		if (mode?.kind === "drop" && tapped) tapped = { ...tapped, mode: { kind: "pass" } };
		const forwarded = request(
			target,
			{ method: incoming.method, headers: { ...incoming.headers, host: target.host } },
			async (answer) => {
				outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
				if (!mode || mode.kind === "pass") {
					answer.pipe(outgoing);
					return;
				}
				let offset = 0;
				for await (const piece of answer) {
					let chunk = piece as Buffer;
					if (mode.kind === "corrupt" && mode.at >= offset && mode.at < offset + chunk.length) {
						chunk = Buffer.from(chunk);
						chunk[mode.at - offset] = (chunk[mode.at - offset] ?? 0) ^ 0xff;
					}
					if ((mode.kind === "hold" || mode.kind === "drop") && offset < mode.at && offset + chunk.length >= mode.at) {
						const head = chunk.subarray(0, mode.at - offset);
						await new Promise<void>((resolve) => outgoing.write(head, () => resolve()));
						tap.sent += head.length;
						if (mode.kind === "drop") {
							outgoing.destroy();
							answer.destroy();
							return;
						}
						await release;
						chunk = chunk.subarray(head.length);
						offset += head.length;
					}
					offset += chunk.length;
					tap.sent += chunk.length;
					if (!outgoing.write(chunk)) await new Promise((resolve) => outgoing.once("drain", resolve));
				}
				outgoing.end();
			},
		);
		forwarded.on("error", () => {
			if (!outgoing.headersSent) outgoing.writeHead(502);
			outgoing.end();
		});
		incoming.pipe(forwarded);
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const tap: ByteTap = {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		log: [],
		sent: 0,
		tap(path, mode) {
			tapped = { path, mode };
			tap.sent = 0;
			release = new Promise<void>((resolve) => {
				released = resolve;
			});
		},
		release: () => released(),
		close: () =>
			new Promise<void>((resolve) => {
				released();
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
	return tap;
}
