/** Calls that cannot work are refused with a typed error before anything reaches a provider. */
import { describe, expect, it } from "vitest";
import {
	automaticSpeechRecognition,
	buildRequest,
	chatCompletion,
	InferenceClientError,
	InferenceClientInputError,
	textClassification,
} from "../src/index.js";
import { PROVIDERS } from "../src/providers/index.js";
import {
	CHAT_MODEL,
	CLASSIFIER,
	entry,
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

/** Nothing but hub look-ups reached the server. */
function expectNothingSent(): void {
	expect(server.requests.filter((request) => !request.path.startsWith("/api/"))).toEqual([]);
}

async function expectInputError(call: Promise<unknown>, message: string | RegExp): Promise<InferenceClientInputError> {
	const error = await rejectionOf(call);
	expect(error).toBeInstanceOf(InferenceClientInputError);
	expect(error).toBeInstanceOf(InferenceClientError);
	if (typeof message === "string") expect((error as Error).message).toContain(message);
	else expect((error as Error).message).toMatch(message);
	expectNoSecret(error, HF_TOKEN);
	expectNothingSent();
	return error as InferenceClientInputError;
}

describe("refused calls", () => {
	it("unknown provider", async () => {
		await expectInputError(
			chatCompletion(
				// @ts-expect-error: not a provider
				{ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "no-such-provider", messages },
				via(server),
			),
			"Provider 'no-such-provider' is not supported",
		);
	});

	it("a task the provider does not serve", async () => {
		await expectInputError(
			textClassification({ accessToken: HF_TOKEN, model: CLASSIFIER, provider: "cerebras", inputs: "x" }, via(server)),
			"Task 'text-classification' is not supported for provider 'cerebras'",
		);
	});

	it("endpointUrl with a third-party provider", async () => {
		await expectInputError(
			chatCompletion(
				{ accessToken: HF_TOKEN, model: CHAT_MODEL, provider: "cerebras", endpointUrl: `${server.url}/ep`, messages },
				via(server),
			),
			"Cannot use endpointUrl with a third-party provider",
		);
	});

	it("a model given as a URL", async () => {
		await expectInputError(
			chatCompletion({ accessToken: HF_TOKEN, model: `${server.url}/some/endpoint`, messages }, via(server)),
			/endpointUrl/,
		);
		expect(server.requests).toHaveLength(0);
	});

	it("no model for a provider that needs one", async () => {
		await expectInputError(
			chatCompletion({ accessToken: HF_TOKEN, provider: "cerebras", messages }, via(server)),
			"A model is required for provider cerebras",
		);
	});

	it("no model with provider auto", async () => {
		await expectInputError(
			chatCompletion({ accessToken: HF_TOKEN, provider: "auto", messages }, via(server)),
			"Specifying a model is required when provider is 'auto'",
		);
		expect(server.requests).toHaveLength(0);
	});

	it("buildRequest refuses the same calls", async () => {
		const error = await rejectionOf(
			buildRequest(
				{ accessToken: HF_TOKEN, model: CLASSIFIER, provider: "cerebras" },
				{ ...via(server), task: "fill-mask" },
			),
		);
		expect(error).toBeInstanceOf(InferenceClientInputError);
	});
});

describe("closed-source providers (openai)", () => {
	it("are flagged client-side-routing-only", () => {
		expect(PROVIDERS.openai.conversational?.clientSideRoutingOnly).toBe(true);
		expect(PROVIDERS.cerebras.conversational?.clientSideRoutingOnly).toBe(false);
	});

	it("refuse an hf_ token", async () => {
		const error = await expectInputError(
			chatCompletion({ accessToken: HF_TOKEN, model: "openai/gpt-4o", provider: "openai", messages }, via(server)),
			"closed-source",
		);
		expect(error.message).toContain("openai");
		expect(server.requests).toHaveLength(0);
	});

	it("go straight to the provider with its own key, without asking the hub", async () => {
		const { url, init } = await buildRequest(
			{ accessToken: PROVIDER_KEY, model: "openai/gpt-4o", provider: "openai", messages },
			{ ...via(server), task: "conversational" },
		);
		expect(url).toBe("https://api.openai.com/v1/chat/completions");
		expect(init.headers.Authorization).toBe(`Bearer ${PROVIDER_KEY}`);
		expect(JSON.parse(String(init.body))).toMatchObject({ model: "gpt-4o", messages });
		expect(server.requests).toHaveLength(0);
	});
});

describe("fal-ai speech recognition", () => {
	it("refuses a Blob that is not audio, before sending", async () => {
		const model = "openai/whisper-large-v3";
		server.setMapping(model, { "fal-ai": entry("fal-ai/whisper", "automatic-speech-recognition") });
		await expectInputError(
			automaticSpeechRecognition(
				{
					accessToken: HF_TOKEN,
					model,
					provider: "fal-ai",
					inputs: new Blob(["not audio"], { type: "text/plain" }),
				},
				via(server),
			),
			/fal\.ai automatic-speech-recognition expects a Blob of type/,
		);
	});
});
