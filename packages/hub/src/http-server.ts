/**
 * The hub's HTTP server: @hono/node-server's request listener on a node:http
 * server, plus what happens before and after the app:
 *
 * - Requests that never become a Request get the app's error shape,
 *   `{ "error": "…" }`, instead of Node's empty answers: ones the listener cannot
 *   turn into a Request (a raw backslash in the path, a bad Host header), an
 *   HTTP/1.1 request without Host, and ones Node's parser refuses (raw non-ASCII
 *   bytes in the path, headers over the size limit, Transfer-Encoding together
 *   with Content-Length), which are written on the socket directly.
 * - Shutdown with a deadline (`shutdown`): see ConnectionTracker.
 * - Held-open connections: one remote address may hold at most `maxConnectionsPerAddress` open
 *   connections (`HUBKIT_MAX_CONNECTIONS_PER_ADDRESS`); past it a new one is answered 429 and
 *   closed. A request whose headers have not all arrived within `headersTimeoutMs` is answered
 *   408 and its connection closed, so a client trickling header bytes cannot keep sockets.
 */
import { randomUUID } from "node:crypto";
import {
	createServer,
	type IncomingMessage,
	maxHeaderSize,
	type Server,
	type ServerResponse,
	STATUS_CODES,
} from "node:http";
import type { Socket } from "node:net";
import { getRequestListener, RequestError } from "@hono/node-server";
import type { Hono } from "hono";
import type { HubEnv } from "./deps.js";
import { rateLimitKey } from "./middleware/anonymous-limit.js";

/** What a shutdown came to: every connection ended by itself, or the grace period ran out and `cut` were closed. */
export type ShutdownOutcome = { drained: true } | { drained: false; cut: number };

export interface HubServer {
	server: Server;
	/**
	 * Stops accepting and closes idle connections at once. Requests in flight are
	 * answered with `Connection: close`; a new request on a connection still open
	 * is not run or answered, and the connection ends after the answers before it.
	 * Resolves when every connection has closed, or after `graceMs`,
	 * when the rest are cut.
	 */
	shutdown(graceMs: number): Promise<ShutdownOutcome>;
}

/** How long a request's headers may take to arrive in full (nginx's `client_header_timeout` is 60 s). */
export const DEFAULT_HEADERS_TIMEOUT_MS = 20_000;

export interface HubServerOptions {
	/** Open connections one remote address may hold; 0: no limit. */
	maxConnectionsPerAddress?: number;
	/** See DEFAULT_HEADERS_TIMEOUT_MS. */
	headersTimeoutMs?: number;
}

