/**
 * The OpenAI-compatible providers: the bodies they send, the outputs they read, and Together's video polling
 * against a real local HTTP server.
 */
import { describe, expect, it } from "vitest";
import { type Behaviour, type RecordedRequest, reply } from "../../test/fake-server.js";
import { useFakeServer } from "../../test/helpers.js";
import { buildRequest } from "../call/request.js";
import { InferenceClientAbortError, InferenceClientInputError, InferenceClientProviderApiError } from "../errors.js";
import { automaticSpeechRecognition, textToSpeech, textToVideo } from "../tasks/functions.js";
import type { InferenceProvider, InferenceTask } from "../types.js";
import { PROVIDERS } from "./index.js";
import type { ResponseContext } from "./provider-helper.js";
import { TogetherVideoTask } from "./together.js";

/** The OpenAI-compatible group (the contract of their URLs and headers: ./registry.test.ts). */
const GROUP: InferenceProvider[] = [
	"baseten",
	"cerebras",
	"cohere",
	"deepinfra",
	"featherless-ai",
	"fireworks-ai",
	"groq",
	"hyperbolic",
	"nebius",
	"nscale",
	"openai",
	"ovhcloud",
	"publicai",
	"sambanova",
	"scaleway",
	"together",
];

const PAIRS = GROUP.flatMap((provider) =>
	(Object.keys(PROVIDERS[provider]) as InferenceTask[]).map(
		(task) => [provider, task] as [InferenceProvider, InferenceTask],
	),
);

const MODEL = "org/some-model";

function helperOf(provider: InferenceProvider, task: InferenceTask) {
	const helper = PROVIDERS[provider][task];
	if (!helper) throw new Error(`no helper for ${provider}/${task}`);
	return helper;
}

describe("routing", () => {
	it("openai is client-side routing only: hf_ tokens are refused before any look-up", async () => {
		expect(helperOf("openai", "conversational").clientSideRoutingOnly).toBe(true);
		const noNetwork = (() => {
			throw new Error("no request expected");
		}) as unknown as typeof fetch;
		await expect(
			buildRequest({ provider: "openai", model: "openai/gpt-oss-120b", accessToken: "hf_x", messages: [] } as never, {
				task: "conversational",
				fetch: noNetwork,
			}),
		).rejects.toBeInstanceOf(InferenceClientInputError);
	});
});

// ---------------------------------------------------------------- bodies

const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const CLIENT_ARGS = { accessToken: "hf_secret", model: "hub/model", provider: "whatever" };
const audioBlob = () => new Blob([new Uint8Array([0x49, 0x44, 0x33, 1, 2, 3])], { type: "audio/mpeg" });
const imageBlob = () =>
	new Blob([Uint8Array.from(atob(PNG_BASE64), (char) => char.charCodeAt(0))], { type: "image/png" });

