/**
 * 503 ("model loading") retries. The wait schedule is unit-tested on retryDelay();
 * through the server only counts and outcomes are checked (no timing thresholds).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS } from "../src/config.js";
import {
	chatCompletion,
	clearMappingCache,
	InferenceClientAbortError,
	InferenceClientProviderApiError,
	textClassification,
} from "../src/index.js";
import { retryDelay } from "../src/lib/http.js";
import { type FakeServer, failThenSucceed, reply, startFakeServer } from "./fake-server.js";
import {
	CHAT_ANSWER,
	CHAT_MODEL,
	CHAT_PATH,
	CLASSIFICATION,
	CLASSIFIER,
	classifierPath,
	HF_TOKEN,
	mapChatModel,
	mapClassifier,
	rejectionOf,
	via,
} from "./helpers.js";

describe("retryDelay", () => {
	afterEach(() => {
		vi.restoreAllMocks();
	});

	it("doubles from the base delay up to the cap", () => {
		const schedule = Array.from({ length: 8 }, (_, attempt) => retryDelay(attempt, null));
		expect(schedule).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000, 4000]);
		expect(schedule[0]).toBe(RETRY_BASE_DELAY_MS);
		expect(Math.max(...schedule)).toBe(RETRY_MAX_DELAY_MS);
		expect(retryDelay(60, null)).toBe(RETRY_MAX_DELAY_MS);
	});

	it("honours Retry-After in seconds, capped", () => {
		expect(retryDelay(0, "1")).toBe(1000);
		expect(retryDelay(5, "1")).toBe(1000);
		expect(retryDelay(0, "0")).toBe(0);
		expect(retryDelay(0, "2.5")).toBe(2500);
		expect(retryDelay(0, "120")).toBe(RETRY_MAX_DELAY_MS);
		expect(retryDelay(0, "-3")).toBe(0);
	});

	it("honours Retry-After as an HTTP date", () => {
		const now = Date.parse("2025-01-01T00:00:00Z");
		vi.spyOn(Date, "now").mockReturnValue(now);
		expect(retryDelay(0, "Wed, 01 Jan 2025 00:00:03 GMT")).toBe(3000);
		expect(retryDelay(0, "Tue, 31 Dec 2024 23:59:00 GMT")).toBe(0);
	});

	it("falls back to the backoff for an unreadable Retry-After", () => {
		expect(retryDelay(2, "soon")).toBe(1000);
		expect(retryDelay(1, "")).toBe(500);
	});
});

let server: FakeServer;
beforeAll(async () => {
	server = await startFakeServer();
});
afterAll(() => server.close());
beforeEach(() => {
	server.reset();
	clearMappingCache();
	mapChatModel(server);
	mapClassifier(server);
});

const classify = (options: Record<string, unknown> = {}) =>
	textClassification(
		{ accessToken: HF_TOKEN, model: CLASSIFIER, provider: "hf-inference", inputs: "x" },
		{ ...via(server), ...options },
	);
const loading = reply.status(503, { retryAfter: "0", body: "Model is loading" });

describe("503 through the server", () => {
	it("retries until success; the mapping is looked up once", async () => {
		server.route("POST", classifierPath(), failThenSucceed(3, reply.json(CLASSIFICATION), loading));
		await expect(classify()).resolves.toEqual(CLASSIFICATION);
		expect(server.requestsTo(classifierPath())).toHaveLength(4);
		expect(server.hubRequests()).toHaveLength(1);
	});

	it("retries with the default backoff when there is no Retry-After", async () => {
		server.route("POST", classifierPath(), failThenSucceed(2, reply.json(CLASSIFICATION)));
		await expect(classify()).resolves.toEqual(CLASSIFICATION);
		expect(server.requestsTo(classifierPath())).toHaveLength(3);
	});

	it("sends the same request on every attempt", async () => {
		server.route("POST", CHAT_PATH, failThenSucceed(2, reply.json(CHAT_ANSWER), loading));
		await chatCompletion(
			{ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", messages: [{ role: "user", content: "é🙂" }] },
			via(server),
		);
		const attempts = server.requestsTo(CHAT_PATH);
		expect(attempts).toHaveLength(3);
		for (const attempt of attempts) {
			expect(attempt.text()).toBe(attempts[0]?.text());
			expect(attempt.headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
		}
	});

	it("retry_on_error: false → the 503 at once, as a retryable provider error", async () => {
		server.route("POST", classifierPath(), failThenSucceed(1, reply.json(CLASSIFICATION), loading));
		const error = await rejectionOf(classify({ retry_on_error: false }));
		expect(error).toBeInstanceOf(InferenceClientProviderApiError);
		expect((error as InferenceClientProviderApiError).status).toBe(503);
		expect((error as InferenceClientProviderApiError).retryable).toBe(true);
		expect((error as Error).message).toContain("Model is loading");
		expect(server.requestsTo(classifierPath())).toHaveLength(1);
	});

	it("does not retry other statuses (429 is reported, retryable)", async () => {
		server.route("POST", classifierPath(), failThenSucceed(1, reply.json(CLASSIFICATION), reply.status(429)));
		const error = await rejectionOf(classify());
		expect((error as InferenceClientProviderApiError).status).toBe(429);
		expect((error as InferenceClientProviderApiError).retryable).toBe(true);
		expect(server.requestsTo(classifierPath())).toHaveLength(1);
	});

	it("503 forever + timeout → the timeout ends the loop", async () => {
		server.route("POST", classifierPath(), reply.status(503));
		const error = await rejectionOf(classify({ timeout: 600 }));
		expect(error).toBeInstanceOf(InferenceClientAbortError);
		expect((error as InferenceClientAbortError).reason).toBe("timeout");
		expect(server.requestsTo(classifierPath()).length).toBeGreaterThanOrEqual(1);
		expect(server.hubRequests()).toHaveLength(1);
	});

	it("503 forever + the caller's signal → aborted", async () => {
		const controller = new AbortController();
		// Abort once a few attempts have gone by: the loop is running, not waiting to start.
		server.route("POST", classifierPath(), (_request, count) => {
			if (count === 3) controller.abort();
			return reply.status(503, { retryAfter: "0" });
		});
		const error = await rejectionOf(classify({ signal: controller.signal }));
		expect(error).toBeInstanceOf(InferenceClientAbortError);
		expect((error as InferenceClientAbortError).reason).toBe("aborted");
		expect(server.requestsTo(classifierPath()).length).toBeGreaterThanOrEqual(4);
	});

	it("an already aborted signal sends nothing to the provider", async () => {
		server.route("POST", classifierPath(), reply.json(CLASSIFICATION));
		const error = await rejectionOf(classify({ signal: AbortSignal.abort() }));
		expect(error).toBeInstanceOf(InferenceClientAbortError);
		expect((error as InferenceClientAbortError).reason).toBe("aborted");
		expect(server.requestsTo(classifierPath())).toHaveLength(0);
	});
});
