import { request as httpRequest } from "node:http";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { routerRoutes } from "../src/router/index.js";
import {
	answerJson,
	type FakeProvider,
	fakeProvider,
	OPERATOR_KEY,
	recordingLogger,
	type Served,
	serveApp,
	serveRouter,
	testDeps,
	USER_TOKEN,
	userHeaders,
} from "./router-fakes.js";

const open: Array<FakeProvider | Served> = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((server) => server.close()));
});

async function track<T extends FakeProvider | Served>(server: Promise<T>): Promise<T> {
	const started = await server;
	open.push(started);
	return started;
}

/** A router whose `together` goes to `provider` with the operator's key. */
async function togetherRouter(provider: FakeProvider, logger = recordingLogger()) {
	const router = await track(
		serveRouter(
			testDeps({
				providerKeys: { together: { key: OPERATOR_KEY } },
				providerBaseUrls: { together: provider.url },
				logger,
			}),
		),
	);
	return { router, logger };
}

describe("forwarding to a provider", () => {
	it("sends path, query, body and content headers on, with the operator's key in place of the user's token", async () => {
		const provider = await track(
			fakeProvider(answerJson(200, { id: "c1" }, { "set-cookie": "provider_session=x", "x-request-id": "req-7" })),
		);
		const { router } = await togetherRouter(provider);
		const body = JSON.stringify({ model: "meta-llama/Llama-3.3-70B-Instruct-Turbo", messages: [] });
		const response = await fetch(`${router.url}/together/v1/chat/completions?alpha=1&beta=two%20words`, {
			method: "POST",
			headers: userHeaders({
				"content-type": "application/json",
				accept: "application/json",
				"user-agent": "@hubkit/inference/test",
				cookie: "hub_session=abc",
				"x-hf-bill-to": "some-org",
				"x-api-key": "another-secret",
			}),
			body,
		});

		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ id: "c1" });
		expect(response.headers.get("x-request-id")).toBe("req-7");
		expect(response.headers.get("set-cookie")).toBeNull();
		const [received] = provider.received;
		expect(received?.method).toBe("POST");
		expect(received?.url).toBe("/v1/chat/completions?alpha=1&beta=two%20words");
		expect(received?.body).toBe(body);
		expect(received?.headers.authorization).toBe(`Bearer ${OPERATOR_KEY}`);
		expect(received?.headers["content-type"]).toBe("application/json");
		expect(received?.headers.accept).toBe("application/json");
		expect(received?.headers["user-agent"]).toBe("@hubkit/inference/test");
		for (const dropped of ["cookie", "x-hf-bill-to", "x-api-key"]) {
			expect(received?.headers[dropped]).toBeUndefined();
		}
		expect(JSON.stringify(received)).not.toContain(USER_TOKEN);
	});

	it("forwards GET status checks (polling) the same way", async () => {
		const provider = await track(fakeProvider(answerJson(200, { status: "IN_PROGRESS" })));
		const { router } = await togetherRouter(provider);
		const response = await fetch(`${router.url}/together/v2/videos/job-1`, { headers: userHeaders() });
		expect(await response.json()).toEqual({ status: "IN_PROGRESS" });
		expect(provider.received[0]).toMatchObject({ method: "GET", url: "/v2/videos/job-1", body: "" });
		expect(provider.received[0]?.headers.authorization).toBe(`Bearer ${OPERATOR_KEY}`);
	});

	it("passes the provider's error status and JSON body back as they are", async () => {
		const error = { error: { message: "max_tokens is too large", type: "invalid_request_error" } };
		const provider = await track(fakeProvider(answerJson(422, error)));
		const { router } = await togetherRouter(provider);
		const response = await fetch(`${router.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: userHeaders(),
			body: "{}",
		});
		expect(response.status).toBe(422);
		expect(await response.json()).toEqual(error);
	});

	it("turns the provider refusing the operator's key into a 502 that does not blame the user's token", async () => {
		const provider = await track(
			fakeProvider(answerJson(401, { error: "bad key" }, { "www-authenticate": 'Bearer realm="together"' })),
		);
		const { router, logger } = await togetherRouter(provider);
		const response = await fetch(`${router.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: userHeaders(),
			body: "{}",
		});
		expect(response.status).toBe(502);
		expect(response.headers.get("www-authenticate")).toBeNull();
		expect((await response.json()).error).toMatch(/rejected this hub's key.*operator/);
		expect(logger.lines.join("\n")).toContain("rejected the operator's key");
	});

	it("answers 502 when the provider cannot be reached, and logs no secret", async () => {
		const gone = await fakeProvider(answerJson(200, {}));
		await gone.close();
		const { router, logger } = await togetherRouter(gone);
		const response = await fetch(`${router.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: userHeaders(),
			body: "{}",
		});
		expect(response.status).toBe(502);
		const text = await response.text();
		expect(JSON.parse(text)).toEqual({ error: "Provider together could not be reached" });
		const everything = `${text}\n${logger.lines.join("\n")}`;
		expect(logger.lines.join("\n")).toContain("ECONNREFUSED");
		expect(everything).not.toContain(USER_TOKEN);
		expect(everything).not.toContain(OPERATOR_KEY);
	});
});

describe("streaming", () => {
	it("delivers the first server-sent event before the provider has finished", async () => {
		let finish: () => void = () => {};
		const finished = new Promise<void>((resolve) => {
			finish = resolve;
		});
		const provider = await track(
			fakeProvider((_request, response) => {
				response.writeHead(200, { "content-type": "text/event-stream" });
				response.write('data: {"n":1}\n\n');
				// The rest only comes once the test has seen the first event at the client.
				void finished.then(() => response.end('data: {"n":2}\n\ndata: [DONE]\n\n'));
			}),
		);
		const { router } = await togetherRouter(provider);
		const response = await fetch(`${router.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: userHeaders({ "content-type": "application/json" }),
			body: JSON.stringify({ stream: true }),
		});
		expect(response.headers.get("content-type")).toBe("text/event-stream");
		const reader = (response.body as ReadableStream<Uint8Array>).getReader();
		const decoder = new TextDecoder();
		const first = await reader.read();
		expect(decoder.decode(first.value)).toBe('data: {"n":1}\n\n');
		finish();
		let rest = "";
		for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
			rest += decoder.decode(chunk.value, { stream: true });
		}
		expect(rest).toBe('data: {"n":2}\n\ndata: [DONE]\n\n');
	});

	it("closes the upstream request when the client goes away", async () => {
		let upstreamClosed: () => void = () => {};
		const closed = new Promise<void>((resolve) => {
			upstreamClosed = resolve;
		});
		const provider = await track(
			fakeProvider((_request, response) => {
				response.on("close", () => upstreamClosed());
				response.writeHead(200, { "content-type": "text/event-stream" });
				response.write("data: first\n\n");
				// Never ends by itself: only the client's leaving can close it.
			}),
		);
		const { router } = await togetherRouter(provider);
		const controller = new AbortController();
		const response = await fetch(`${router.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: userHeaders(),
			body: "{}",
			signal: controller.signal,
		});
		const reader = (response.body as ReadableStream<Uint8Array>).getReader();
		await reader.read();
		controller.abort();
		await closed;
		expect(provider.received).toHaveLength(1);
	});
});

describe("refusals", () => {
	it("requires a hub token the hub knows, and sends nothing upstream without one", async () => {
		const provider = await track(fakeProvider(answerJson(200, {})));
		const { router } = await togetherRouter(provider);
		const attempts: Array<Record<string, string>> = [
			{},
			{ authorization: "Bearer hf_unknown_token" },
			{ authorization: `Bearer ${OPERATOR_KEY}` },
			{ authorization: `Basic ${USER_TOKEN}` },
		];
		for (const headers of attempts) {
			const response = await fetch(`${router.url}/together/v1/chat/completions`, {
				method: "POST",
				headers,
				body: "{}",
			});
			expect(response.status).toBe(401);
			expect((await response.json()).error).toEqual(expect.any(String));
		}
		expect(provider.received).toHaveLength(0);
	});

	it("names unknown providers, closed providers and providers without a key", async () => {
		const router = await track(serveRouter(testDeps()));
		const post = (path: string) =>
			fetch(`${router.url}${path}`, { method: "POST", headers: userHeaders(), body: "{}" });

		const unknown = await post("/no-such-provider/v1/chat/completions");
		expect(unknown.status).toBe(404);
		expect((await unknown.json()).error).toMatch(/^Unknown provider "no-such-provider"/);

		const closed = await post("/openai/v1/chat/completions");
		expect(closed.status).toBe(400);
		expect((await closed.json()).error).toMatch(/openai only takes its own API key/);

		const missingKey = await post("/fal-ai/fal-ai/flux/dev");
		expect(missingKey.status).toBe(503);
		expect((await missingKey.json()).error).toBe(
			"Provider fal-ai is not configured on this hub: the operator has not set its key (HUBKIT_PROVIDER_KEY_FAL_AI)",
		);

		const noRoute = await post("/together");
		expect(noRoute.status).toBe(404);
	});

	it("answers 413 for a body over the limit without calling the provider", async () => {
		const provider = await track(fakeProvider(answerJson(200, {})));
		const router = await track(
			serveRouter(
				testDeps({
					providerKeys: { together: { key: OPERATOR_KEY } },
					providerBaseUrls: { together: provider.url },
					maxBodyBytes: 1024,
				}),
			),
		);
		const declared = await fetch(`${router.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: userHeaders(),
			body: "x".repeat(1025),
		});
		expect(declared.status).toBe(413);
		// Streamed without a declared length: counted as it arrives.
		const chunked = await fetch(`${router.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: userHeaders(),
			body: new Blob(["y".repeat(2048)]).stream(),
			duplex: "half",
		} as RequestInit);
		expect(chunked.status).toBe(413);
		expect((await chunked.json()).error).toMatch(/limit of 1024 bytes/);
		expect(provider.received).toHaveLength(0);
	});

	it("refuses encoded separators and dot segments instead of forwarding them", async () => {
		const provider = await track(fakeProvider(answerJson(200, {})));
		const { router } = await togetherRouter(provider);
		for (const path of ["/together/v1%2Fadmin", "/together/v1/a%5Cb", "/together/v1//x", "/together/%00"]) {
			const response = await fetch(`${router.url}${path}`, { method: "POST", headers: userHeaders(), body: "{}" });
			expect(response.status, path).toBe(400);
		}
		expect(provider.received).toHaveLength(0);
	});

	it("never hands a dot segment to the provider, however it is spelled", async () => {
		const provider = await track(fakeProvider(answerJson(200, {})));
		const { router } = await togetherRouter(provider);
		// fetch would resolve these itself; a raw request sends them as written.
		for (const path of ["/together/v1/../../admin", "/together/v1/%2e%2e/%2E%2e/admin", "/together/v1/.%2e/x"]) {
			const status = await rawPost(`${router.url}${path}`);
			expect([200, 400, 404], path).toContain(status);
		}
		for (const request of provider.received) {
			expect(request.url).not.toMatch(/(^|\/)(\.|%2e){1,2}(\/|$)/i);
		}
	});
	it("answers a JSON 500, with no details, when the token check itself fails", async () => {
		const logger = recordingLogger();
		const router = await track(
			serveRouter(
				testDeps({
					providerKeys: { together: { key: OPERATOR_KEY } },
					authenticate: async () => {
						throw new Error("database is locked");
					},
					logger,
				}),
			),
		);
		const response = await fetch(`${router.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: userHeaders(),
			body: "{}",
		});
		expect(response.status).toBe(500);
		expect(await response.json()).toEqual({ error: "The router failed to handle this request" });
		expect(logger.lines.join("\n")).toContain("database is locked");
		expect(logger.lines.join("\n")).not.toContain(USER_TOKEN);
	});
});

