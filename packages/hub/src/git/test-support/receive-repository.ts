/**
 * A repository held in memory for the receive-pack tests: a Map of objects and one of refs behind
 * GitRepositoryView, an `apply` that stores a push's objects and moves its refs with a
 * compare-and-set on each old value (all or none for an atomic push), and a node:http server on
 * 127.0.0.1 that serves it to git as `<url>/repo`.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createGunzip } from "node:zlib";
import { concat } from "../byte-source.js";
import { GitFormatError } from "../format-error.js";
import { parseTag } from "../objects.js";
import {
	type AcceptedPush,
	advertiseReceivePack,
	type ReceivePackOptions,
	type RefResult,
	serveReceivePack,
	ZERO_OID,
} from "../receive-pack.js";
import type { GitRef, GitRepositoryView, StoredGitObject } from "../repository.js";

export class MemoryRepository implements GitRepositoryView {
	readonly objects = new Map<string, StoredGitObject>();
	readonly refMap = new Map<string, string>();
	/** Every push `apply` was given, in order. */
	readonly applied: AcceptedPush[] = [];

	async readObject(oid: string): Promise<StoredGitObject | undefined> {
		return this.objects.get(oid);
	}

	async refs(): Promise<GitRef[]> {
		return [...this.refMap.entries()]
			.sort(([left], [right]) => (left < right ? -1 : 1))
			.map(([name, oid]) => {
				const object = this.objects.get(oid);
				return object?.type === "tag" ? { name, oid, peeled: parseTag(object.bytes).object } : { name, oid };
			});
	}

	async head(): Promise<string | undefined> {
		if (this.refMap.has("refs/heads/main")) return "refs/heads/main";
		return [...this.refMap.keys()].find((name) => name.startsWith("refs/heads/"));
	}

	async apply(push: AcceptedPush): Promise<RefResult[]> {
		this.applied.push(push);
		const stale = push.updates.filter((update) => (this.refMap.get(update.ref) ?? ZERO_OID) !== update.old);
		if (push.atomic && stale.length > 0) {
			return push.updates.map((update) => ({ ref: update.ref, error: "atomic transaction failed" }));
		}
		for await (const object of push.objects.objects()) {
			this.objects.set(object.oid, { type: object.type, bytes: object.bytes });
		}
		return push.updates.map((update) => {
			if (stale.includes(update)) return { ref: update.ref, error: "failed to lock" };
			if (update.new === ZERO_OID) this.refMap.delete(update.ref);
			else this.refMap.set(update.ref, update.new);
			return { ref: update.ref };
		});
	}
}

export interface ReceiveServer {
	url: string;
	repository: MemoryRepository;
	/** The options of the next pushes (the test changes them between pushes). */
	options: Partial<ReceivePackOptions>;
	/** Runs after the advertisement was read and before a push is served: another writer's turn. */
	beforePush?: () => void;
	/** The body of every POST, as received. */
	requests: Uint8Array[];
	close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Uint8Array> {
	const source = request.headers["content-encoding"] === "gzip" ? request.pipe(createGunzip()) : request;
	const parts: Uint8Array[] = [];
	for await (const part of source) parts.push(part as Uint8Array);
	return concat(parts);
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
	yield bytes;
}

export async function startReceiveServer(repository = new MemoryRepository()): Promise<ReceiveServer> {
	const state: ReceiveServer = {
		url: "",
		repository,
		options: {},
		requests: [],
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
	const server: Server = createServer((request, response) => {
		const url = new URL(request.url ?? "/", "http://127.0.0.1");
		void (async () => {
			if (request.method === "GET" && url.pathname === "/repo/info/refs") {
				if (url.searchParams.get("service") !== "git-receive-pack") {
					response.writeHead(403).end("push only");
					return;
				}
				const advertisement = await advertiseReceivePack(repository, { agent: "hubkit/test" });
				response.writeHead(200, {
					"content-type": "application/x-git-receive-pack-advertisement",
					"cache-control": "no-cache",
				});
				response.end(advertisement);
				return;
			}
			if (request.method === "POST" && url.pathname === "/repo/git-receive-pack") {
				const body = await readBody(request);
				state.requests.push(body);
				state.beforePush?.();
				const options: ReceivePackOptions = { apply: (push) => repository.apply(push), ...state.options };
				const reply = serveReceivePack(repository, once(body), options);
				const first = await reply.next();
				response.writeHead(200, { "content-type": "application/x-git-receive-pack-result" });
				if (!first.done) response.write(first.value);
				for await (const chunk of reply) response.write(chunk);
				response.end();
				return;
			}
			response.writeHead(404).end();
		})().catch((error: unknown) => {
			const status = error instanceof GitFormatError ? 400 : 500;
			if (!response.headersSent) response.writeHead(status).end(String(error));
			else response.destroy();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return state;
}
