/**
 * A fault-injecting fake of the hub and the router, on a real HTTP socket
 * (127.0.0.1, a free port). Tests point the client at it with
 * `{ hubUrl: server.url, routerUrl: server.url }`; nothing is mocked inside the
 * client, and nothing leaves the machine.
 *
 * The hub part answers `GET /api/models/:id?expand[]=inferenceProviderMapping`
 * (from `setMapping`, 404 for unknown models), `GET /api/models/:id/tree/main`
 * (`setTree`) and `GET /api/tasks` (`setTasks`). Everything else — router routes
 * such as `POST /hf-inference/models/:model` or `POST /cerebras/v1/chat/completions`,
 * polling URLs, downloads — answers what a test scripted with `route()`; an
 * unscripted path is a 404 (so a wrong URL fails fast instead of hanging).
 * Scripted routes win over the built-in hub answers, so a test can also make the
 * hub slow or broken.
 *
 * Every request is recorded (method, path, query, headers, body bytes).
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface RecordedRequest {
	method: string;
	/** Path without the query, as sent (not decoded). */
	path: string;
	/** Path and query, as sent. */
	url: string;
	query: URLSearchParams;
	/** Header names in lower case, as Node reports them. */
	headers: IncomingHttpHeaders;
	body: Buffer;
	/** Order of arrival, from 0. */
	index: number;
	/** The client's port: requests with the same one came over the same connection. */
	clientPort: number | undefined;
	/** Settles when the answer is finished or the connection is gone (a client that gave up). */
	closed: Promise<void>;
	text(): string;
	json(): unknown;
}

type Bytes = string | Uint8Array;

/** One answer. Build them with `reply.*`. */
export type Behaviour =
	| { kind: "send"; status: number; headers: Record<string, string>; body: Bytes }
	| {
			kind: "stream";
			status: number;
			headers: Record<string, string>;
			chunks: Bytes[];
			/** Wait before each chunk after the first (ms). */
			delayMs: number;
			/** After the last chunk: end cleanly, reset the connection, or keep it open forever. */
			end: "end" | "reset" | "hang";
	  }
	/** Headers (and status) now, the body after `delayMs`. */
	| { kind: "slowBody"; delayMs: number; then: Extract<Behaviour, { kind: "send" }> }
	/** Answers after `delayMs` (the whole answer is late). */
	| { kind: "late"; delayMs: number; then: Behaviour }
	/** Never answers (the client must give up by itself). */
	| { kind: "hang" }
	/** Resets the connection without answering. */
	| { kind: "reset" };

/** A route's script: one answer for every request, a sequence (the last repeats), or a function of the request. */
export type Script = Behaviour | Behaviour[] | ((request: RecordedRequest, count: number) => Behaviour);

const encoder = new TextEncoder();

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Behaviour {
	return {
		kind: "send",
		status,
		headers: { "content-type": "application/json", ...headers },
		body: JSON.stringify(body),
	};
}

/** Error-body shapes providers and proxies answer with. */
export type ErrorShape = "error-string" | "error-object" | "detail" | "message" | "text" | "html" | "empty";

export const reply = {
	json,
	text(body: string, status = 200, contentType = "text/plain; charset=utf-8"): Behaviour {
		return { kind: "send", status, headers: { "content-type": contentType }, body };
	},
	binary(body: Uint8Array, contentType: string, status = 200): Behaviour {
		return { kind: "send", status, headers: { "content-type": contentType }, body };
	},
	/** A body that claims to be JSON and is not. */
	malformedJson(status = 200): Behaviour {
		return {
			kind: "send",
			status,
			headers: { "content-type": "application/json" },
			body: '{"label": "POSITIVE", "score": 0.9',
		};
	},
	empty(status: number, headers: Record<string, string> = {}): Behaviour {
		return { kind: "send", status, headers, body: "" };
	},
	/** A bare status, optionally with `Retry-After`. */
	status(status: number, options: { retryAfter?: string; body?: string } = {}): Behaviour {
		const headers: Record<string, string> = { "content-type": "text/plain" };
		if (options.retryAfter !== undefined) headers["retry-after"] = options.retryAfter;
		return { kind: "send", status, headers, body: options.body ?? "" };
	},
	/** An error status whose body carries `message` in the given shape. */
	error(status: number, shape: ErrorShape, message = "Something broke"): Behaviour {
		switch (shape) {
			case "error-string":
				return json({ error: message }, status);
			case "error-object":
				return json({ error: { message, type: "invalid_request_error" } }, status);
			case "detail":
				return json({ detail: message }, status);
			case "message":
				return json({ message }, status);
			case "text":
				return reply.text(message, status);
			case "html":
				return reply.text(
					`<!DOCTYPE html><html><head><meta charset="utf-8"><title>${message}</title></head><body><h1>${message}</h1><p>nginx</p></body></html>`,
					status,
					"text/html",
				);
			case "empty":
				return reply.empty(status);
		}
	},
	/** A server-sent-events answer made of these chunks (strings or raw bytes, cut anywhere). */
	sse(chunks: Bytes[], options: { delayMs?: number; end?: "end" | "reset" | "hang"; status?: number } = {}): Behaviour {
		return {
			kind: "stream",
			status: options.status ?? 200,
			headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
			chunks,
			delayMs: options.delayMs ?? 2,
			end: options.end ?? "end",
		};
	},
	/** Status and headers at once, the body only after `delayMs`. */
	slowBody(delayMs: number, then: Behaviour): Behaviour {
		if (then.kind !== "send") throw new Error("slowBody wraps a plain answer");
		return { kind: "slowBody", delayMs, then };
	},
	late(delayMs: number, then: Behaviour): Behaviour {
		return { kind: "late", delayMs, then };
	},
	hang(): Behaviour {
		return { kind: "hang" };
	},
	reset(): Behaviour {
		return { kind: "reset" };
	},
};

