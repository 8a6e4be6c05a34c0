/**
 * A tiny smart-HTTP git server on 127.0.0.1 for the protocol tests: `/<name>/info/refs` and
 * `/<name>/git-upload-pack` over the repositories in `repositories`, request bodies gunzipped, the
 * answer streamed. It records each request so a test can tell what the client did.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { GitRepositoryView } from "../repository.js";
import {
	advertiseRefs,
	gunzipBody,
	protocolVersion,
	serveUploadPack,
	UPLOAD_PACK_CONTENT_TYPES,
} from "../upload-pack.js";

export interface SeenRequest {
	method: string;
	path: string;
	/** The `Git-Protocol` header, empty without one. */
	protocol: string;
	gzip: boolean;
}

export interface GitHttpServer {
	/** `http://127.0.0.1:<port>`; a repository is at `${url}/<name>`. */
	url: string;
	repositories: Map<string, GitRepositoryView>;
	requests: SeenRequest[];
	/** Failures the upload-pack stream threw (the client saw its connection cut). */
	failures: unknown[];
	close(): Promise<void>;
}

export async function startGitHttpServer(): Promise<GitHttpServer> {
	const repositories = new Map<string, GitRepositoryView>();
	const requests: SeenRequest[] = [];
	const failures: unknown[] = [];
	const server = createServer((request, response) => {
		handle(request, response).catch((error: unknown) => {
			failures.push(error);
			response.destroy(error instanceof Error ? error : new Error(String(error)));
		});
	});

	async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const url = new URL(request.url ?? "/", "http://localhost");
		const match = /^\/([^/]+)\/(info\/refs|git-upload-pack)$/.exec(url.pathname);
		const view = match ? repositories.get(match[1] as string) : undefined;
		const protocol = String(request.headers["git-protocol"] ?? "");
		const gzip = request.headers["content-encoding"] === "gzip";
		requests.push({ method: request.method ?? "", path: url.pathname, protocol, gzip });
		const version = protocolVersion(protocol);
		const agent = "hubkit/test";
		if (view && match?.[2] === "info/refs" && url.searchParams.get("service") === "git-upload-pack") {
			const body = await advertiseRefs(view, { version, agent });
			response.writeHead(200, { "content-type": UPLOAD_PACK_CONTENT_TYPES.advertisement, "cache-control": "no-cache" });
			response.end(body);
			return;
		}
		if (view && match?.[2] === "git-upload-pack" && request.method === "POST") {
			response.writeHead(200, { "content-type": UPLOAD_PACK_CONTENT_TYPES.result, "cache-control": "no-cache" });
			const body = gzip ? gunzipBody(request) : request;
			for await (const chunk of serveUploadPack(view, body, { version, agent })) {
				if (!response.write(chunk)) await new Promise((resolve) => response.once("drain", resolve));
			}
			response.end();
			return;
		}
		response.writeHead(404, { "content-type": "text/plain" });
		response.end("not found\n");
	}

	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		repositories,
		requests,
		failures,
		close: () =>
			new Promise<void>((resolve, reject) => {
				server.closeAllConnections();
				server.close((error) => (error ? reject(error) : resolve()));
			}),
	};
}
