/**
 * The hub's metrics and logs over real HTTP (SQLite, the hub's own server on
 * 127.0.0.1): `/metrics` counts requests under their route pattern, inference
 * calls by provider and task (a fake `together` on loopback, a stand-in local
 * runtime), the model-info cache's hits and the runtime's queues; each app has
 * its own registry; the metrics token guards it when set. The JSON log has one
 * access line per request with the id the client saw, errors carry that id, and
 * no token, cookie, key or upload secret that was sent appears in either.
 */
import { matchInferenceRoute } from "@hubkit/inference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { jsonLogger } from "../src/logger.js";
import type { LocalRuntime } from "../src/router/deps.js";
import { loadSeed } from "../src/seed/load.js";
import { answerJson, type FakeProvider, fakeProvider, OPERATOR_KEY } from "./router-fakes.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { memoryBlobStore } from "./support/memory-blob-store.js";
import { seedModel } from "./support/seed-records.js";

const TOGETHER_MODEL = "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo";
const METRICS_TOKEN = "metrics-scrape-secret-5150";

/** A JSON logger writing into memory, as `hubkit serve` writes to stdout. */
function capturedLog() {
	let text = "";
	const logger = jsonLogger({
		accessLog: true,
		destination: {
			write(line: string) {
				text += line;
			},
		},
	});
	const lines = () =>
		text
			.split("\n")
			.filter(Boolean)
			.map((line) => JSON.parse(line) as Record<string, unknown>);
	return { logger, text: () => text, lines };
}

