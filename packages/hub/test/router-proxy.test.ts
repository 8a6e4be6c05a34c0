import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { routerRoutes } from "../src/router/index.js";
import {
	answerJson,
	closeAfterEach,
	type FakeProvider,
	fakeProvider,
	OPERATOR_KEY,
	recordingLogger,
	serveApp,
	serveRouter,
	testDeps,
	togetherDeps,
	USER_TOKEN,
	userHeaders,
} from "./router-fakes.js";

const track = closeAfterEach();

/** A router whose `together` goes to `provider` with the operator's key. */
async function togetherRouter(provider: FakeProvider, logger = recordingLogger()) {
	const router = await track(serveRouter(togetherDeps(provider, logger)));
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