/** Parameter names per provider and task: ./parameters.test.ts. Here: what that table cannot show. */
describe("request bodies", () => {
	it("embeddings take a single string too", async () => {
		const helper = helperOf("together", "feature-extraction");
		const sent = await helper.makeBody({ args: { inputs: "one" }, model: MODEL, mapping: undefined });
		expect(JSON.parse(sent as string)).toEqual({ input: "one", model: MODEL });
	});

	it("a streamed text generation over chat asks for a stream", async () => {
		const helper = helperOf("groq", "text-generation");
		const sent = await helper.makeBody({ args: { inputs: "Hi", stream: true }, model: MODEL, mapping: undefined });
		expect(JSON.parse(sent as string)).toEqual({
			stream: true,
			messages: [{ role: "user", content: "Hi" }],
			model: MODEL,
		});
	});

	it.each([
		["together", "text-to-image", { inputs: 42 }],
		["hyperbolic", "text-to-image", { inputs: "" }],
		["deepinfra", "feature-extraction", { inputs: [1, 2] }],
		["together", "text-to-speech", { inputs: undefined }],
		["groq", "text-generation", { inputs: ["a"] }],
		["together", "text-to-video", { inputs: audioBlob() }],
		["together", "image-to-video", { inputs: "not an image" }],
		["together", "image-to-image", { inputs: "not an image", parameters: { prompt: "x" } }],
		["together", "image-to-image", { inputs: imageBlob() }],
		["deepinfra", "automatic-speech-recognition", { inputs: "not audio" }],
	] as [InferenceProvider, InferenceTask, Record<string, unknown>][])(
		"%s / %s rejects bad input",
		async (provider, task, args) => {
			const helper = helperOf(provider, task);
			await expect(helper.makeBody({ args, model: MODEL, mapping: undefined, task })).rejects.toBeInstanceOf(
				InferenceClientInputError,
			);
		},
	);

	it.each([["deepinfra"], ["together"]] as [InferenceProvider][])(
		"%s transcription is a multipart form with the audio file",
		async (provider) => {
			const helper = helperOf(provider, "automatic-speech-recognition");
			expect(helper.binaryInput).toBe(true);
			for (const field of ["data", "inputs"]) {
				const sent = await helper.makeBody({
					args: { ...CLIENT_ARGS, [field]: audioBlob(), parameters: { language: "en", temperature: 0 } },
					model: MODEL,
					mapping: undefined,
				});
				expect(sent).toBeInstanceOf(FormData);
				const form = sent as FormData;
				expect([...form.keys()].sort()).toEqual(["file", "language", "model", "temperature"]);
				const file = form.get("file") as File;
				expect(file.name).toBe("audio.mp3");
				expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(await audioBlob().arrayBuffer()));
				expect(form.get("model")).toBe(MODEL);
				expect(form.get("language")).toBe("en");
				expect(form.get("temperature")).toBe("0");
			}
		},
	);

	it("together image-to-image sends the image as a data URL with the prompt", async () => {
		const helper = helperOf("together", "image-to-image");
		const sent = await helper.makeBody({
			args: { ...CLIENT_ARGS, inputs: imageBlob(), parameters: { prompt: "make it blue", num_inference_steps: 28 } },
			model: MODEL,
			mapping: undefined,
		});
		expect(JSON.parse(sent as string)).toEqual({
			steps: 28,
			prompt: "make it blue",
			image_url: `data:image/png;base64,${PNG_BASE64}`,
			response_format: "base64",
			model: MODEL,
		});
	});

	it("together image-to-video sends the image as the first frame", async () => {
		const helper = helperOf("together", "image-to-video");
		const sent = await helper.makeBody({
			args: { ...CLIENT_ARGS, inputs: imageBlob(), parameters: { prompt: "the fox wakes up", seconds: 5 } },
			model: MODEL,
			mapping: undefined,
		});
		expect(JSON.parse(sent as string)).toEqual({
			seconds: 5,
			prompt: "the fox wakes up",
			frame_images: [{ input_image: PNG_BASE64, frame: 0 }],
			model: MODEL,
		});
		const withoutPrompt = await helper.makeBody({ args: { inputs: imageBlob() }, model: MODEL, mapping: undefined });
		expect(JSON.parse(withoutPrompt as string)).toEqual({
			frame_images: [{ input_image: PNG_BASE64, frame: 0 }],
			model: MODEL,
		});
	});
});

// ---------------------------------------------------------------- responses

function offlineContext(outputType?: ResponseContext["outputType"]): ResponseContext {
	return {
		url: "https://router.huggingface.co/x",
		headers: {},
		authMethod: "hf-token",
		routerUrl: "http://127.0.0.1:9",
		outputType,
		fetch: (() => {
			throw new Error("no request expected");
		}) as unknown as typeof fetch,
		signal: AbortSignal.timeout(5000),
	};
}

const chatAnswer = {
	id: "chatcmpl-1",
	object: "chat.completion",
	created: 1_700_000_000,
	model: MODEL,
	choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Hello!" } }],
};

/** A realistic answer, the output it gives, and a wrong-shaped answer, per kind of helper. */
const RESPONSES: Record<string, { answer: unknown; output: unknown; wrong: unknown[] }> = {
	chat: { answer: chatAnswer, output: chatAnswer, wrong: [{ choices: "none" }, { ...chatAnswer, id: 3 }, "text"] },
	completion: {
		answer: { id: "cmpl-1", choices: [{ index: 0, text: " a time" }] },
		output: { generated_text: " a time" },
		wrong: [{ choices: [] }, { choices: [{ message: { content: "x" } }] }],
	},
	chatGeneration: {
		answer: chatAnswer,
		output: { generated_text: "Hello!" },
		wrong: [{ choices: [{ text: "x" }] }, { choices: [] }, null],
	},
	embeddings: {
		answer: {
			object: "list",
			data: [
				{ object: "embedding", index: 1, embedding: [0.3, 0.4] },
				{ object: "embedding", index: 0, embedding: [0.1, 0.2] },
			],
			model: MODEL,
		},
		output: [
			[0.1, 0.2],
			[0.3, 0.4],
		],
		wrong: [{ data: [] }, { data: [{ embedding: "AAAA" }] }, [[0.1, 0.2]]],
	},
	transcription: {
		answer: { text: "hello world" },
		output: { text: "hello world" },
		wrong: [{ transcript: "hello" }, { text: 3 }],
	},
};

