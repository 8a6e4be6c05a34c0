/** Provider errors: readable messages from every body shape, what the error carries, and no secret anywhere. */
import { describe, expect, it } from "vitest";
import {
	chatCompletion,
	chatCompletionStream,
	InferenceClientProviderApiError,
	InferenceClientProviderOutputError,
	type Options,
	textClassification,
	textToImage,
} from "../src/index.js";
import { type ErrorShape, reply } from "./fake-server.js";
import {
	CHAT_ANSWER,
	CHAT_MODEL,
	CHAT_PATH,
	CLASSIFIER,
	classifierPath,
	drain,
	expectNoSecret,
	HF_TOKEN,
	mapChatModel,
	mapClassifier,
	PROVIDER_KEY,
	rejectionOf,
	useFakeServer,
	via,
} from "./helpers.js";

const server = useFakeServer((server) => {
	mapChatModel(server);
	mapClassifier(server);
});

const messages = [{ role: "user", content: "Hi" }];
const classify = (accessToken: string | undefined = HF_TOKEN, options: Options = {}) =>
	textClassification(
		{ accessToken, model: CLASSIFIER, provider: "hf-inference", inputs: "x" },
		{ ...via(server), ...options },
	);
const chat = () =>
	chatCompletion({ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", messages }, via(server));

async function providerError(call: Promise<unknown>): Promise<InferenceClientProviderApiError> {
	const error = await rejectionOf(call);
	expect(error).toBeInstanceOf(InferenceClientProviderApiError);
	expectNoSecret(error, HF_TOKEN);
	return error as InferenceClientProviderApiError;
}

describe("error bodies → messages", () => {
	const cases: [ErrorShape, string][] = [
		["error-string", "Something broke"],
		["error-object", "Something broke"],
		["detail", "Something broke"],
		["message", "Something broke"],
		["text", "Something broke"],
		["html", "Something broke"],
		["empty", "An error occurred while fetching the blob"],
	];
	for (const [shape, expected] of cases) {
		it(`500 with ${shape} body → "${expected}"`, async () => {
			server.route("POST", classifierPath(), reply.error(500, shape));
			const error = await providerError(classify());
			expect(error.message).toBe(`Failed to perform inference: ${expected}`);
			expect(error.status).toBe(500);
			expect(error.message).not.toContain("<");
		});
	}

	it("an HTML page without a title still gives a message", async () => {
		server.route("POST", classifierPath(), reply.text("<html><body>Bad gateway</body></html>", 502, "text/html"));
		const error = await providerError(classify());
		expect(error.message).toContain("Bad gateway");
		expect(error.status).toBe(502);
	});

	it("a list of validation details is reported", async () => {
		server.route(
			"POST",
			classifierPath(),
			reply.json({ detail: [{ loc: ["body", "inputs"], msg: "field required" }] }, 422),
		);
		const error = await providerError(classify());
		expect(error.message).toContain("field required");
	});

	for (const status of [400, 404, 422, 500]) {
		it(`a chat call answered ${status} says the server may not speak chat completion`, async () => {
			server.route("POST", CHAT_PATH, reply.error(status, "error-object", "bad things"));
			const error = await providerError(chat());
			expect(error.message).toContain("Server does not seem to support chat completion");
			expect(error.message).toContain("bad things");
			expect(error.status).toBe(status);
		});
	}

	it("a chat call answered 401 says only what the server said", async () => {
		server.route("POST", CHAT_PATH, reply.error(401, "error-string", "Invalid credentials"));
		const error = await providerError(chat());
		expect(error.message).toBe("Failed to perform inference: Invalid credentials");
		expect(error.retryable).toBe(false);
	});

	it("retryable follows the retry rules: 503 and a 429 that says when, not other 4xx or a POST's 502", async () => {
		const cases: [ReturnType<typeof reply.status>, boolean][] = [
			[reply.status(503), true],
			[reply.status(429, { retryAfter: "0" }), true],
			[reply.status(429), false],
			[reply.status(502), false],
			[reply.status(504), false],
			[reply.error(400, "error-string", "Bad input"), false],
			[reply.error(500, "error-string", "Broken"), false],
		];
		for (const [answer, retryable] of cases) {
			server.route("POST", classifierPath(), answer);
			const error = await providerError(classify(HF_TOKEN, { retry_on_error: false }));
			expect(error.retryable, `${error.status}`).toBe(retryable);
		}
	});
});

describe("the secret scan itself", () => {
	it("finds the token in a message, a nested non-enumerable property, a cause or a getter", () => {
		expect(() => expectNoSecret(new Error(`x ${HF_TOKEN}`), HF_TOKEN)).toThrow();
		const hidden = new Error("fine");
		Object.defineProperty(hidden, "request", { value: { headers: [{ auth: HF_TOKEN }] }, enumerable: false });
		expect(() => expectNoSecret(hidden, HF_TOKEN)).toThrow();
		expect(() => expectNoSecret(new Error("fine", { cause: new Error(HF_TOKEN) }), HF_TOKEN)).toThrow();
		class WithGetter extends Error {
			get secret() {
				return HF_TOKEN;
			}
		}
		expect(() => expectNoSecret(new WithGetter("fine"), HF_TOKEN)).toThrow();
		expect(() => expectNoSecret(new Error("fine"), HF_TOKEN)).not.toThrow();
	});
});

describe("what a provider error carries", () => {
	it("status, the request with the token redacted, the parsed body and the request id", async () => {
		server.route(
			"POST",
			classifierPath(),
			reply.json({ error: "Input too long", error_type: "validation" }, 400, { "x-request-id": "req-42" }),
		);
		const error = await providerError(classify());
		expect(error.status).toBe(400);
		expect(error.response).toEqual({
			status: 400,
			requestId: "req-42",
			body: { error: "Input too long", error_type: "validation" },
		});
		expect(error.request.url).toBe(`${server.url}${classifierPath()}`);
		expect(error.request.method).toBe("POST");
		expect(error.request.headers.authorization).toBe("Bearer [redacted]");
		expect(error.request.headers["user-agent"]).toBe("@hubkit/inference/3.8.1");
	});

	it("a token echoed back by the server is removed from message, body and everything else", async () => {
		server.route("POST", classifierPath(), (request) =>
			reply.json(
				{
					error: `Token ${String(request.headers.authorization)} is not allowed`,
					detail: { headers: request.headers },
				},
				403,
			),
		);
		const error = await providerError(classify());
		expect(error.message).toContain("[redacted]");
		expectNoSecret(error, HF_TOKEN);
	});

	it("a token echoed in a plain-text body is removed too", async () => {
		server.route("POST", classifierPath(), (request) => reply.text(`denied: ${request.headers.authorization}`, 401));
		const error = await providerError(classify());
		expect(error.message).toBe("Failed to perform inference: denied: Bearer [redacted]");
	});

	it("a provider key sent to a dedicated endpoint is never in the error", async () => {
		server.route("POST", "/endpoint", (request) =>
			reply.json({ error: `bad key ${request.headers.authorization}` }, 401),
		);
		const error = await rejectionOf(
			textClassification(
				{ accessToken: PROVIDER_KEY, endpointUrl: `${server.url}/endpoint`, inputs: "x" },
				via(server),
			),
		);
		expect(error).toBeInstanceOf(InferenceClientProviderApiError);
		expect(server.requestsTo("/endpoint")[0]?.headers.authorization).toBe(`Bearer ${PROVIDER_KEY}`);
		expectNoSecret(error, PROVIDER_KEY);
	});

	it("a token echoed in a stream error event is removed", async () => {
		server.route("POST", CHAT_PATH, (request) =>
			reply.sse([`event: error\ndata: {"error": "rejected ${String(request.headers.authorization)}"}\n\n`]),
		);
		const { error } = await drain(
			chatCompletionStream({ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", messages }, via(server)),
		);
		expect(error).toBeInstanceOf(InferenceClientProviderApiError);
		expect((error as Error).message).toContain("Error forwarded from backend: rejected Bearer [redacted]");
		expectNoSecret(error, HF_TOKEN);
	});
});

describe("output shape checks", () => {
	async function outputError(call: Promise<unknown>): Promise<InferenceClientProviderOutputError> {
		const error = await rejectionOf(call);
		expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
		expect((error as Error).message).toMatch(/^Invalid inference output: /);
		expectNoSecret(error, HF_TOKEN);
		return error as InferenceClientProviderOutputError;
	}

	it("classification answered with the wrong shape", async () => {
		server.route("POST", classifierPath(), reply.json({ labels: ["POSITIVE"], scores: "high" }));
		const error = await outputError(classify());
		expect(error.message).toContain("label");
	});

	it("classification answered with malformed JSON", async () => {
		server.route("POST", classifierPath(), reply.malformedJson());
		await outputError(classify());
	});

	it("chat answered with the wrong shape", async () => {
		server.route("POST", CHAT_PATH, reply.json({ ...CHAT_ANSWER, choices: "none" }));
		await outputError(chat());
	});

	it("chat answered with malformed JSON", async () => {
		server.route("POST", CHAT_PATH, reply.malformedJson());
		await outputError(chat());
	});

	it("an image task answered with JSON instead of bytes", async () => {
		const model = "acme/text-to-image";
		server.setMapping(model, { "hf-inference": { providerId: model, task: "text-to-image", status: "live" } });
		server.route("POST", `/hf-inference/models/${model}`, reply.json({ images: [] }));
		await outputError(
			textToImage({ accessToken: HF_TOKEN, model, provider: "hf-inference", inputs: "a cat" }, via(server)),
		);
	});
});