/** `n` failures (503 by default), then `success` for every later request. */
export function failThenSucceed(n: number, success: Behaviour, failure: Behaviour = reply.status(503)): Behaviour[] {
	return [...Array.from({ length: n }, () => failure), success];
}

/** `data: <json>` events for each payload, then `data: [DONE]` (unless `done` is false). */
export function sseText(payloads: unknown[], options: { done?: boolean; lineEnd?: string } = {}): string {
	const end = options.lineEnd ?? "\n";
	const events = payloads.map((payload) => `data: ${JSON.stringify(payload)}${end}${end}`);
	if (options.done !== false) events.push(`data: [DONE]${end}${end}`);
	return events.join("");
}

/** The UTF-8 bytes of `text` cut into pieces of `size` bytes (the last may be shorter). */
export function splitEvery(text: Bytes, size: number): Uint8Array[] {
	const bytes = typeof text === "string" ? encoder.encode(text) : text;
	const pieces: Uint8Array[] = [];
	for (let index = 0; index < bytes.length; index += size) pieces.push(bytes.subarray(index, index + size));
	return pieces;
}

/** The UTF-8 bytes of `text` cut at these byte offsets. */
export function splitAt(text: Bytes, offsets: number[]): Uint8Array[] {
	const bytes = typeof text === "string" ? encoder.encode(text) : text;
	const cuts = [
		0,
		...offsets.filter((offset) => offset > 0 && offset < bytes.length).sort((a, b) => a - b),
		bytes.length,
	];
	const pieces: Uint8Array[] = [];
	for (let index = 1; index < cuts.length; index++) pieces.push(bytes.subarray(cuts[index - 1], cuts[index]));
	return pieces;
}

interface Route {
	method: string;
	path: string | RegExp;
	script: Script;
	count: number;
}

export interface FakeServer {
	/** `http://127.0.0.1:<port>`, for both `hubUrl` and `routerUrl`. */
	readonly url: string;
	/** Every request so far, in order of arrival. */
	readonly requests: RecordedRequest[];
	/** Scripts `method path` (exact path, with the exact query when it has one; or a RegExp on the path). Later routes win. */
	route(method: string, path: string | RegExp, script: Script): void;
	/** The model's `inferenceProviderMapping` (object keyed by provider, or the list shape); `delayMs` makes the hub slow. */
	setMapping(modelId: string, mapping: Record<string, unknown> | unknown[], options?: { delayMs?: number }): void;
	/** The model's `tree/main` listing. */
	setTree(modelId: string, entries: unknown[]): void;
	/** The `/api/tasks` answer. */
	setTasks(tasks: Record<string, unknown>): void;
	/** Requests whose path starts with `prefix` (or matches), optionally of one method. */
	requestsTo(prefix: string | RegExp, method?: string): RecordedRequest[];
	/** Requests to the hub's model API (mapping and tree look-ups). */
	hubRequests(): RecordedRequest[];
	/** Forgets routes, hub data and recorded requests. */
	reset(): void;
	close(): Promise<void>;
}