function kindOf(provider: string, task: string): string {
	if (task === "conversational") return "chat";
	if (task === "text-generation")
		return provider === "groq" || provider === "hyperbolic" ? "chatGeneration" : "completion";
	if (task === "feature-extraction") return "embeddings";
	if (task === "automatic-speech-recognition") return "transcription";
	if (task === "text-to-speech") return "speech";
	if (provider === "hyperbolic" && task === "text-to-image") return "hyperbolicImage";
	if (task === "text-to-image" || task === "image-to-image") return "image";
	return "video";
}

async function bytesOf(value: unknown): Promise<number[]> {
	expect(value).toBeInstanceOf(Blob);
	return [...new Uint8Array(await (value as Blob).arrayBuffer())];
}

describe("responses", () => {
	const jsonPairs = PAIRS.filter(([provider, task]) => RESPONSES[kindOf(provider, task)]);

	it.each(jsonPairs)("%s / %s reads its answer and rejects a wrong shape", async (provider, task) => {
		const helper = helperOf(provider, task);
		const { answer, output, wrong } = RESPONSES[kindOf(provider, task)] as (typeof RESPONSES)[string];
		expect(await helper.getResponse(answer, offlineContext())).toEqual(output);
		for (const bad of wrong) {
			await expect(helper.getResponse(bad, offlineContext())).rejects.toThrow("Invalid inference output");
		}
	});

	it("transcriptions keep verbose segments as chunks", async () => {
		const helper = helperOf("deepinfra", "automatic-speech-recognition");
		const answer = {
			text: "hello world",
			segments: [
				{ id: 0, start: 0, end: 0.5, text: "hello" },
				{ id: 1, start: 0.5, end: 1.1, text: " world" },
			],
		};
		expect(await helper.getResponse(answer, offlineContext())).toEqual({
			text: "hello world",
			chunks: [
				{ text: "hello", timestamp: [0, 0.5] },
				{ text: " world", timestamp: [0.5, 1.1] },
			],
		});
	});

	const imagePairs = PAIRS.filter(([provider, task]) => kindOf(provider, task) === "image");
	it.each(imagePairs)("%s / %s returns the base64 image in every output type", async (provider, task) => {
		const helper = helperOf(provider, task);
		const answer = { created: 1, data: [{ b64_json: PNG_BASE64 }] };
		const blob = await helper.getResponse(answer, offlineContext());
		expect((blob as Blob).type).toBe("image/png");
		expect(await bytesOf(blob)).toEqual(await bytesOf(imageBlob()));
		expect(await helper.getResponse(answer, offlineContext("url"))).toBe(`data:image/png;base64,${PNG_BASE64}`);
		expect(await helper.getResponse(answer, offlineContext("dataUrl"))).toBe(`data:image/png;base64,${PNG_BASE64}`);
		expect(await helper.getResponse(answer, offlineContext("json"))).toEqual(answer);
		const urlAnswer = { data: [{ url: "https://cdn.example/img.png" }] };
		expect(await helper.getResponse(urlAnswer, offlineContext("url"))).toBe("https://cdn.example/img.png");
		for (const bad of [{ data: [] }, { data: [{ b64_json: 5 }] }, { images: [{ image: PNG_BASE64 }] }, "oops"]) {
			await expect(helper.getResponse(bad, offlineContext())).rejects.toThrow("Invalid inference output: expected");
		}
	});

	it("a JPEG answer is typed as JPEG", async () => {
		const jpeg = btoa(String.fromCharCode(0xff, 0xd8, 0xff, 0xe0, 0, 16));
		const out = await helperOf("nebius", "text-to-image").getResponse({ data: [{ b64_json: jpeg }] }, offlineContext());
		expect((out as Blob).type).toBe("image/jpeg");
	});

	it("hyperbolic / text-to-image reads { images: [{ image }] }", async () => {
		const helper = helperOf("hyperbolic", "text-to-image");
		const answer = { images: [{ index: 0, image: PNG_BASE64, random_seed: 1 }], inference_time: 0.8 };
		expect(await bytesOf(await helper.getResponse(answer, offlineContext()))).toEqual(await bytesOf(imageBlob()));
		expect(await helper.getResponse(answer, offlineContext("json"))).toEqual(answer);
		for (const bad of [{ images: [] }, { data: [{ b64_json: PNG_BASE64 }] }, { images: [{ image: 1 }] }]) {
			await expect(helper.getResponse(bad, offlineContext())).rejects.toThrow("Invalid inference output: expected");
		}
	});

	it.each([["deepinfra"], ["together"]] as [InferenceProvider][])(
		"%s / text-to-speech returns the audio bytes",
		async (provider) => {
			const helper = helperOf(provider, "text-to-speech");
			expect(helper.responseKind).toBe("blob");
			const audio = audioBlob();
			expect(await helper.getResponse(audio, offlineContext())).toBe(audio);
			expect(await helper.getResponse(audio, offlineContext("dataUrl"))).toMatch(/^data:audio\/mpeg;base64,/);
			for (const bad of [{ audio: "x" }, new Blob([]), new Blob(['{"error":"x"}'], { type: "application/json" })]) {
				await expect(helper.getResponse(bad, offlineContext())).rejects.toThrow("Invalid inference output");
			}
		},
	);

	it("together video rejects a create answer without a job id", async () => {
		const helper = helperOf("together", "text-to-video");
		for (const bad of [{ status: "queued" }, { id: "" }, "oops"]) {
			await expect(helper.getResponse(bad, offlineContext())).rejects.toThrow("Invalid inference output: expected");
		}
	});
});

