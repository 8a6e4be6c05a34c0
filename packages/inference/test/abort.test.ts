/**
 * Every path ends on the caller's signal or timeout: hub look-ups, the request,
 * the error body, the answer body, polling and streams. Nothing here measures
 * speed; a path that hangs fails by the test's own timeout.
 */
import { describe, expect, it } from "vitest";
import {
	chatCompletion,
	InferenceClientAbortError,
	InferenceClientError,
	InferenceClientProviderApiError,
	InferenceClientProviderOutputError,
	textClassification,
	textToImage,
} from "../src/index.js";
import { fetchBlob, fetchJson, poll } from "../src/lib/poll.js";
import type { ResponseContext } from "../src/providers/provider-helper.js";
import { reply } from "./fake-server.js";
import {
	CHAT_MODEL,
	CHAT_PATH,
	CLASSIFICATION,
	CLASSIFIER,
	classifierPath,
	entry,
	expectNoSecret,
	HF_TOKEN,
	mapChatModel,
	mapClassifier,
	rejectionOf,
	useFakeServer,
	via,
} from "./helpers.js";

const server = useFakeServer((server) => {
	mapChatModel(server);
	mapClassifier(server);
});

const LONG = 60_000;
const messages = [{ role: "user", content: "Hi" }];
const classify = (options: Record<string, unknown>, model = CLASSIFIER) =>
	textClassification(
		{ accessToken: HF_TOKEN, model, provider: "hf-inference", inputs: "x" },
		{ ...via(server), ...options },
	);

async function expectAbort(call: Promise<unknown>, reason: "aborted" | "timeout"): Promise<void> {
	const error = await rejectionOf(call);
	expect(error).toBeInstanceOf(InferenceClientAbortError);
	expect((error as InferenceClientAbortError).reason).toBe(reason);
	expect((error as Error).message).toBe(reason === "timeout" ? "The request timed out" : "The request was aborted");
	expectNoSecret(error, HF_TOKEN);
}

/** A signal aborted once the server has received a request to `path`. */
function abortWhenReached(path: string): AbortSignal {
	const controller = new AbortController();
	const check = setInterval(() => {
		if (server.requestsTo(path).length > 0) {
			clearInterval(check);
			controller.abort();
		}
	}, 5);
	controller.signal.addEventListener("abort", () => clearInterval(check));
	return controller.signal;
}

