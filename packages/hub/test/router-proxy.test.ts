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

const OTHER_TOKEN = "hf_other_user_token_9876543210";

const track = closeAfterEach();

/** A router whose `together` goes to `provider` with the operator's key. */
async function togetherRouter(provider: FakeProvider, logger = recordingLogger()) {
	const router = await track(serveRouter(togetherDeps(provider, logger)));
	return { router, logger };
}

describe("forwarding to a provider", () => {
	it("sends path, body and content headers on, with the operator's key in place of the user's token", async () => {
		const provider = await track(
			fakeProvider(answerJson(200, { id: "c1" }, { "set-cookie": "provider_session=x", "x-request-id": "req-7" })),
		);
		const { router } = await togetherRouter(provider);
		const body = JSON.stringify({ model: "meta-llama/Llama-3.3-70B-Instruct-Turbo", messages: [] });
		const response = await fetch(`${router.url}/together/v1/chat/completions`, {
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
		expect(received?.url).toBe("/v1/chat/completions");
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

	it("forwards a status check (polling) only after the same caller started the job", async () => {
		const provider = await track(
			fakeProvider((request, response) => {
				response.writeHead(200, { "content-type": "application/json" });
				response.end(
					JSON.stringify(request.method === "POST" ? { id: "job-1", status: "queued" } : { status: "in_progress" }),
				);
			}),
		);
		const { router } = await togetherRouter(provider);
		const before = await fetch(`${router.url}/together/v2/videos/job-1`, { headers: userHeaders() });
		expect(before.status).toBe(403);
		expect(before.headers.get("x-error-code")).toBe("FollowUpNotYours");
		expect(provider.received).toHaveLength(0);

		const created = await fetch(`${router.url}/together/v2/videos`, {
			method: "POST",
			headers: userHeaders({ "content-type": "application/json" }),
			body: '{"prompt":"a bird"}',
		});
		expect(await created.json()).toEqual({ id: "job-1", status: "queued" });
		const response = await fetch(`${router.url}/together/v2/videos/job-1`, { headers: userHeaders() });
		expect(await response.json()).toEqual({ status: "in_progress" });
		expect(provider.received[1]).toMatchObject({ method: "GET", url: "/v2/videos/job-1", body: "" });
		expect(provider.received[1]?.headers.authorization).toBe(`Bearer ${OPERATOR_KEY}`);
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
		expect(response.headers.get("x-error-code")).toBe("UpstreamUnreachable");
		const everything = `${text}\n${logger.lines.join("\n")}`;
		expect(logger.lines.join("\n")).toContain("ECONNREFUSED");
		expect(everything).not.toContain(USER_TOKEN);
		expect(everything).not.toContain(OPERATOR_KEY);
	});
});

describe("fal.ai", () => {
	it("sends queue calls to the queue host with `Key` auth, drops the routing parameter, and follows up only the caller's own requests", async () => {
		const queueAnswer = {
			request_id: "r1",
			status: "IN_QUEUE",
			status_url: "https://queue.fal.run/fal-ai/flux/requests/r1/status",
			response_url: "https://queue.fal.run/fal-ai/flux/requests/r1",
		};
		const sync = await track(fakeProvider(answerJson(200, { where: "sync" })));
		const queue = await track(
			fakeProvider((request, response) => {
				response.writeHead(200, { "content-type": "application/json" });
				response.end(JSON.stringify(request.method === "POST" ? queueAnswer : { where: "queue" }));
			}),
		);
		const deps = testDeps({
			providerKeys: { "fal-ai": { key: OPERATOR_KEY } },
			providerBaseUrls: { "fal-ai": sync.url, "fal-ai.queue": queue.url },
			authenticate: async (token) =>
				token === USER_TOKEN ? { user: "alice" } : token === OTHER_TOKEN ? { user: "bob" } : undefined,
		});
		const router = await track(serveRouter(deps));
		const submit = await fetch(`${router.url}/fal-ai/fal-ai/flux/dev?_subdomain=queue`, {
			method: "POST",
			headers: userHeaders({ "content-type": "application/json" }),
			body: '{"prompt":"a bird"}',
		});
		expect(await submit.json()).toEqual(queueAnswer);
		const status = await fetch(`${router.url}/fal-ai/fal-ai/flux/requests/r1/status?_subdomain=queue`, {
			headers: userHeaders(),
		});
		expect(await status.json()).toEqual({ where: "queue" });
		const direct = await fetch(`${router.url}/fal-ai/fal-ai/whisper`, { method: "POST", headers: userHeaders() });
		expect(await direct.json()).toEqual({ where: "sync" });

		// Someone else's token cannot read alice's result, nor a request nobody started here.
		for (const [token, path] of [
			[OTHER_TOKEN, "/fal-ai/fal-ai/flux/requests/r1?_subdomain=queue"],
			[USER_TOKEN, "/fal-ai/fal-ai/flux/requests/someone-elses/status?_subdomain=queue"],
		] as const) {
			const refused = await fetch(`${router.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
			expect(refused.status, path).toBe(403);
			expect(refused.headers.get("x-error-code"), path).toBe("FollowUpNotYours");
		}

		expect(queue.received.map((request) => `${request.method} ${request.url}`)).toEqual([
			"POST /fal-ai/flux/dev",
			"GET /fal-ai/flux/requests/r1/status",
		]);
		expect(queue.received[0]?.headers.authorization).toBe(`Key ${OPERATOR_KEY}`);
		expect(sync.received[0]?.url).toBe("/fal-ai/whisper");
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