/** The line for `requestId`, once written (access lines are written when the body has gone out). */
async function lineOf(log: ReturnType<typeof capturedLog>, requestId: string, type?: string) {
	for (let attempt = 0; attempt < 200; attempt++) {
		const found = log.lines().find((line) => line.requestId === requestId && (!type || line.type === type));
		if (found) return found;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	throw new Error(`no log line for request ${requestId} in:\n${log.text()}`);
}

/** The value of one sample in Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
	const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
	for (const line of text.split("\n")) {
		if (line.startsWith("#")) continue;
		const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
		if (!match || match[1] !== name) continue;
		const have = match[2] ? match[2].split(",") : [];
		if (wanted.length === have.length && wanted.every((label) => have.includes(label))) return Number(match[3]);
	}
	return undefined;
}

describe("metrics and logs of a hub", () => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let together: FakeProvider;
	let token: string;
	const log = capturedLog();
	const load = { workers: 2, running: 1, queued: 3 };

	beforeAll(async () => {
		together = await fakeProvider(
			answerJson(200, {
				id: "chatcmpl-1",
				object: "chat.completion",
				created: 1_700_000_000,
				model: TOGETHER_MODEL,
				choices: [{ index: 0, message: { role: "assistant", content: "hi" }, finish_reason: "stop" }],
			}),
		);
		testDb = await startTestDatabase("sqlite");
		hub = await openTestHub(testDb.config, memoryBlobStore(), log.logger);
		await loadSeed(hub.deps, [seedModel("acme/alpha"), seedModel("acme/beta")]);
		token = (await createAccessToken(hub.deps.db, "carol")).token;
		// The runtime's part as the router sees it: an answer per call, and its queues.
		const stand: LocalRuntime & { load: typeof load; completionLoad: typeof load } = {
			run: async (request) => {
				const answer = Response.json([{ label: "POSITIVE", score: 1 }]);
				// As the real runtime does for a call whose path named no task: the model's own.
				if (!request.task) request.ranTask?.("text-classification");
				return answer;
			},
			chat: async () => Response.json({ error: "no chat here" }, { status: 400 }),
			complete: async () => Response.json({ error: "no completion here" }, { status: 400 }),
			load,
			completionLoad: { workers: 1, running: 0, queued: 0 },
		};
		const app = createHubApp(hub.deps, {
			router: {
				providerKeys: { together: { key: OPERATOR_KEY } },
				providerBaseUrls: { together: together.url },
				localRuntime: stand,
			},
		});
		server = await listen(app);
	});

	afterAll(async () => {
		await server?.close();
		await together?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	const scrape = async (url = server.url) => {
		const response = await fetch(`${url}/metrics`);
		expect(response.status).toBe(200);
		expect(response.headers.get("content-type")).toContain("text/plain");
		return await response.text();
	};

	it("counts requests under their route pattern, never their ids, and the model-info cache's hits", async () => {
		const info = async (id: string) => {
			const response = await fetch(`${server.url}/api/models/${id}`);
			expect(response.status).toBe(200);
			await response.arrayBuffer();
		};
		// Two asks fill the cache (the first outside-write check on SQLite empties it once).
		await info("acme/alpha");
		await info("acme/alpha");
		const before = await scrape();
		for (const id of ["acme/alpha", "acme/alpha", "acme/beta", "acme/beta"]) await info(id);
		const missing = await fetch(`${server.url}/nobody/nothing/here/at-all`);
		expect(missing.status).toBe(404);
		await missing.arrayBuffer();

		const text = await scrape();
		const change = (name: string) => (sample(text, name) ?? 0) - (sample(before, name) ?? 0);
		const route = { method: "GET", route: "/api/models/{namespace}/{name}" };
		expect(sample(text, "hubkit_http_requests_total", { ...route, status: "200" })).toBe(6);
		expect(sample(text, "hubkit_http_request_duration_seconds_count", route)).toBe(6);
		// Buckets count the requests at or under their bound: never fewer for a wider one, all under +Inf.
		const buckets = [
			...text.matchAll(
				/^hubkit_http_request_duration_seconds_bucket\{le="([^"]+)",method="GET",route="\/api\/models\/\{namespace\}\/\{name\}"\} (\d+)$/gm,
			),
		];
		expect(buckets.at(-1)?.slice(1)).toEqual(["+Inf", "6"]);
		const counts = buckets.map((match) => Number(match[2]));
		expect(counts).toEqual([...counts].sort((a, b) => a - b));
		expect(sample(text, "hubkit_http_requests_total", { method: "GET", route: "(no route)", status: "404" })).toBe(1);
		// alpha twice from the cache; beta missed, then kept.
		expect(change("hubkit_model_info_cache_hits_total")).toBe(3);
		expect(change("hubkit_model_info_cache_misses_total")).toBe(1);
		expect(sample(text, "hubkit_model_info_cache_models")).toBe(2);
		for (const raw of ["alpha", "beta", "nobody", "at-all"]) expect(text).not.toContain(raw);
	});

	it("counts inference calls by provider and task, and shows the local runtime's queues", async () => {
		const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
		const chat = await fetch(`${server.url}/together/v1/chat/completions`, {
			method: "POST",
			headers,
			body: JSON.stringify({ model: TOGETHER_MODEL, messages: [{ role: "user", content: "hi" }] }),
		});
		expect(chat.status).toBe(200);
		await chat.arrayBuffer();
		for (const path of ["models/acme/alpha/pipeline/text-classification", "models/acme/beta"]) {
			const local = await fetch(`${server.url}/hf-inference/${path}`, {
				method: "POST",
				headers,
				body: JSON.stringify({ inputs: "great" }),
			});
			expect(await local.json()).toEqual([{ label: "POSITIVE", score: 1 }]);
		}

		const text = await scrape();
		const chatTasks = matchInferenceRoute("together", "POST", "v1/chat/completions")?.route.tasks.join("|") ?? "";
		expect(chatTasks).not.toBe("");
		expect(
			sample(text, "hubkit_inference_requests_total", { provider: "together", task: chatTasks, status: "200" }),
		).toBe(1);
		expect(
			sample(text, "hubkit_inference_requests_total", {
				provider: "hf-inference",
				task: "text-classification",
				status: "200",
			}),
		).toBe(2);
		expect(
			sample(text, "hubkit_inference_duration_seconds_count", {
				provider: "hf-inference",
				task: "text-classification",
			}),
		).toBe(2);
		expect(sample(text, "hubkit_local_runtime_queued", { lane: "tasks" })).toBe(3);
		expect(sample(text, "hubkit_local_runtime_running", { lane: "tasks" })).toBe(1);
		expect(sample(text, "hubkit_local_runtime_workers", { lane: "completions" })).toBe(1);
		expect(
			sample(text, "hubkit_http_requests_total", { method: "POST", route: "/hf-inference/{rest}", status: "200" }),
		).toBe(2);
		for (const secret of [token, OPERATOR_KEY, "carol", TOGETHER_MODEL]) expect(text).not.toContain(secret);
	});

	it("keeps one registry per app: another app on the same database counts only its own requests", async () => {
		const other = await listen(createHubApp(hub.deps));
		try {
			const text = await scrape(other.url);
			expect(sample(text, "hubkit_http_requests_total", { method: "GET", route: "/metrics", status: "200" })).toBe(
				undefined,
			);
			expect(
				sample(text, "hubkit_http_requests_total", {
					method: "GET",
					route: "/api/models/{namespace}/{name}",
					status: "200",
				}),
			).toBe(undefined);
			expect(await scrape()).toContain('route="/api/models/{namespace}/{name}"');
		} finally {
			await other.close();
		}
	});

	it("asks for the metrics token when one is set, and takes it for nothing else", async () => {
		const guarded = await listen(
			createHubApp({ ...hub.deps, config: { ...hub.deps.config, metricsToken: METRICS_TOKEN } }),
		);
		try {
			const bare = await fetch(`${guarded.url}/metrics`);
			expect(bare.status).toBe(401);
			expect(bare.headers.get("www-authenticate")).toContain("Bearer");
			await bare.arrayBuffer();
			const wrong = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
			expect(wrong.status).toBe(401);
			await wrong.arrayBuffer();
			const right = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
			expect(right.status).toBe(200);
			expect(await right.text()).toContain("hubkit_http_requests_total");
			// Not a hub token: it signs no one in.
			const whoami = await fetch(`${guarded.url}/api/whoami-v2`, {
				headers: { authorization: `Bearer ${METRICS_TOKEN}` },
			});
			expect(whoami.status).toBe(401);
			await whoami.arrayBuffer();
		} finally {
			await guarded.close();
		}
		expect(log.text()).not.toContain(METRICS_TOKEN);
	});

	it("writes one access line per request with the id the client saw, and never a secret it sent", async () => {
		const secrets = {
			query: "query-token-value-1111",
			bearer: "hf_bearer_secret_2222",
			cookie: "cookie-session-secret-3333",
			upload: "upload-capability-secret-4444",
			code: "oauth-code-secret-5555",
		};
		const calls: [string, RequestInit][] = [
			[
				`/api/models/acme/alpha?search=kept&token=${secrets.query}&access_token=${secrets.query}`,
				{ headers: { authorization: `Bearer ${secrets.bearer}` } },
			],
			["/api/models/acme/beta", { headers: { cookie: `hubkit_session=${secrets.cookie}` } }],
			[`/acme/alpha.git/info/lfs/uploads/${secrets.upload}`, { method: "PUT", body: "bytes" }],
			[`/oauth/token?code=${secrets.code}`, { method: "POST" }],
			[
				"/together/v1/chat/completions",
				{
					method: "POST",
					headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
					body: JSON.stringify({ model: TOGETHER_MODEL, messages: [{ role: "user", content: "hi" }] }),
				},
			],
		];
		const seen: { requestId: string; status: number; bytes: number; path: string }[] = [];
		for (const [path, init] of calls) {
			const response = await fetch(`${server.url}${path}`, init);
			const body = new Uint8Array(await response.arrayBuffer());
			seen.push({
				requestId: response.headers.get("x-request-id") ?? "",
				status: response.status,
				bytes: body.length,
				path,
			});
		}
		for (const { requestId, status, bytes } of seen) {
			expect(requestId).not.toBe("");
			const line = await lineOf(log, requestId, "access");
			expect(line).toMatchObject({ level: "info", msg: "request", requestId, status, bytes });
			expect(typeof line.durationMs).toBe("number");
			expect(typeof line.time).toBe("string");
		}
		const first = await lineOf(log, seen[0]?.requestId ?? "", "access");
		expect(first).toMatchObject({ method: "GET", route: "/api/models/{namespace}/{name}" });
		expect(first.path).toBe("/api/models/acme/alpha?search=kept&token=[redacted]&access_token=[redacted]");
		const upload = await lineOf(log, seen[2]?.requestId ?? "", "access");
		expect(upload).toMatchObject({ method: "PUT", route: "/{namespace}/{name}/info/lfs/uploads/{secret}" });
		expect(upload.path).toBe("/acme/alpha.git/info/lfs/uploads/[redacted]");

		const written = log.text();
		for (const secret of [...Object.values(secrets), token, OPERATOR_KEY]) expect(written).not.toContain(secret);
	});

	it("censors fields named like credentials, should a caller ever pass one to the JSON logger", () => {
		const own = capturedLog();
		own.logger.info("slipped", {
			authorization: "Bearer slipped-1",
			token: "slipped-2",
			"set-cookie": "slipped-3",
			kept: "yes",
		});
		own.logger.error("failed", new Error("boom"), { requestId: "r-1", password: "slipped-4" });
		expect(own.lines()).toMatchObject([
			{ msg: "slipped", authorization: "[redacted]", token: "[redacted]", "set-cookie": "[redacted]", kept: "yes" },
			{ msg: "failed", level: "error", requestId: "r-1", password: "[redacted]", err: { message: "boom" } },
		]);
		expect(own.text()).not.toContain("slipped-");
	});

	it("logs a failure with the request id the client was given, and the stack", async () => {
		const failing = await openTestHub(testDb.config, memoryBlobStore(), log.logger);
		const failingServer = await listen(failing.app);
		try {
			await failing.database.close();
			const response = await fetch(`${failingServer.url}/api/models?token=${OPERATOR_KEY}`);
			expect(response.status).toBe(500);
			expect(await response.json()).toEqual({ error: "Internal server error" });
			const requestId = response.headers.get("x-request-id") ?? "";
			const line = log.lines().find((entry) => entry.requestId === requestId && entry.level === "error");
			expect(line).toMatchObject({ msg: "GET /api/models failed", path: "/api/models?token=[redacted]" });
			expect(String((line?.err as { stack?: string } | undefined)?.stack)).toContain("Error");
			expect((await lineOf(log, requestId, "access")).status).toBe(500);
		} finally {
			await failingServer.close();
		}
		expect(log.text()).not.toContain(OPERATOR_KEY);
	});
});