export async function startFakeServer(): Promise<FakeServer> {
	const requests: RecordedRequest[] = [];
	let routes: Route[] = [];
	let mappings = new Map<string, { mapping: Record<string, unknown> | unknown[]; delayMs: number }>();
	let trees = new Map<string, unknown[]>();
	let tasks: Record<string, unknown> | undefined;
	const sockets = new Set<Socket>();
	const timers = new Set<ReturnType<typeof setTimeout>>();

	const later = (ms: number, run: () => void) => {
		const timer = setTimeout(() => {
			timers.delete(timer);
			run();
		}, ms);
		timers.add(timer);
	};

	const hubAnswer = (request: RecordedRequest): Behaviour | undefined => {
		if (request.method === "GET" && request.path === "/api/tasks") {
			return tasks ? json(tasks) : json({ error: "no tasks configured" }, 500);
		}
		const match = /^\/api\/models\/(.+?)(\/tree\/main)?$/.exec(request.path);
		if (request.method !== "GET" || !match?.[1]) return undefined;
		const modelId = match[1].split("/").map(decodeURIComponent).join("/");
		if (match[2]) {
			const tree = trees.get(modelId);
			return tree ? json(tree) : json({ error: "Repository not found" }, 404);
		}
		const known = mappings.get(modelId);
		if (!known) return json({ error: "Repository not found" }, 404);
		const body: Record<string, unknown> = { _id: `id-${modelId}`, id: modelId };
		if (request.query.getAll("expand[]").includes("inferenceProviderMapping")) {
			body.inferenceProviderMapping = known.mapping;
		}
		return known.delayMs > 0 ? reply.late(known.delayMs, json(body)) : json(body);
	};

	const pick = (request: RecordedRequest): Behaviour => {
		for (let index = routes.length - 1; index >= 0; index--) {
			const route = routes[index] as Route;
			if (route.method !== request.method) continue;
			const matches =
				typeof route.path === "string"
					? route.path === (route.path.includes("?") ? request.url : request.path)
					: route.path.test(request.path);
			if (!matches) continue;
			const count = route.count++;
			const script = route.script;
			if (typeof script === "function") return script(request, count);
			if (Array.isArray(script)) return script[Math.min(count, script.length - 1)] as Behaviour;
			return script;
		}
		return hubAnswer(request) ?? json({ error: `fake server: no route for ${request.method} ${request.path}` }, 404);
	};

	const perform = (behaviour: Behaviour, response: ServerResponse) => {
		const socket = response.socket;
		switch (behaviour.kind) {
			case "send":
				response.writeHead(behaviour.status, behaviour.headers);
				response.end(behaviour.body);
				return;
			case "slowBody":
				response.writeHead(behaviour.then.status, behaviour.then.headers);
				response.flushHeaders();
				later(behaviour.delayMs, () => {
					if (!response.destroyed) response.end(behaviour.then.body);
				});
				return;
			case "late":
				later(behaviour.delayMs, () => {
					if (!response.destroyed) perform(behaviour.then, response);
				});
				return;
			case "hang":
				return;
			case "reset":
				socket?.destroy();
				return;
			case "stream": {
				socket?.setNoDelay(true);
				response.writeHead(behaviour.status, behaviour.headers);
				response.flushHeaders();
				let index = 0;
				const next = () => {
					if (response.destroyed) return;
					if (index < behaviour.chunks.length) {
						response.write(behaviour.chunks[index++] as Bytes);
						later(behaviour.delayMs, next);
						return;
					}
					if (behaviour.end === "end") response.end();
					else if (behaviour.end === "reset") socket?.destroy();
				};
				next();
				return;
			}
		}
	};

	const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
		const chunks: Buffer[] = [];
		incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
		incoming.on("end", () => {
			const url = new URL(incoming.url ?? "/", "http://fake");
			const body = Buffer.concat(chunks);
			const closed = new Promise<void>((resolve) => response.on("close", () => resolve()));
			const request: RecordedRequest = {
				method: incoming.method ?? "GET",
				path: url.pathname,
				url: incoming.url ?? "/",
				query: url.searchParams,
				headers: incoming.headers,
				body,
				index: requests.length,
				clientPort: incoming.socket.remotePort,
				closed,
				text: () => body.toString("utf8"),
				json: () => JSON.parse(body.toString("utf8")),
			};
			requests.push(request);
			let behaviour: Behaviour;
			try {
				behaviour = pick(request);
			} catch (error) {
				behaviour = json({ error: `fake server script failed: ${String(error)}` }, 599);
			}
			perform(behaviour, response);
		});
	});
	server.on("connection", (socket) => {
		sockets.add(socket);
		socket.on("close", () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;

	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		route(method, path, script) {
			routes.push({ method: method.toUpperCase(), path, script, count: 0 });
		},
		setMapping(modelId, mapping, options = {}) {
			mappings.set(modelId, { mapping, delayMs: options.delayMs ?? 0 });
		},
		setTree(modelId, entries) {
			trees.set(modelId, entries);
		},
		setTasks(value) {
			tasks = value;
		},
		requestsTo(prefix, method) {
			return requests.filter(
				(request) =>
					(method === undefined || request.method === method.toUpperCase()) &&
					(typeof prefix === "string" ? request.path.startsWith(prefix) : prefix.test(request.path)),
			);
		},
		hubRequests() {
			return requests.filter((request) => request.path.startsWith("/api/models/"));
		},
		reset() {
			routes = [];
			mappings = new Map();
			trees = new Map();
			tasks = undefined;
			requests.length = 0;
		},
		async close() {
			for (const timer of timers) clearTimeout(timer);
			timers.clear();
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