describe("fal.ai", () => {
	it("sends queue calls to the queue host with `Key` auth, and drops the routing parameter", async () => {
		const sync = await track(fakeProvider(answerJson(200, { where: "sync" })));
		const queue = await track(fakeProvider(answerJson(200, { where: "queue" })));
		const router = await track(
			serveRouter(
				testDeps({
					providerKeys: { "fal-ai": { key: OPERATOR_KEY } },
					providerBaseUrls: { "fal-ai": sync.url, "fal-ai.queue": queue.url },
				}),
			),
		);
		const submit = await fetch(`${router.url}/fal-ai/fal-ai/flux/dev?_subdomain=queue`, {
			method: "POST",
			headers: userHeaders(),
			body: '{"prompt":"a bird"}',
		});
		expect(await submit.json()).toEqual({ where: "queue" });
		const status = await fetch(`${router.url}/fal-ai/fal-ai/flux/requests/r1/status?_subdomain=queue&logs=1`, {
			headers: userHeaders(),
		});
		expect(await status.json()).toEqual({ where: "queue" });
		const direct = await fetch(`${router.url}/fal-ai/fal-ai/whisper`, { method: "POST", headers: userHeaders() });
		expect(await direct.json()).toEqual({ where: "sync" });

		expect(queue.received.map((request) => `${request.method} ${request.url}`)).toEqual([
			"POST /fal-ai/flux/dev",
			"GET /fal-ai/flux/requests/r1/status?logs=1",
		]);
		expect(queue.received[0]?.headers.authorization).toBe(`Key ${OPERATOR_KEY}`);
		expect(sync.received[0]?.url).toBe("/fal-ai/whisper");

		const unknown = await fetch(`${router.url}/fal-ai/x?_subdomain=evil.example`, {
			method: "POST",
			headers: userHeaders(),
		});
		expect(unknown.status).toBe(400);
	});
});