// ---------------------------------------------------------------- local server

const VIDEO_BYTES = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]);

/** Status answers per job id, by call number (the last repeats). */
function jobStatuses(id: string, base: string): Behaviour[] {
	const job = (status: string, extra: Record<string, unknown> = {}) =>
		reply.json({ id, model: MODEL, status, info: { errors: null }, ...extra });
	const done = job("completed", { outputs: { cost: 0.2, video_url: `${base}/files/${id}.mp4` } });
	switch (id.replace(/-.*$/, "")) {
		case "ok":
			return [job("queued"), job("in_progress"), done];
		case "fail":
			return [job("queued"), job("failed", { info: { errors: "content policy violation" } })];
		case "cancel":
			return [job("cancelled")];
		case "garbage":
			return [job("queued"), reply.text("{not json")];
		case "broken":
			return [reply.json({ error: "status store down" }, 500)];
		case "odd":
			return [job("paused")];
		case "nourl":
			return [job("completed", { outputs: { cost: 0.2 } })];
		case "slow":
			return [job("queued")];
		default:
			return [done];
	}
}

/** The hub maps each model these tests call to the provider named by its org, under `<provider>-side/<name>`. */
const MAPPED: Record<string, string> = {
	"together/wan-video": "text-to-video",
	"deepinfra/asr-model": "automatic-speech-recognition",
	"together/asr-model": "automatic-speech-recognition",
	"together/tts-model": "text-to-speech",
	"cohere/chat-command": "conversational",
};