const JSON_HEADERS = { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" };

function unparseable(error: unknown): Response {
	const request = error instanceof RequestError;
	const message = request ? `Bad request: ${error.message}` : "Internal server error";
	return new Response(JSON.stringify({ error: message }), { status: request ? 400 : 500, headers: JSON_HEADERS });
}

function sendError(response: ServerResponse, status: number, message: string): void {
	const body = JSON.stringify({ error: message });
	response.writeHead(status, {
		...JSON_HEADERS,
		"Content-Length": Buffer.byteLength(body),
		"X-Request-Id": randomUUID(),
		Connection: "close",
	});
	response.end(body);
}

/** Status and message for an error Node's HTTP parser raised before any request existed. */
function parserErrorAnswer(error: Error & { code?: string; reason?: string }): [number, string] {
	if (error.code === "HPE_HEADER_OVERFLOW") return [431, `Request headers larger than ${maxHeaderSize} bytes`];
	if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return [408, "The request did not arrive in time"];
	// `reason` is the parser's own wording ("Invalid char in url path"): it names no value from the request.
	return [400, `Malformed HTTP request: ${error.reason ?? "the parser refused it"}`];
}

function rawErrorResponse(status: number, message: string, code?: string): string {
	const body = JSON.stringify({ error: message });
	return [
		`HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
		"Content-Type: application/json",
		`Content-Length: ${Buffer.byteLength(body)}`,
		"Access-Control-Allow-Origin: *",
		...(code ? [`X-Error-Code: ${code}`] : []),
		`X-Request-Id: ${randomUUID()}`,
		"Connection: close",
		"",
		body,
	].join("\r\n");
}

/**
 * Knows every open connection and the responses in flight on each, which is what
 * a shutdown needs: idle connections (and ones still sending their headers) can
 * go at once, busy ones after their answers, and only the deadline cuts the rest.
 */
class ConnectionTracker {
	readonly #sockets = new Set<Socket>();
	readonly #busy = new Map<Socket, Set<ServerResponse>>();
	readonly #perAddress = new Map<string, number>();
	/** Connections refused for their address: answered once, and nothing they send is run. */
	readonly #refused = new WeakSet<Socket>();
	readonly #maxPerAddress: number;
	#closing = false;

	constructor(maxPerAddress: number) {
		this.#maxPerAddress = maxPerAddress;
	}

	get closing(): boolean {
		return this.#closing;
	}

	/** Counts a new connection; false when its address already holds the most it may. */
	connected(socket: Socket): boolean {
		// Counted as the anonymous rate limit counts: an IPv6 address by its /64, which one host usually holds.
		const address = rateLimitKey(socket.remoteAddress ?? "");
		const held = this.#perAddress.get(address) ?? 0;
		if (this.#maxPerAddress > 0 && held >= this.#maxPerAddress) {
			this.#refused.add(socket);
			return false;
		}
		this.#perAddress.set(address, held + 1);
		this.#sockets.add(socket);
		socket.once("close", () => {
			this.#sockets.delete(socket);
			this.#busy.delete(socket);
			const left = (this.#perAddress.get(address) ?? 1) - 1;
			if (left > 0) this.#perAddress.set(address, left);
			else this.#perAddress.delete(address);
		});
		return true;
	}

	refused(socket: Socket): boolean {
		return this.#refused.has(socket);
	}

	started(request: IncomingMessage, response: ServerResponse): void {
		const socket = request.socket;
		const responses = this.#busy.get(socket) ?? new Set();
		this.#busy.set(socket, responses);
		responses.add(response);
		if (this.#closing) response.setHeader("Connection", "close");
		response.once("close", () => {
			responses.delete(response);
			if (responses.size > 0) return;
			this.#busy.delete(socket);
			// An answer whose headers went out before the shutdown could not say `Connection: close`.
			if (this.#closing) socket.end();
		});
	}

	/** Whether a request in flight on `socket` still waits for bytes of its body. */
	awaitingBody(socket: Socket): boolean {
		return [...(this.#busy.get(socket) ?? [])].some((response) => !response.req.complete);
	}

	/** Runs `write` once the responses in flight on `socket` are done (a later request's error must follow them). */
	afterResponses(socket: Socket, write: () => void): void {
		const last = [...(this.#busy.get(socket) ?? [])].at(-1);
		if (last) last.once("close", write);
		else write();
	}

	beginShutdown(): void {
		this.#closing = true;
		for (const socket of this.#sockets) {
			const responses = this.#busy.get(socket);
			if (!responses) socket.destroy();
			else for (const response of responses) if (!response.headersSent) response.setHeader("Connection", "close");
		}
	}

	/** Closes whatever is still open; returns how many connections that was. */
	cutAll(): number {
		const count = this.#sockets.size;
		for (const socket of this.#sockets) socket.destroy();
		return count;
	}
}

/** Creates the server and listens on host:port (port 0 picks a free one). */
export function startHubServer(
	app: Hono<HubEnv>,
	host: string,
	port: number,
	options: HubServerOptions = {},
): Promise<HubServer> {
	const listener = getRequestListener(app.fetch, { hostname: host, errorHandler: unparseable });
	const maxPerAddress = options.maxConnectionsPerAddress ?? 0;
	const connections = new ConnectionTracker(maxPerAddress);
	const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
	// Host is checked below, so that its absence gets the JSON answer too. Node checks the header
	// deadline every `connectionsCheckingInterval`, so a slow connection goes within 1.25 deadlines.
	const server = createServer(
		{
			requireHostHeader: false,
			headersTimeout,
			connectionsCheckingInterval: Math.max(Math.floor(headersTimeout / 4), 250),
		},
		(request, response) => {
			if (connections.refused(request.socket)) return;
			// A request that arrives once the shutdown began (pipelined behind an answer in flight) is
			// neither run nor answered: the connection ends after the answers before it, which HTTP
			// lets a client read as "send it again on a new connection". Any status would be read as
			// something else (a 503 as "model loading", retried at once).
			if (connections.closing) return connections.afterResponses(request.socket, () => request.socket.end());
			connections.started(request, response);
			if (request.httpVersion === "1.1" && request.headers.host === undefined) {
				return sendError(response, 400, "Bad request: HTTP/1.1 requests need a Host header");
			}
			listener(request, response);
		},
	);
	server.on("connection", (socket: Socket) => {
		if (connections.connected(socket)) return;
		socket.end(
			rawErrorResponse(
				429,
				`Too many open connections from this address (at most ${maxPerAddress}): close some and try again`,
				"TooManyConnections",
			),
		);
		// Nothing it sends is run. A moment for the answer to reach it before the socket goes: closing
		// at once with its request unread would reset the connection and lose the answer.
		setTimeout(() => socket.destroy(), 1000).unref();
	});
	server.on("clientError", (error: Error & { code?: string }, socket: Socket) => {
		if (connections.refused(socket)) {
			socket.destroy();
			return;
		}
		// A client that ends the connection in the middle of a body (HPE_INVALID_EOF_STATE) will never
		// send the rest: the request reading it must fail now (an upload then keeps nothing), not wait
		// forever for bytes while the answer to the parse error waits for it.
		if (error.code === "ECONNRESET" || !socket.writable || connections.awaitingBody(socket)) {
			socket.destroy();
			return;
		}
		const [status, message] = parserErrorAnswer(error);
		connections.afterResponses(socket, () => {
			if (socket.writable) socket.end(rawErrorResponse(status, message));
			else socket.destroy();
		});
	});

	const drain = async (graceMs: number): Promise<ShutdownOutcome> => {
		const closed = new Promise<void>((resolve) => server.close(() => resolve()));
		connections.beginShutdown();
		let timer: NodeJS.Timeout | undefined;
		const deadline = new Promise<"deadline">((resolve) => {
			timer = setTimeout(() => resolve("deadline"), graceMs);
		});
		const first = await Promise.race([closed.then(() => "drained" as const), deadline]);
		clearTimeout(timer);
		if (first === "drained") return { drained: true };
		const cut = connections.cutAll();
		await closed;
		return { drained: false, cut };
	};
	let stopping: Promise<ShutdownOutcome> | undefined;
	const shutdown = (graceMs: number) => {
		stopping ??= drain(graceMs);
		return stopping;
	};

	return new Promise((resolve, reject) => {
		server.once("error", reject);
		server.listen(port, host, () => {
			server.off("error", reject);
			resolve({ server, shutdown });
		});
	});
}

/** Listens on host:port (port 0 picks a free one) and resolves once listening. */
export async function listenHub(app: Hono<HubEnv>, host: string, port: number): Promise<Server> {
	return (await startHubServer(app, host, port)).server;
}