describe("the provider request", () => {
	it("no answer at all + timeout", async () => {
		server.route("POST", classifierPath(), reply.hang());
		await expectAbort(classify({ timeout: 300 }), "timeout");
	});

	it("no answer at all + the caller's signal", async () => {
		server.route("POST", classifierPath(), reply.hang());
		await expectAbort(classify({ signal: abortWhenReached(classifierPath()) }), "aborted");
	});

	it("headers now, JSON body much later + timeout", async () => {
		server.route("POST", classifierPath(), reply.slowBody(LONG, reply.json(CLASSIFICATION)));
		await expectAbort(classify({ timeout: 300 }), "timeout");
	});

	it("headers now, binary body much later + timeout", async () => {
		const model = "acme/slow-image";
		server.setMapping(model, { "hf-inference": entry(model, "text-to-image") });
		server.route(
			"POST",
			`/hf-inference/models/${model}`,
			reply.slowBody(LONG, reply.binary(new Uint8Array(8), "image/png")),
		);
		await expectAbort(
			textToImage(
				{ accessToken: HF_TOKEN, model, provider: "hf-inference", inputs: "a cat" },
				{ ...via(server), timeout: 300 },
			),
			"timeout",
		);
	});

	it("an error status whose body never comes + timeout", async () => {
		server.route("POST", CHAT_PATH, reply.slowBody(LONG, reply.error(500, "error-string")));
		await expectAbort(
			chatCompletion(
				{ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", messages },
				{ ...via(server), timeout: 300 },
			),
			"timeout",
		);
	});

	it("a slow body within the timeout is read", async () => {
		server.route("POST", classifierPath(), reply.slowBody(50, reply.json(CLASSIFICATION)));
		await expect(classify({ timeout: LONG })).resolves.toEqual(CLASSIFICATION);
	});

	it("a connection reset without an answer is a typed error", async () => {
		server.route("POST", classifierPath(), reply.reset());
		const error = await rejectionOf(classify({}));
		expect(error).toBeInstanceOf(InferenceClientError);
		expect(error).not.toBeInstanceOf(InferenceClientAbortError);
		expect((error as Error).message).toContain(server.url);
		expectNoSecret(error, HF_TOKEN);
	});
});

describe("hub look-ups share the call's deadline", () => {
	it("the mapping look-up hangs + timeout", async () => {
		server.route("GET", `/api/models/${CLASSIFIER}`, reply.hang());
		await expectAbort(classify({ timeout: 300 }), "timeout");
		expect(server.requestsTo("/hf-inference/")).toHaveLength(0);
	});

	it("the mapping look-up hangs + the caller's signal", async () => {
		server.route("GET", `/api/models/${CLASSIFIER}`, reply.hang());
		await expectAbort(classify({ signal: abortWhenReached(`/api/models/${CLASSIFIER}`) }), "aborted");
	});

	it("the mapping body never comes + timeout", async () => {
		server.route(
			"GET",
			`/api/models/${CLASSIFIER}`,
			reply.slowBody(LONG, reply.json({ inferenceProviderMapping: {} })),
		);
		await expectAbort(classify({ timeout: 300 }), "timeout");
	});

	it("the task list (default model) hangs + timeout", async () => {
		server.route("GET", "/api/tasks", reply.hang());
		await expectAbort(
			textClassification({ provider: "hf-inference", inputs: "x" }, { ...via(server), timeout: 300 }),
			"timeout",
		);
	});

	it("the LoRA tree look-up hangs + timeout", async () => {
		const lora = "acme/slow-lora";
		server.setMapping(lora, { "fal-ai": entry("fal-ai/flux-lora", "text-to-image", { adapter: "lora" }) });
		server.route("GET", `/api/models/${lora}/tree/main`, reply.hang());
		await expectAbort(
			textToImage(
				{ accessToken: HF_TOKEN, model: lora, provider: "fal-ai", inputs: "a cat" },
				{ ...via(server), timeout: 300 },
			),
			"timeout",
		);
	});

	it("the timeout covers look-up and request together (one deadline)", async () => {
		server.setMapping(CLASSIFIER, { "hf-inference": entry(CLASSIFIER, "text-classification") }, { delayMs: 250 });
		server.route("POST", classifierPath(), reply.late(250, reply.json(CLASSIFICATION)));
		// Each half alone fits in the timeout; both together do not.
		await expectAbort(classify({ timeout: 400 }), "timeout");
	});
});

describe("polling", () => {
	const context = (signal: AbortSignal): ResponseContext => ({
		url: `${server.url}/submit`,
		headers: { Authorization: `Bearer ${HF_TOKEN}`, "Content-Type": "application/json" },
		authMethod: "hf-token",
		routerUrl: server.url,
		fetch,
		signal,
	});
	const never = new AbortController().signal;

	it("follows a status sequence until it is ready", async () => {
		server.route("GET", "/queue/status", [
			reply.json({ status: "IN_QUEUE" }),
			reply.json({ status: "IN_PROGRESS" }),
			reply.json({ status: "COMPLETED", result: 42 }),
		]);
		const result = await poll(
			async () => {
				const status = (await fetchJson(`${server.url}/queue/status`, context(never))) as { status: string };
				return status.status === "COMPLETED" ? status : undefined;
			},
			{ intervalMs: 10, signal: never, what: "the result" },
		);
		expect(result).toEqual({ status: "COMPLETED", result: 42 });
		const checks = server.requestsTo("/queue/status");
		expect(checks).toHaveLength(3);
		expect(checks[0]?.headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
	});

	it("gives up after maxAttempts with an output error", async () => {
		server.route("GET", "/queue/status", reply.json({ status: "IN_PROGRESS" }));
		const error = await rejectionOf(
			poll(async () => undefined, { intervalMs: 1, maxAttempts: 3, signal: never, what: "the result" }),
		);
		expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
		expect((error as Error).message).toContain("after 3 status checks");
	});

	it("ends on the signal while waiting between checks", async () => {
		await expectAbort(
			poll(async () => undefined, { intervalMs: LONG, signal: AbortSignal.timeout(100), what: "the result" }),
			"timeout",
		);
	});

	it("a status request that hangs ends on the signal", async () => {
		server.route("GET", "/queue/status", reply.hang());
		await expectAbort(fetchJson(`${server.url}/queue/status`, context(AbortSignal.timeout(200))), "timeout");
	});

	it("a download whose body never comes ends on the signal", async () => {
		server.route("GET", "/files/image.png", reply.slowBody(LONG, reply.binary(new Uint8Array(4), "image/png")));
		await expectAbort(fetchBlob(`${server.url}/files/image.png`, context(AbortSignal.timeout(200))), "timeout");
	});

	it("a failing status check is a provider error without the token", async () => {
		server.route("GET", "/queue/status", reply.error(500, "error-string", "queue broken"));
		const error = await rejectionOf(fetchJson(`${server.url}/queue/status`, context(never)));
		expect(error).toBeInstanceOf(InferenceClientProviderApiError);
		expect((error as Error).message).toContain("queue broken");
		expectNoSecret(error, HF_TOKEN);
	});

	it("a fal.ai queue that never completes ends on the call's timeout", async () => {
		const model = "acme/queued-image";
		server.setMapping(model, { "fal-ai": entry("fal-ai/flux", "text-to-image") });
		server.route(
			"POST",
			"/fal-ai/fal-ai/flux",
			reply.json({
				request_id: "r1",
				status: "IN_QUEUE",
				status_url: `${server.url}/fal-ai/fal-ai/flux/requests/r1/status`,
				response_url: `${server.url}/fal-ai/fal-ai/flux/requests/r1`,
			}),
		);
		server.route("GET", "/fal-ai/fal-ai/flux/requests/r1/status", reply.json({ status: "IN_PROGRESS" }));
		await expectAbort(
			textToImage(
				{ accessToken: HF_TOKEN, model, provider: "fal-ai", inputs: "a cat" },
				{ ...via(server), timeout: 800 },
			),
			"timeout",
		);
		expect(server.requestsTo("/fal-ai/fal-ai/flux/requests/r1/status").length).toBeGreaterThanOrEqual(1);
	});
});