const server = useFakeServer((fake) => {
	for (const [model, task] of Object.entries(MAPPED)) {
		const [provider, name] = model.split("/") as [string, string];
		fake.setMapping(model, { [provider]: { providerId: `${provider}-side/${name}`, task, status: "live" } });
	}
	fake.route("POST", "/together/v2/videos", reply.json({ id: "e2e-1", object: "video", status: "queued" }));
	const statusCalls = new Map<string, number>();
	fake.route("GET", /^\/(?:together|direct)\/v2\/videos\/[^/]+$/, (request) => {
		const id = decodeURIComponent(request.path.split("/").at(-1) as string);
		const count = statusCalls.get(id) ?? 0;
		statusCalls.set(id, count + 1);
		const answers = jobStatuses(id, fake.url);
		return answers[Math.min(count, answers.length - 1)] as Behaviour;
	});
	fake.route("GET", /^\/files\//, reply.binary(VIDEO_BYTES, "video/mp4"));
	fake.route("POST", /\/audio\/transcriptions$/, reply.json({ text: "transcribed" }));
	fake.route("POST", /\/audio\/speech$/, reply.binary(new TextEncoder().encode("ID3fake"), "audio/mpeg"));
});
const base = () => server.url;

function localContext(signal: AbortSignal, options: Partial<ResponseContext> = {}): ResponseContext {
	return {
		url: `${base()}/together/v2/videos`,
		headers: { Authorization: "Bearer hf_x", "Content-Type": "application/json" },
		authMethod: "hf-token",
		routerUrl: base(),
		fetch: globalThis.fetch,
		signal,
		...options,
	};
}

const fastVideo = new TogetherVideoTask("text-to-video", 20);
const statusRequests = (id: string) => server.requests.filter((item) => item.path.endsWith(`/v2/videos/${id}`));

describe("together video polling (local server)", () => {
	it("polls queued → in_progress → completed through the router, then fetches the video", async () => {
		const out = await fastVideo.getResponse({ id: "ok-1", status: "queued" }, localContext(AbortSignal.timeout(5000)));
		expect(await bytesOf(out)).toEqual([...VIDEO_BYTES]);
		expect((out as Blob).type).toBe("video/mp4");
		const polls = statusRequests("ok-1");
		expect(polls).toHaveLength(3);
		for (const poll of polls) {
			expect(poll.method).toBe("GET");
			expect(poll.path).toBe("/together/v2/videos/ok-1");
			expect(poll.headers.authorization).toBe("Bearer hf_x");
		}
		// The signed video URL gets no credentials.
		const download = server.requests.find((item) => item.path === "/files/ok-1.mp4");
		expect(download?.headers.authorization).toBeUndefined();
	});

	it("gives the URL or the job JSON when asked", async () => {
		const url = await fastVideo.getResponse(
			{ id: "ok-2" },
			localContext(AbortSignal.timeout(5000), { outputType: "url" }),
		);
		expect(url).toBe(`${base()}/files/ok-2.mp4`);
		const json = await fastVideo.getResponse(
			{ id: "ok-3" },
			localContext(AbortSignal.timeout(5000), { outputType: "json" }),
		);
		expect(json).toMatchObject({ id: "ok-3", status: "completed", outputs: { video_url: `${base()}/files/ok-3.mp4` } });
	});

	it("with a provider key, polls the provider's host", async () => {
		// The provider host is routed to the local server; the URL asked for is recorded.
		const asked: string[] = [];
		const proxy: typeof fetch = (input, init) => {
			const url = String(input);
			asked.push(url);
			return globalThis.fetch(url.replace("https://api.together.xyz/", `${base()}/direct/`), init);
		};
		const out = await fastVideo.getResponse(
			{ id: "ok-4", status: "queued" },
			localContext(AbortSignal.timeout(5000), {
				authMethod: "provider-key",
				headers: { Authorization: "Bearer tg_key" },
				fetch: proxy,
				outputType: "url",
			}),
		);
		expect(out).toBe(`${base()}/files/ok-4.mp4`);
		expect(asked.filter((url) => url.includes("/v2/videos/"))).toEqual([
			"https://api.together.xyz/v2/videos/ok-4",
			"https://api.together.xyz/v2/videos/ok-4",
			"https://api.together.xyz/v2/videos/ok-4",
		]);
		expect(statusRequests("ok-4")[0]?.headers.authorization).toBe("Bearer tg_key");
	});

	it("a job already completed in the create answer is not polled", async () => {
		const created = { id: "done-1", status: "completed", outputs: { video_url: `${base()}/files/done-1.mp4` } };
		const out = await fastVideo.getResponse(created, localContext(AbortSignal.timeout(5000), { outputType: "url" }));
		expect(out).toBe(`${base()}/files/done-1.mp4`);
		expect(statusRequests("done-1")).toHaveLength(0);
	});

	it("a failed job throws with the provider's reason", async () => {
		await expect(fastVideo.getResponse({ id: "fail-1" }, localContext(AbortSignal.timeout(5000)))).rejects.toThrow(
			"Together video job fail-1 failed: content policy violation",
		);
		await expect(fastVideo.getResponse({ id: "cancel-1" }, localContext(AbortSignal.timeout(5000)))).rejects.toThrow(
			"Together video job cancel-1 cancelled",
		);
	});

	it("an unparsable status body is an invalid output", async () => {
		await expect(fastVideo.getResponse({ id: "garbage-1" }, localContext(AbortSignal.timeout(5000)))).rejects.toThrow(
			"Invalid inference output: expected a JSON status",
		);
	});

	it("odd statuses and completed jobs without a URL are invalid outputs", async () => {
		await expect(fastVideo.getResponse({ id: "odd-1" }, localContext(AbortSignal.timeout(5000)))).rejects.toThrow(
			/Invalid inference output: expected a video job status .*"paused"/,
		);
		await expect(fastVideo.getResponse({ id: "nourl-1" }, localContext(AbortSignal.timeout(5000)))).rejects.toThrow(
			"Invalid inference output: expected a completed video job",
		);
	});

	it("an error status from the status endpoint is an API error", async () => {
		const error = await fastVideo
			.getResponse({ id: "broken-1" }, localContext(AbortSignal.timeout(5000)))
			.catch((e) => e);
		expect(error).toBeInstanceOf(InferenceClientProviderApiError);
		expect((error as InferenceClientProviderApiError).status).toBe(500);
		expect((error as Error).message).toContain("status store down");
	});

	it("aborting during polling stops it", async () => {
		const controller = new AbortController();
		setTimeout(() => controller.abort(), 150);
		const started = Date.now();
		const error = await fastVideo.getResponse({ id: "slow-1" }, localContext(controller.signal)).catch((e) => e);
		expect(error).toBeInstanceOf(InferenceClientAbortError);
		expect((error as InferenceClientAbortError).reason).toBe("aborted");
		expect(Date.now() - started).toBeLessThan(2000);
		const polled = statusRequests("slow-1").length;
		expect(polled).toBeGreaterThan(1);
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(statusRequests("slow-1").length).toBe(polled);
	});

	it("a timeout during polling is a timeout", async () => {
		const error = await fastVideo.getResponse({ id: "slow-2" }, localContext(AbortSignal.timeout(150))).catch((e) => e);
		expect(error).toBeInstanceOf(InferenceClientAbortError);
		expect((error as InferenceClientAbortError).reason).toBe("timeout");
	});

	it("the status-check limit ends a job that never finishes", async () => {
		const limited = new TogetherVideoTask("text-to-video", 5, 3);
		await expect(limited.getResponse({ id: "slow-3" }, localContext(AbortSignal.timeout(5000)))).rejects.toThrow(
			"was not ready after 3 status checks",
		);
	});
});

describe("end to end through the task functions (local hub and router)", () => {
	it("textToVideo creates, polls and downloads", async () => {
		const out = await textToVideo(
			{ accessToken: "hf_x", provider: "together", model: "together/wan-video", inputs: "a fox" },
			{ hubUrl: base(), routerUrl: base(), timeout: 10_000 },
		);
		expect(await bytesOf(out)).toEqual([...VIDEO_BYTES]);
		const create = server.requestsTo("/together/v2/videos", "POST")[0];
		expect(create?.json()).toEqual({ prompt: "a fox", model: "together-side/wan-video" });
	});

	it.each([
		["deepinfra", "/deepinfra/v1/openai/audio/transcriptions"],
		["together", "/together/v1/audio/transcriptions"],
	])("%s speech recognition uploads multipart audio (data: Blob)", async (provider, path) => {
		const out = await automaticSpeechRecognition(
			{
				accessToken: "hf_x",
				provider: provider as InferenceProvider,
				model: `${provider}/asr-model`,
				data: audioBlob(),
			},
			{ hubUrl: base(), routerUrl: base() },
		);
		expect(out).toEqual({ text: "transcribed" });
		const upload = server.requestsTo(path).at(-1) as RecordedRequest;
		expect(upload.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
		const form = await new Response(new Uint8Array(upload.body), {
			headers: { "content-type": upload.headers["content-type"] as string },
		}).formData();
		expect(form.get("model")).toBe(`${provider}-side/asr-model`);
		expect(await bytesOf(form.get("file"))).toEqual(await bytesOf(audioBlob()));
	});

	it("together text-to-speech reads the audio body as a Blob", async () => {
		const out = await textToSpeech(
			{
				accessToken: "hf_x",
				provider: "together",
				model: "together/tts-model",
				inputs: "hi",
				parameters: { voice: "x" },
			},
			{ hubUrl: base(), routerUrl: base() },
		);
		expect(Buffer.from(await (out as Blob).arrayBuffer()).toString()).toBe("ID3fake");
	});

	it("a provider key goes straight to the provider's URL", async () => {
		const { url, init } = await buildRequest(
			{
				accessToken: "co_key",
				provider: "cohere",
				model: "cohere/chat-command",
				messages: [{ role: "user", content: "Hi" }],
			} as never,
			{ task: "conversational", hubUrl: base() },
		);
		expect(url).toBe("https://api.cohere.com/compatibility/v1/chat/completions");
		expect(init.headers.Authorization).toBe("Bearer co_key");
		expect(JSON.parse(init.body as string)).toEqual({
			messages: [{ role: "user", content: "Hi" }],
			model: "cohere-side/chat-command",
		});
	});
});
