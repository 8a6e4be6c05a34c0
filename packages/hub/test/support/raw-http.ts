/**
 * A bare TCP connection to an HTTP server, for what fetch cannot do: send half a
 * request, a body that stalls, pipelined requests, or bytes no client would send,
 * and read exactly what came back.
 */
import { connect, type Socket } from "node:net";

export interface RawConnection {
	socket: Socket;
	write(data: string | Uint8Array): void;
	/** Everything received so far, as latin1 text (bytes kept one to one). */
	received(): string;
	/** Resolves once the received text contains `text`. */
	waitFor(text: string): Promise<void>;
	/** Resolves when the server has closed the connection (or it broke), with everything received. */
	closed: Promise<string>;
}

/** `localAddress`: the loopback address to connect from (`127.0.0.2`), to stand for another client. */
export async function rawConnect(url: string, localAddress?: string): Promise<RawConnection> {
	const { hostname, port } = new URL(url);
	const socket = connect({ port: Number(port), host: hostname, ...(localAddress ? { localAddress } : {}) });
	await new Promise<void>((resolve, reject) => {
		socket.once("connect", resolve);
		socket.once("error", reject);
	});
	let text = "";
	const waiters: { text: string; resolve: () => void; reject: (error: Error) => void }[] = [];
	socket.on("data", (chunk: Buffer) => {
		text += chunk.toString("latin1");
		for (const waiter of waiters.filter((item) => text.includes(item.text))) {
			waiters.splice(waiters.indexOf(waiter), 1);
			waiter.resolve();
		}
	});
	// A reset after the server's answer is still a close; the test reads what arrived.
	socket.on("error", () => undefined);
	const closed = new Promise<string>((resolve) => {
		socket.once("close", () => {
			for (const waiter of waiters.splice(0)) {
				waiter.reject(new Error(`closed before ${JSON.stringify(waiter.text)} arrived; got ${JSON.stringify(text)}`));
			}
			resolve(text);
		});
	});
	return {
		socket,
		write: (data) => socket.write(data),
		received: () => text,
		waitFor: (wanted) =>
			text.includes(wanted)
				? Promise.resolve()
				: new Promise<void>((resolve, reject) => waiters.push({ text: wanted, resolve, reject })),
		closed,
	};
}

/** Status lines of every response in `text`, in order (`HTTP/1.1 200 OK` …). */
export function statusLines(text: string): string[] {
	return text.match(/HTTP\/1\.1 \d{3}[^\r\n]*/g) ?? [];
}
