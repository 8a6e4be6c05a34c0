/**
 * The retry rules: 503 until the deadline; 429 with Retry-After, 502/504 of a
 * GET and connections never made, a few times; nothing else, and never a POST
 * that may have run. The wait schedule is unit-tested on retryDelay(); through
 * servers only counts and outcomes are checked (no timing thresholds).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS } from "../src/config.js";
import {
	chatCompletion,
	InferenceClientAbortError,
	InferenceClientError,
	InferenceClientProviderApiError,
	textClassification,
} from "../src/index.js";
import { fetchBlob, fetchJson } from "../src/lib/poll.js";
import { DEFAULT_MAX_RETRIES, retryDelay, retryRule } from "../src/lib/retry.js";
import { failThenSucceed, reply } from "./fake-server.js";
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
	useFakeServer,
	via,
} from "./helpers.js";

describe("retryDelay", () => {
	afterEach(() => {
		vi.restoreAllMocks();
	});

	it("doubles from the base delay up to the cap, with jitter between half and all of it", () => {
		const longest = Array.from({ length: 8 }, (_, attempt) => retryDelay(attempt, null, () => 1));
		expect(longest).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000, 4000]);
		expect(longest[0]).toBe(RETRY_BASE_DELAY_MS);
		expect(Math.max(...longest)).toBe(RETRY_MAX_DELAY_MS);
		const shortest = Array.from({ length: 8 }, (_, attempt) => retryDelay(attempt, null, () => 0));
		expect(shortest).toEqual([125, 250, 500, 1000, 2000, 2000, 2000, 2000]);
		expect(retryDelay(60, null, () => 1)).toBe(RETRY_MAX_DELAY_MS);
		for (let draw = 0; draw < 50; draw++) {
			const delay = retryDelay(2, null);
			expect(delay).toBeGreaterThanOrEqual(500);
			expect(delay).toBeLessThanOrEqual(1000);
		}
	});

	it("honours Retry-After in seconds, capped, with no jitter", () => {
		expect(retryDelay(0, "1", () => 0)).toBe(1000);
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
		expect(retryDelay(2, "soon", () => 1)).toBe(1000);
		expect(retryDelay(1, "", () => 1)).toBe(500);
	});
});

describe("retryRule: the one predicate", () => {
	it("503 until the deadline; 429 only with Retry-After; 502/504 only for GET; a connection never made", () => {
		expect(retryRule({ status: 503 }, "POST")).toBe("loading");
		expect(retryRule({ status: 503 }, "GET")).toBe("loading");
		expect(retryRule({ status: 429, retryAfter: "1" }, "POST")).toBe("limited");
		expect(retryRule({ status: 429 }, "POST")).toBeUndefined();
		expect(retryRule({ status: 502 }, "POST")).toBeUndefined();
		expect(retryRule({ status: 504 }, "POST")).toBeUndefined();
		expect(retryRule({ status: 502 }, "GET")).toBe("limited");
		expect(retryRule({ status: 504 }, "get")).toBe("limited");
		expect(retryRule({ notSent: true }, "POST")).toBe("limited");
		expect(retryRule({ notSent: false }, "POST")).toBeUndefined();
		for (const status of [400, 401, 404, 422, 500, 501]) expect(retryRule({ status }, "GET")).toBeUndefined();
	});
});

const server = useFakeServer((server) => {
	mapChatModel(server);
	mapClassifier(server);
});

const classify = (options: Record<string, unknown> = {}) =>
	textClassification(
		{ accessToken: HF_TOKEN, model: CLASSIFIER, provider: "hf-inference", inputs: "x" },
		{ ...via(server), ...options },
	);
const loading = reply.status(503, { retryAfter: "0", body: "Model is loading" });
const limited = reply.status(429, { retryAfter: "0", body: "Rate limit reached" });

describe("503 through the server", () => {
	it.each([
		["503", loading, 3],
		["429 with Retry-After", limited, DEFAULT_MAX_RETRIES],
	] as const)("%s: sent again until success; the mapping is looked up once", async (_name, answer, failures) => {
		server.route("POST", classifierPath(), failThenSucceed(failures, reply.json(CLASSIFICATION), answer));
		await expect(classify()).resolves.toEqual(CLASSIFICATION);
		expect(server.requestsTo(classifierPath())).toHaveLength(failures + 1);
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

	it("does not retry other statuses: 500, and 429 without Retry-After", async () => {
		for (const answer of [reply.status(500), reply.status(429)]) {
			const before = server.requestsTo(classifierPath()).length;
			server.route("POST", classifierPath(), failThenSucceed(1, reply.json(CLASSIFICATION), answer));
			const error = await rejectionOf(classify());
			expect(error).toBeInstanceOf(InferenceClientProviderApiError);
			expect((error as InferenceClientProviderApiError).retryable).toBe(false);
			expect(server.requestsTo(classifierPath()).length - before).toBe(1);
		}
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

describe("429 with Retry-After", () => {
	it(`is tried ${DEFAULT_MAX_RETRIES} more times by default, then reported as retryable`, async () => {
		server.route("POST", classifierPath(), limited);
		const error = await rejectionOf(classify());
		expect((error as InferenceClientProviderApiError).status).toBe(429);
		expect((error as InferenceClientProviderApiError).retryable).toBe(true);
		expect(server.requestsTo(classifierPath())).toHaveLength(1 + DEFAULT_MAX_RETRIES);
	});

	it("follows maxRetries, and retry_on_error: false sends once", async () => {
		server.route("POST", classifierPath(), limited);
		await rejectionOf(classify({ maxRetries: 4 }));
		expect(server.requestsTo(classifierPath())).toHaveLength(5);
		await rejectionOf(classify({ maxRetries: 0 }));
		expect(server.requestsTo(classifierPath())).toHaveLength(6);
		await rejectionOf(classify({ retry_on_error: false }));
		expect(server.requestsTo(classifierPath())).toHaveLength(7);
	});
});

describe("502 and 504: only requests that cannot have run twice", () => {
	it("a POST (it may have run, and been billed) is never sent again", async () => {
		for (const status of [502, 504]) {
			const before = server.requestsTo(classifierPath()).length;
			server.route("POST", classifierPath(), failThenSucceed(1, reply.json(CLASSIFICATION), reply.status(status)));
			const error = await rejectionOf(classify());
			expect((error as InferenceClientProviderApiError).status).toBe(status);
			expect((error as InferenceClientProviderApiError).retryable).toBe(false);
			expect(server.requestsTo(classifierPath()).length - before).toBe(1);
		}
	});

	it("a GET (a status poll, a result download) is sent again", async () => {
		server.route("GET", "/status", failThenSucceed(2, reply.json({ status: "done" }), reply.status(502)));
		server.route(
			"GET",
			"/result.png",
			failThenSucceed(1, reply.binary(new Uint8Array([1, 2]), "image/png"), reply.status(504)),
		);
		const context = { url: server.url, headers: {}, authMethod: "none" as const, routerUrl: server.url, fetch };
		await expect(fetchJson(`${server.url}/status`, context)).resolves.toEqual({ status: "done" });
		expect(server.requestsTo("/status")).toHaveLength(3);
		const image = await fetchBlob(`${server.url}/result.png`, context);
		expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array([1, 2]));
		expect(server.requestsTo("/result.png")).toHaveLength(2);
	});

	it("a GET that keeps failing gives up after the retries, as a retryable error", async () => {
		server.route("GET", "/status", reply.status(502));
		const context = { url: server.url, headers: {}, authMethod: "none" as const, routerUrl: server.url, fetch };
		const error = await rejectionOf(fetchJson(`${server.url}/status`, context));
		expect((error as InferenceClientProviderApiError).status).toBe(502);
		expect((error as InferenceClientProviderApiError).retryable).toBe(true);
		expect(server.requestsTo("/status")).toHaveLength(1 + DEFAULT_MAX_RETRIES);
	});
});

describe("connection failures", () => {
	/** A port on 127.0.0.1 that nothing listens on (yet). */
	async function freePort(): Promise<number> {
		const probe = createServer();
		await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
		const { port } = probe.address() as AddressInfo;
		await new Promise<void>((resolve) => probe.close(() => resolve()));
		return port;
	}

	it("a connection refused before anything was sent is tried again, and succeeds once the server is up", async () => {
		const port = await freePort();
		const late = createServer((_request, response) => {
			response.writeHead(200, { "content-type": "application/json" });
			response.end(JSON.stringify(CLASSIFICATION));
		});
		let attempts = 0;
		// The real fetch, counted; the server starts listening after the first refusal.
		const countingFetch: typeof fetch = async (input, init) => {
			attempts++;
			try {
				return await fetch(input, init);
			} catch (error) {
				if (!late.listening) await new Promise<void>((resolve) => late.listen(port, "127.0.0.1", resolve));
				throw error;
			}
		};
		try {
			const output = await textClassification(
				{
					accessToken: HF_TOKEN,
					provider: "hf-inference",
					inputs: "x",
					endpointUrl: `http://127.0.0.1:${port}/classify`,
				},
				{ fetch: countingFetch },
			);
			expect(output).toEqual(CLASSIFICATION);
			expect(attempts).toBe(2);
		} finally {
			await new Promise<void>((resolve) => late.close(() => resolve()));
		}
	});

	it("a connection refused every time is tried 1 + maxRetries times, then a typed error naming the host", async () => {
		const port = await freePort();
		let attempts = 0;
		const countingFetch: typeof fetch = (input, init) => {
			attempts++;
			return fetch(input, init);
		};
		const error = await rejectionOf(
			textClassification(
				{ provider: "hf-inference", inputs: "x", endpointUrl: `http://127.0.0.1:${port}/classify` },
				{ fetch: countingFetch },
			),
		);
		expect(error).toBeInstanceOf(InferenceClientError);
		expect((error as Error).message).toContain(`Failed to reach http://127.0.0.1:${port}`);
		expect(attempts).toBe(1 + DEFAULT_MAX_RETRIES);
	});

	it("a connection reset after the request was sent is not sent again", async () => {
		server.route("POST", classifierPath(), reply.reset());
		const error = await rejectionOf(classify());
		expect(error).toBeInstanceOf(InferenceClientError);
		expect(error).not.toBeInstanceOf(InferenceClientAbortError);
		expect(server.requestsTo(classifierPath())).toHaveLength(1);
	});
});