describe("mounting", () => {
	it("works under a prefix and leaves the hub's own paths to the hub", async () => {
		const provider = await track(fakeProvider(answerJson(200, { ok: true })));
		const app = new Hono();
		app.route(
			"/router",
			routerRoutes(
				testDeps({ providerKeys: { together: { key: OPERATOR_KEY } }, providerBaseUrls: { together: provider.url } }),
			),
		);
		const root = new Hono();
		root.route("/", routerRoutes(testDeps()));
		root.notFound((c) => c.json({ error: "hub: not found" }, 404));
		const prefixed = await track(serveApp(app));
		const response = await fetch(`${prefixed.url}/router/together/v1/embeddings`, {
			method: "POST",
			headers: userHeaders(),
			body: "{}",
		});
		expect(response.status).toBe(200);
		expect(provider.received[0]?.url).toBe("/v1/embeddings");

		for (const path of [
			"/api/repos/create",
			"/oauth/token",
			"/datasets/x/y",
			"/together/model.git/info/lfs/objects/batch",
		]) {
			const hubPath = await root.request(path, { method: "POST", headers: userHeaders() });
			expect(hubPath.status, path).toBe(404);
			expect(await hubPath.json(), path).toEqual({ error: "hub: not found" });
		}
	});
});

/** A POST whose path is sent exactly as written (fetch would normalise it first). */
function rawPost(url: string): Promise<number> {
	const { host, hostname, port } = new URL(url);
	const path = url.slice(url.indexOf(host) + host.length);
	return new Promise((resolve, reject) => {
		const request = httpRequest({ hostname, port, path, method: "POST", headers: userHeaders() }, (response) => {
			response.resume();
			resolve(response.statusCode ?? 0);
		});
		request.on("error", reject);
		request.end("{}");
	});
}
