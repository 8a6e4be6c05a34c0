/**
 * Media and async providers: black-forest-labs, fal-ai, novita, replicate,
 * wavespeed, zai-org. Request bodies, answer reading, and polling against the
 * fake hub and router (test/fake-server.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type Behaviour, reply } from "../../test/fake-server.js";
import { useFakeServer } from "../../test/helpers.js";
import {
	InferenceClientAbortError,
	InferenceClientInputError,
	InferenceClientProviderApiError,
	InferenceClientProviderOutputError,
} from "../errors.js";
import type { InferenceProviderMappingEntry, InferenceTask } from "../types.js";
import { BFL_MAX_POLL_ATTEMPTS, BFL_POLL_INTERVAL_MS } from "./black-forest-labs.js";
import { FAL_ASR_AUDIO_TYPES } from "./fal-ai.js";
import { PROVIDERS } from "./index.js";
import type { BodyParams, ResponseContext, TaskProviderHelper } from "./provider-helper.js";

/** The media and async providers (the contract of their URLs and headers: ./registry.test.ts). */
type Mine = "black-forest-labs" | "fal-ai" | "novita" | "replicate" | "wavespeed" | "zai-org";

const TOKEN = "hf_x";
const KEY = "provider_key_x";

function helperFor(provider: Mine, task: InferenceTask): TaskProviderHelper {
	const helper = PROVIDERS[provider][task];
	if (!helper) throw new Error(`no helper for ${provider} ${task}`);
	return helper;
}

// ---------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------

const PNG_BYTES = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
const png = () => new Blob([PNG_BYTES], { type: "image/png" });
const PNG_DATA_URL = `data:image/png;base64,${Buffer.from(PNG_BYTES).toString("base64")}`;
const WAV_BYTES = new Uint8Array([82, 73, 70, 70, 4, 5, 6]);
const wav = (type = "audio/wav") => new Blob([WAV_BYTES], { type });
const wavDataUrl = (type = "audio/wav") => `data:${type};base64,${Buffer.from(WAV_BYTES).toString("base64")}`;

async function body(
	provider: Mine,
	task: InferenceTask,
	args: Record<string, unknown>,
	model = "some-org/some-model",
	mapping?: InferenceProviderMappingEntry,
): Promise<unknown> {
	const params: BodyParams = {
		args: { accessToken: TOKEN, model: "hub/model", provider, ...args },
		model,
		mapping,
		task,
		hubUrl: "https://huggingface.co",
	};
	const made = await helperFor(provider, task).makeBody(params);
	expect(typeof made).toBe("string");
	return JSON.parse(made as string);
}

describe("request bodies", () => {
	it("black-forest-labs text-to-image", async () => {
		expect(
			await body(
				"black-forest-labs",
				"text-to-image",
				{ inputs: "a red fox", parameters: { width: 1024, height: 768, num_inference_steps: 28, guidance_scale: 3 } },
				"flux-dev",
			),
		).toEqual({ prompt: "a red fox", width: 1024, height: 768, steps: 28, guidance: 3 });
	});

	it("fal-ai text-to-image, with width/height as image_size and without a LoRA", async () => {
		expect(
			await body("fal-ai", "text-to-image", { inputs: "a red fox", parameters: { width: 512, height: 256, seed: 1 } }),
		).toEqual({ prompt: "a red fox", image_size: { width: 512, height: 256 }, seed: 1 });
	});

	it("fal-ai text-to-image with a LoRA adapter", async () => {
		const mapping: InferenceProviderMappingEntry = {
			provider: "fal-ai",
			providerId: "fal-ai/flux-lora",
			hfModelId: "someone/fox-lora",
			task: "text-to-image",
			status: "live",
			adapter: "lora",
			adapterWeightsPath: "fox.safetensors",
		};
		expect(await body("fal-ai", "text-to-image", { inputs: "a fox" }, "fal-ai/flux-lora", mapping)).toEqual({
			prompt: "a fox",
			loras: [{ path: "https://huggingface.co/someone/fox-lora/resolve/main/fox.safetensors", scale: 1 }],
		});
	});

	it("fal-ai text-to-video, text-to-audio and text-to-speech", async () => {
		expect(await body("fal-ai", "text-to-video", { inputs: "waves", parameters: { num_frames: 9 } })).toEqual({
			prompt: "waves",
			num_frames: 9,
		});
		expect(await body("fal-ai", "text-to-audio", { inputs: "rain", parameters: { seconds_total: 5 } })).toEqual({
			prompt: "rain",
			seconds_total: 5,
		});
		expect(await body("fal-ai", "text-to-speech", { inputs: "Hello", parameters: { voice: "af" } })).toEqual({
			text: "Hello",
			voice: "af",
		});
	});

	it("fal-ai image-to-image and image-text-to-image send the image as a data URL", async () => {
		const expected = { prompt: "make it blue", image_url: PNG_DATA_URL, image_urls: [PNG_DATA_URL] };
		expect(await body("fal-ai", "image-to-image", { inputs: png(), parameters: { prompt: "make it blue" } })).toEqual(
			expected,
		);
		expect(
			await body("fal-ai", "image-text-to-image", { inputs: png(), parameters: { prompt: "make it blue" } }),
		).toEqual(expected);
	});

	it("fal-ai image-to-video, image-text-to-video and image-segmentation", async () => {
		expect(await body("fal-ai", "image-to-video", { inputs: png(), parameters: { prompt: "move" } })).toEqual({
			prompt: "move",
			image_url: PNG_DATA_URL,
		});
		expect(await body("fal-ai", "image-text-to-video", { inputs: png(), parameters: { prompt: "move" } })).toEqual({
			prompt: "move",
			image_url: PNG_DATA_URL,
		});
		expect(await body("fal-ai", "image-segmentation", { data: png() })).toEqual({ image_url: PNG_DATA_URL });
	});

	it("fal-ai audio-to-audio", async () => {
		expect(await body("fal-ai", "audio-to-audio", { inputs: wav(), parameters: { prompt: "clean" } })).toEqual({
			prompt: "clean",
			audio_url: wavDataUrl(),
		});
	});

	it("fal-ai automatic-speech-recognition takes mpeg/mp4/wav audio as a data URL", async () => {
		for (const type of FAL_ASR_AUDIO_TYPES) {
			expect(await body("fal-ai", "automatic-speech-recognition", { data: wav(type) })).toEqual({
				audio_url: wavDataUrl(type),
			});
		}
		expect(
			await body("fal-ai", "automatic-speech-recognition", { inputs: wav(), parameters: { language: "en" } }),
		).toEqual({ audio_url: wavDataUrl(), language: "en" });
	});

	it("fal-ai automatic-speech-recognition rejects other audio types, naming the accepted ones", async () => {
		const attempt = body("fal-ai", "automatic-speech-recognition", { data: wav("audio/ogg") });
		await expect(attempt).rejects.toBeInstanceOf(InferenceClientInputError);
		await expect(body("fal-ai", "automatic-speech-recognition", { data: wav("audio/ogg") })).rejects.toThrow(
			/audio\/mpeg, audio\/mp4, audio\/wav, audio\/x-wav/,
		);
		await expect(body("fal-ai", "automatic-speech-recognition", { inputs: "not audio" })).rejects.toThrow(
			InferenceClientInputError,
		);
	});

	it("replicate bodies put the inputs under `input`, with the version for versioned ids", async () => {
		expect(await body("replicate", "text-to-image", { inputs: "a fox", parameters: { num_outputs: 1 } })).toEqual({
			input: { prompt: "a fox", num_outputs: 1 },
		});
		expect(await body("replicate", "text-to-image", { inputs: "a fox" }, "owner/model:abc123")).toEqual({
			input: { prompt: "a fox" },
			version: "abc123",
		});
		const lora: InferenceProviderMappingEntry = {
			provider: "replicate",
			providerId: "owner/flux-lora",
			hfModelId: "someone/fox-lora",
			task: "text-to-image",
			status: "live",
			adapter: "lora",
			adapterWeightsPath: "fox.safetensors",
		};
		expect(await body("replicate", "text-to-image", { inputs: "a fox" }, "owner/flux-lora", lora)).toEqual({
			input: { prompt: "a fox", lora_weights: "https://huggingface.co/someone/fox-lora" },
		});
		expect(await body("replicate", "text-to-speech", { inputs: "Hello", parameters: { speaker: "a" } })).toEqual({
			input: { text: "Hello", speaker: "a" },
		});
		expect(await body("replicate", "text-to-video", { inputs: "waves" })).toEqual({ input: { prompt: "waves" } });
		expect(await body("replicate", "image-to-image", { inputs: png(), parameters: { prompt: "blue" } })).toEqual({
			input: { prompt: "blue", image: PNG_DATA_URL, input_image: PNG_DATA_URL },
		});
		expect(await body("replicate", "automatic-speech-recognition", { data: wav() })).toEqual({
			input: { audio: wavDataUrl() },
		});
		await expect(body("replicate", "image-to-image", { inputs: "nope" })).rejects.toThrow(InferenceClientInputError);
	});

	it("wavespeed bodies", async () => {
		expect(await body("wavespeed", "text-to-image", { inputs: "a fox", parameters: { seed: 3 } })).toEqual({
			prompt: "a fox",
			seed: 3,
		});
		expect(await body("wavespeed", "text-to-video", { inputs: "waves" })).toEqual({ prompt: "waves" });
		for (const task of ["image-to-image", "image-text-to-image"] as const) {
			expect(await body("wavespeed", task, { inputs: png(), parameters: { prompt: "blue" } })).toEqual({
				prompt: "blue",
				image: PNG_DATA_URL,
				images: [PNG_DATA_URL],
			});
		}
		for (const task of ["image-to-video", "image-text-to-video"] as const) {
			expect(await body("wavespeed", task, { inputs: png(), parameters: { prompt: "move" } })).toEqual({
				prompt: "move",
				image: PNG_DATA_URL,
			});
		}
		const lora: InferenceProviderMappingEntry = {
			provider: "wavespeed",
			providerId: "wavespeed-ai/flux-dev-lora",
			hfModelId: "someone/fox-lora",
			task: "text-to-image",
			status: "live",
			adapter: "lora",
			adapterWeightsPath: "fox.safetensors",
		};
		expect(await body("wavespeed", "text-to-image", { inputs: "a fox" }, "wavespeed-ai/flux-dev-lora", lora)).toEqual({
			prompt: "a fox",
			loras: [{ path: "someone/fox-lora", scale: 1 }],
		});
		await expect(body("wavespeed", "image-to-video", { inputs: "nope" })).rejects.toThrow(InferenceClientInputError);
	});

	it("novita bodies", async () => {
		const messages = [{ role: "user", content: "Hi" }];
		expect(await body("novita", "conversational", { messages, max_tokens: 5 }, "meta/llama")).toEqual({
			messages,
			max_tokens: 5,
			model: "meta/llama",
		});
		expect(
			await body(
				"novita",
				"text-generation",
				{ inputs: "Once", parameters: { max_new_tokens: 7, temperature: 0.5 } },
				"meta/llama",
			),
		).toEqual({ messages: [{ role: "user", content: "Once" }], max_tokens: 7, temperature: 0.5, model: "meta/llama" });
		expect(await body("novita", "text-to-video", { inputs: "waves", parameters: { width: 640 } }, "wan-t2v")).toEqual({
			prompt: "waves",
			width: 640,
		});
		expect(
			await body("novita", "image-text-to-video", { inputs: png(), parameters: { prompt: "move" } }, "MiniMax-H3"),
		).toEqual({ prompt: "move", model: "MiniMax-H3", first_frame_image: PNG_DATA_URL });
	});

	it("zai-org bodies", async () => {
		const messages = [{ role: "user", content: "Hi" }];
		expect(await body("zai-org", "conversational", { messages }, "glm-4.6")).toEqual({ messages, model: "glm-4.6" });
		expect(
			await body(
				"zai-org",
				"text-to-image",
				{ inputs: "a fox", parameters: { width: 1280, height: 1280 } },
				"glm-image",
			),
		).toEqual({ prompt: "a fox", size: "1280x1280", model: "glm-image" });
		expect(await body("zai-org", "image-to-text", { data: png() }, "glm-ocr")).toEqual({
			model: "glm-ocr",
			file: PNG_DATA_URL,
		});
		await expect(body("zai-org", "image-to-text", {}, "glm-ocr")).rejects.toThrow(InferenceClientInputError);
	});
});

// ---------------------------------------------------------------------------
// A real local server for polling
// ---------------------------------------------------------------------------

interface Answer {
	status?: number;
	json?: unknown;
	text?: string;
	bytes?: Uint8Array;
	type?: string;
}

const server = useFakeServer();
let base = "";
beforeEach(() => {
	base = server.url;
});

function behaviour(answer: Answer): Behaviour {
	const status = answer.status ?? 200;
	if (answer.bytes) return reply.binary(answer.bytes, answer.type ?? "application/octet-stream", status);
	if (answer.text !== undefined) return reply.text(answer.text, status, answer.type ?? "text/html");
	return reply.json(answer.json ?? {}, status);
}

/** Answers `path` (with its query) with these answers in turn; the last one repeats. */
function serve(path: string, ...answers: Answer[]): void {
	for (const method of ["GET", "POST"]) server.route(method, path, answers.map(behaviour));
}

/** What reached the server: method, path with query, credentials. */
const seen = () =>
	server.requests.map((request) => ({
		method: request.method,
		url: request.url,
		authorization: request.headers.authorization,
	}));
const hits = (path: string) => seen().filter((request) => request.url === path).length;

const IMAGE_BYTES = new Uint8Array([255, 216, 255, 224, 0, 16, 74, 70, 73, 70]);

function context(overrides: Partial<ResponseContext> = {}): ResponseContext {
	return {
		url: `${base}/submit`,
		headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
		authMethod: "hf-token",
		routerUrl: base,
		fetch: globalThis.fetch,
		signal: AbortSignal.timeout(30_000),
		...overrides,
	};
}

/** A signal aborted by the caller after `ms`. */
function abortAfter(ms: number): AbortSignal {
	const controller = new AbortController();
	setTimeout(() => controller.abort(), ms);
	return controller.signal;
}

async function expectBlob(value: unknown, bytes: Uint8Array, type: string): Promise<void> {
	expect(value).toBeInstanceOf(Blob);
	expect((value as Blob).type).toBe(type);
	expect(new Uint8Array(await (value as Blob).arrayBuffer())).toEqual(bytes);
}

// ---------------------------------------------------------------------------
// black-forest-labs
// ---------------------------------------------------------------------------

describe("black-forest-labs polling", () => {
	const helper = () => helperFor("black-forest-labs", "text-to-image");
	const submitted = { id: "t1", polling_url: "https://api.us1.bfl.ai/v1/get_result?id=t1" };
	const viaRouter = "/black-forest-labs/v1/get_result?id=t1";

	it("polls through the router until Ready, then returns the sample", async () => {
		expect(BFL_POLL_INTERVAL_MS).toBe(1000);
		expect(BFL_MAX_POLL_ATTEMPTS).toBe(5);
		serve(
			viaRouter,
			{ json: { id: "t1", status: "Pending" } },
			{ json: { id: "t1", status: "Ready", result: { sample: "https://cdn.bfl.ai/fox.jpg", prompt: "fox" } } },
		);
		const output = await helper().getResponse(submitted, context({ outputType: "url" }));
		expect(output).toBe("https://cdn.bfl.ai/fox.jpg");
		expect(hits(viaRouter)).toBe(2);
		expect(seen()[0]?.authorization).toBe(`Bearer ${TOKEN}`);
	});

	it("goes straight to the polling URL with a provider key and downloads the image", async () => {
		serve("/v1/get_result?id=t2", {
			json: { status: "Ready", result: { sample: `${base}/files/fox.jpg` } },
		});
		serve("/files/fox.jpg", { bytes: IMAGE_BYTES, type: "image/jpeg" });
		const output = await helper().getResponse(
			{ id: "t2", polling_url: `${base}/v1/get_result?id=t2` },
			context({ authMethod: "provider-key", headers: { Authorization: `X-Key ${KEY}` } }),
		);
		await expectBlob(output, IMAGE_BYTES, "image/jpeg");
		expect(seen()[0]?.authorization).toBe(`X-Key ${KEY}`);
	});

	it(`gives up with a typed error after ${5} status checks`, async () => {
		serve(viaRouter, { json: { status: "Pending" } });
		const attempt = helper().getResponse(submitted, context({ outputType: "url" }));
		await expect(attempt).rejects.toBeInstanceOf(InferenceClientProviderOutputError);
		await expect(attempt).rejects.toThrow(/not ready after 5 status checks/);
		expect(hits(viaRouter)).toBe(5);
	});

	it("turns a failed status fetch into a provider API error", async () => {
		serve(viaRouter, { status: 500, json: { error: "boom" } });
		const attempt = helper().getResponse(submitted, context());
		await expect(attempt).rejects.toBeInstanceOf(InferenceClientProviderApiError);
		await expect(attempt).rejects.toThrow(/boom/);
	});

	it("turns an unparsable status body into an output error", async () => {
		serve(viaRouter, { text: "<html>oops</html>" });
		const attempt = helper().getResponse(submitted, context());
		await expect(attempt).rejects.toBeInstanceOf(InferenceClientProviderOutputError);
		await expect(attempt).rejects.toThrow(/Invalid inference output/);
	});

	it("stops when the caller aborts, and on timeout", async () => {
		serve(viaRouter, { json: { status: "Pending" } });
		const aborted = helper().getResponse(submitted, context({ signal: abortAfter(1500) }));
		await expect(aborted).rejects.toBeInstanceOf(InferenceClientAbortError);
		await expect(aborted).rejects.toMatchObject({ reason: "aborted" });
		const timedOut = helper().getResponse(submitted, context({ signal: AbortSignal.timeout(300) }));
		await expect(timedOut).rejects.toMatchObject({ reason: "timeout" });
	});

	it("checks the shapes of the submit answer and the ready result", async () => {
		await expect(helper().getResponse({ id: "t1" }, context())).rejects.toThrow(/Invalid inference output: expected/);
		serve(viaRouter, { json: { status: "Ready", result: {} } });
		await expect(helper().getResponse(submitted, context())).rejects.toThrow(/Invalid inference output: expected/);
	});
});

// ---------------------------------------------------------------------------
// fal-ai
// ---------------------------------------------------------------------------

describe("fal-ai queue", () => {
	const queued = (id: string, status = "IN_QUEUE") => ({
		request_id: id,
		status,
		response_url: `https://queue.fal.run/fal-ai/flux/requests/${id}`,
		status_url: `https://queue.fal.run/fal-ai/flux/requests/${id}/status`,
		cancel_url: `https://queue.fal.run/fal-ai/flux/requests/${id}/cancel`,
	});
	const statusPath = (id: string) => `/fal-ai/fal-ai/flux/requests/${id}/status?_subdomain=queue`;
	const resultPath = (id: string) => `/fal-ai/fal-ai/flux/requests/${id}?_subdomain=queue`;

	it("queued → in progress → completed, through the router, then the image", async () => {
		serve(
			statusPath("r1"),
			{ json: { status: "IN_QUEUE", queue_position: 1 } },
			{ json: { status: "IN_PROGRESS" } },
			{ json: { status: "COMPLETED" } },
		);
		serve(resultPath("r1"), { json: { images: [{ url: `${base}/files/fox.jpg`, content_type: "image/jpeg" }] } });
		serve("/files/fox.jpg", { bytes: IMAGE_BYTES, type: "image/jpeg" });
		const output = await helperFor("fal-ai", "text-to-image").getResponse(queued("r1"), context());
		await expectBlob(output, IMAGE_BYTES, "image/jpeg");
		expect(hits(statusPath("r1"))).toBe(3);
		expect(hits(resultPath("r1"))).toBe(1);
		expect(seen().find((request) => request.url === statusPath("r1"))?.authorization).toBe(`Bearer ${TOKEN}`);
		// The file itself is downloaded without credentials.
		expect(seen().find((request) => request.url === "/files/fox.jpg")?.authorization).toBeUndefined();
	});

	it("uses fal's own URLs with a provider key", async () => {
		serve("/direct/requests/r2/status", { json: { status: "COMPLETED" } });
		serve("/direct/requests/r2", { json: { images: [{ url: "https://v3.fal.media/fox.png" }] } });
		const output = await helperFor("fal-ai", "text-to-image").getResponse(
			{
				request_id: "r2",
				status: "IN_QUEUE",
				status_url: `${base}/direct/requests/r2/status`,
				response_url: `${base}/direct/requests/r2`,
			},
			context({ authMethod: "provider-key", headers: { Authorization: `Key ${KEY}` }, outputType: "url" }),
		);
		expect(output).toBe("https://v3.fal.media/fox.png");
		expect(seen()[0]?.authorization).toBe(`Key ${KEY}`);
	});

	it("reads video, audio, segmentation and audio-to-audio results", async () => {
		const done = (id: string) => queued(id, "COMPLETED");
		serve(resultPath("v1"), { json: { video: { url: "https://v3.fal.media/clip.mp4" } } });
		for (const task of ["text-to-video", "image-to-video", "image-text-to-video"] as const) {
			expect(await helperFor("fal-ai", task).getResponse(done("v1"), context({ outputType: "url" }))).toBe(
				"https://v3.fal.media/clip.mp4",
			);
		}
		serve(resultPath("i1"), { json: { images: [{ url: "https://v3.fal.media/edit.png" }] } });
		for (const task of ["image-to-image", "image-text-to-image"] as const) {
			expect(await helperFor("fal-ai", task).getResponse(done("i1"), context({ outputType: "url" }))).toBe(
				"https://v3.fal.media/edit.png",
			);
		}
		serve(resultPath("a1"), { json: { audio_file: { url: "https://v3.fal.media/rain.wav" } } });
		expect(await helperFor("fal-ai", "text-to-audio").getResponse(done("a1"), context({ outputType: "url" }))).toBe(
			"https://v3.fal.media/rain.wav",
		);
		serve(resultPath("s1"), { json: { image: { url: `${base}/files/mask.png` } } });
		serve("/files/mask.png", { bytes: PNG_BYTES, type: "image/png" });
		expect(await helperFor("fal-ai", "image-segmentation").getResponse(done("s1"), context())).toEqual([
			{ label: "mask", score: 1, mask: Buffer.from(PNG_BYTES).toString("base64") },
		]);
		serve(resultPath("aa1"), { json: { audio: { url: `${base}/files/clean.wav`, content_type: "audio/wav" } } });
		serve("/files/clean.wav", { bytes: WAV_BYTES, type: "audio/wav" });
		expect(await helperFor("fal-ai", "audio-to-audio").getResponse(done("aa1"), context())).toEqual([
			{ label: "audio", blob: Buffer.from(WAV_BYTES).toString("base64"), "content-type": "audio/wav" },
		]);
		// No status request was needed: every answer was already COMPLETED.
		expect(seen().some((request) => request.url.includes("/status"))).toBe(false);
	});

	it("gives json output as fal's own result", async () => {
		const result = { images: [{ url: "https://v3.fal.media/fox.png" }], seed: 42 };
		serve(resultPath("j1"), { json: result });
		expect(
			await helperFor("fal-ai", "text-to-image").getResponse(
				queued("j1", "COMPLETED"),
				context({ outputType: "json" }),
			),
		).toEqual(result);
	});

	it("turns a failed status fetch into a provider API error", async () => {
		serve(statusPath("e1"), { status: 500, json: { detail: "queue exploded" } });
		const attempt = helperFor("fal-ai", "text-to-image").getResponse(queued("e1"), context());
		await expect(attempt).rejects.toBeInstanceOf(InferenceClientProviderApiError);
		await expect(attempt).rejects.toThrow(/queue exploded/);
	});

	it("turns an unparsable status body, or one without a status, into output errors", async () => {
		serve(statusPath("e2"), { text: "not json at all", type: "text/plain" });
		const attempt = helperFor("fal-ai", "text-to-image").getResponse(queued("e2"), context());
		await expect(attempt).rejects.toBeInstanceOf(InferenceClientProviderOutputError);
		serve(statusPath("e3"), { json: { queue_position: 2 } });
		await expect(helperFor("fal-ai", "text-to-image").getResponse(queued("e3"), context())).rejects.toThrow(
			/Invalid inference output: expected a fal.ai queue status/,
		);
	});

	it("fails on an unknown terminal status", async () => {
		serve(statusPath("e4"), { json: { status: "IN_PROGRESS" } }, { json: { status: "FAILED" } });
		await expect(helperFor("fal-ai", "text-to-video").getResponse(queued("e4"), context())).rejects.toThrow(
			/ended with status "FAILED"/,
		);
	});

	it("stops polling when the caller aborts", async () => {
		serve(statusPath("e5"), { json: { status: "IN_PROGRESS" } });
		const attempt = helperFor("fal-ai", "text-to-image").getResponse(
			queued("e5"),
			context({ signal: abortAfter(700) }),
		);
		await expect(attempt).rejects.toBeInstanceOf(InferenceClientAbortError);
		expect(hits(statusPath("e5"))).toBeGreaterThanOrEqual(2);
	});

	it("checks the shapes of the queue answer and of the result", async () => {
		await expect(helperFor("fal-ai", "text-to-image").getResponse({ images: [] }, context())).rejects.toThrow(
			/Invalid inference output: expected a fal.ai queue answer/,
		);
		serve(resultPath("b1"), { json: { images: [] } });
		await expect(
			helperFor("fal-ai", "text-to-image").getResponse(queued("b1", "COMPLETED"), context({ outputType: "url" })),
		).rejects.toThrow(/Invalid inference output: expected/);
		serve(resultPath("b2"), { json: { images: [{ url: "x" }] } });
		await expect(
			helperFor("fal-ai", "text-to-video").getResponse(queued("b2", "COMPLETED"), context({ outputType: "url" })),
		).rejects.toThrow(/Invalid inference output: expected/);
	});

	it("reads synchronous speech recognition and text-to-speech answers", async () => {
		const asr = helperFor("fal-ai", "automatic-speech-recognition");
		expect(await asr.getResponse({ text: "hello world" }, context())).toEqual({ text: "hello world" });
		await expect(asr.getResponse({ transcript: "x" }, context())).rejects.toThrow(/Invalid inference output: expected/);
		const tts = helperFor("fal-ai", "text-to-speech");
		expect(
			await tts.getResponse({ audio: { url: "https://v3.fal.media/hi.mp3" } }, context({ outputType: "url" })),
		).toBe("https://v3.fal.media/hi.mp3");
		await expect(tts.getResponse({ audio: 3 }, context({ outputType: "url" }))).rejects.toThrow(
			/Invalid inference output: expected/,
		);
		// The synchronous tasks never poll.
		expect(seen()).toHaveLength(0);
	});
});

// ---------------------------------------------------------------------------
// replicate
// ---------------------------------------------------------------------------

describe("replicate", () => {
	const succeeded = (output: unknown) => ({
		id: "p1",
		status: "succeeded",
		output,
		urls: { get: "https://api.replicate.com/v1/predictions/p1" },
	});

	it("returns the output URL (or the first of a list) as media", async () => {
		const image = helperFor("replicate", "text-to-image");
		expect(
			await image.getResponse(succeeded("https://replicate.delivery/a.webp"), context({ outputType: "url" })),
		).toBe("https://replicate.delivery/a.webp");
		expect(
			await image.getResponse(
				succeeded(["https://replicate.delivery/b.webp", "https://replicate.delivery/c.webp"]),
				context({ outputType: "url" }),
			),
		).toBe("https://replicate.delivery/b.webp");
		for (const task of ["text-to-speech", "text-to-video", "image-to-image"] as const) {
			expect(
				await helperFor("replicate", task).getResponse(
					succeeded("https://replicate.delivery/x"),
					context({ outputType: "url" }),
				),
			).toBe("https://replicate.delivery/x");
		}
		serve("/files/a.webp", { bytes: IMAGE_BYTES, type: "image/webp" });
		await expectBlob(await image.getResponse(succeeded(`${base}/files/a.webp`), context()), IMAGE_BYTES, "image/webp");
	});

	it("reads transcriptions", async () => {
		const asr = helperFor("replicate", "automatic-speech-recognition");
		expect(await asr.getResponse(succeeded("hello"), context())).toEqual({ text: "hello" });
		expect(await asr.getResponse(succeeded({ transcription: "hi there", segments: [] }), context())).toEqual({
			text: "hi there",
		});
		expect(
			await asr.getResponse(succeeded({ text: "yo", chunks: [{ text: "yo", timestamp: [0, 1] }] }), context()),
		).toEqual({ text: "yo", chunks: [{ text: "yo", timestamp: [0, 1] }] });
		await expect(asr.getResponse(succeeded({ words: [] }), context())).rejects.toThrow(
			/Invalid inference output: expected/,
		);
	});

	it("rejects wrong-shaped and failed predictions", async () => {
		const image = helperFor("replicate", "text-to-image");
		await expect(image.getResponse("nope", context())).rejects.toThrow(/Invalid inference output: expected/);
		await expect(image.getResponse(succeeded(null), context({ outputType: "url" }))).rejects.toThrow(
			/Invalid inference output: expected/,
		);
		await expect(image.getResponse({ status: "failed", error: "NSFW", output: null }, context())).rejects.toThrow(
			/failed: NSFW/,
		);
	});

	it("polls a prediction still running after Prefer: wait, through the router", async () => {
		const path = "/replicate/v1/predictions/p1";
		serve(
			path,
			{ json: { id: "p1", status: "processing", output: null } },
			{ json: { id: "p1", status: "succeeded", output: ["https://replicate.delivery/done.png"] } },
		);
		const output = await helperFor("replicate", "text-to-image").getResponse(
			{ ...succeeded(null), status: "starting" },
			context({ outputType: "url" }),
		);
		expect(output).toBe("https://replicate.delivery/done.png");
		expect(hits(path)).toBe(2);
	});

	it("reports a prediction that fails while polled, a failed status fetch and an unparsable status", async () => {
		const path = "/replicate/v1/predictions/p1";
		const running = { ...succeeded(null), status: "processing" };
		serve(path, { json: { status: "failed", error: "out of memory" } });
		await expect(helperFor("replicate", "text-to-image").getResponse(running, context())).rejects.toThrow(
			/out of memory/,
		);
		serve(path, { status: 502, text: "<html><title>Bad gateway</title></html>" });
		await expect(helperFor("replicate", "text-to-image").getResponse(running, context())).rejects.toBeInstanceOf(
			InferenceClientProviderApiError,
		);
		serve(path, { text: "garbage", type: "text/plain" });
		await expect(helperFor("replicate", "text-to-image").getResponse(running, context())).rejects.toBeInstanceOf(
			InferenceClientProviderOutputError,
		);
	});
});

// ---------------------------------------------------------------------------
// wavespeed
// ---------------------------------------------------------------------------

describe("wavespeed polling", () => {
	const created = {
		code: 200,
		message: "success",
		data: { id: "w1", status: "created", urls: { get: "https://api.wavespeed.ai/api/v3/predictions/w1/result" } },
	};
	const path = "/wavespeed/api/v3/predictions/w1/result";
	const status = (data: Record<string, unknown>) => ({ json: { code: 200, message: "success", data } });

	it("created → processing → completed, through the router", async () => {
		serve(
			path,
			status({ id: "w1", status: "created", outputs: [] }),
			status({ id: "w1", status: "processing", outputs: [] }),
			status({ id: "w1", status: "completed", outputs: [`${base}/files/out.png`] }),
		);
		serve("/files/out.png", { bytes: PNG_BYTES, type: "image/png" });
		await expectBlob(
			await helperFor("wavespeed", "text-to-image").getResponse(created, context()),
			PNG_BYTES,
			"image/png",
		);
		expect(hits(path)).toBe(3);
		expect(seen()[0]?.authorization).toBe(`Bearer ${TOKEN}`);
	});

	it("every task returns the first output", async () => {
		serve(path, status({ status: "completed", outputs: ["https://cdn.wavespeed.ai/a.mp4"] }));
		for (const task of [
			"text-to-video",
			"image-to-image",
			"image-to-video",
			"image-text-to-image",
			"image-text-to-video",
		] as const) {
			expect(await helperFor("wavespeed", task).getResponse(created, context({ outputType: "url" }))).toBe(
				"https://cdn.wavespeed.ai/a.mp4",
			);
		}
	});

	it("uses the provider's URL with a provider key", async () => {
		serve(
			"/api/v3/predictions/w9/result",
			status({ status: "completed", outputs: ["https://cdn.wavespeed.ai/b.png"] }),
		);
		const output = await helperFor("wavespeed", "text-to-image").getResponse(
			{ code: 200, data: { id: "w9", urls: { get: `${base}/api/v3/predictions/w9/result` } } },
			context({ authMethod: "provider-key", headers: { Authorization: `Bearer ${KEY}` }, outputType: "url" }),
		);
		expect(output).toBe("https://cdn.wavespeed.ai/b.png");
	});

	it("reports a failed prediction, a failed status fetch and an unparsable status body", async () => {
		const helper = helperFor("wavespeed", "text-to-image");
		serve(path, status({ status: "processing" }), status({ status: "failed", error: "bad prompt" }));
		await expect(helper.getResponse(created, context())).rejects.toThrow(/failed: bad prompt/);
		serve(path, { status: 500, json: { message: "server down" } });
		await expect(helper.getResponse(created, context())).rejects.toBeInstanceOf(InferenceClientProviderApiError);
		serve(path, { text: "<<<", type: "text/plain" });
		await expect(helper.getResponse(created, context())).rejects.toBeInstanceOf(InferenceClientProviderOutputError);
	});

	it("stops when the caller aborts", async () => {
		serve(path, status({ status: "processing" }));
		const attempt = helperFor("wavespeed", "text-to-video").getResponse(created, context({ signal: abortAfter(700) }));
		await expect(attempt).rejects.toBeInstanceOf(InferenceClientAbortError);
	});

	it("checks the shapes", async () => {
		const helper = helperFor("wavespeed", "text-to-image");
		await expect(helper.getResponse({ code: 200 }, context())).rejects.toThrow(/Invalid inference output: expected/);
		serve(path, status({ status: "completed", outputs: [] }));
		await expect(helper.getResponse(created, context({ outputType: "url" }))).rejects.toThrow(
			/Invalid inference output: expected/,
		);
	});
});

// ---------------------------------------------------------------------------
// novita
// ---------------------------------------------------------------------------

describe("novita", () => {
	const submitUrl = () => `${base}/novita/v3/async/wan-t2v`;
	const path = "/novita/v3/async/task-result?task_id=t1";
	const task = (status: string, extra: Record<string, unknown> = {}) => ({
		json: { task: { task_id: "t1", status, reason: "" }, videos: [], ...extra },
	});

	it("reads chat and text-generation answers", async () => {
		const chat = {
			id: "c1",
			created: 1,
			model: "meta/llama",
			choices: [{ message: { role: "assistant", content: "Hi" } }],
		};
		expect(await helperFor("novita", "conversational").getResponse(chat, context())).toEqual(chat);
		await expect(helperFor("novita", "conversational").getResponse({ choices: [] }, context())).rejects.toThrow(
			/Invalid inference output: expected/,
		);
		expect(await helperFor("novita", "text-generation").getResponse(chat, context())).toEqual({ generated_text: "Hi" });
		await expect(helperFor("novita", "text-generation").getResponse({ choices: [{}] }, context())).rejects.toThrow(
			/Invalid inference output: expected/,
		);
	});

	it("queued → processing → succeeded, next to the submit URL (the router)", async () => {
		serve(
			path,
			task("TASK_STATUS_QUEUED"),
			task("TASK_STATUS_PROCESSING"),
			task("TASK_STATUS_SUCCEED", { videos: [{ video_url: `${base}/files/clip.mp4`, video_type: "mp4" }] }),
		);
		serve("/files/clip.mp4", { bytes: IMAGE_BYTES, type: "video/mp4" });
		const output = await helperFor("novita", "text-to-video").getResponse(
			{ task_id: "t1" },
			context({ url: submitUrl() }),
		);
		await expectBlob(output, IMAGE_BYTES, "video/mp4");
		expect(hits(path)).toBe(3);
	});

	it("image-text-to-video polls the same task result", async () => {
		serve(path, task("TASK_STATUS_SUCCEED", { videos: [{ video_url: "https://cdn.novita.ai/v.mp4" }] }));
		const output = await helperFor("novita", "image-text-to-video").getResponse(
			{ task_id: "t1" },
			context({ url: `${base}/novita/v3/minimax/v2/video_generation`, outputType: "url" }),
		);
		expect(output).toBe("https://cdn.novita.ai/v.mp4");
	});

	it("reports a failed task, a failed status fetch and an unparsable status body", async () => {
		const helper = helperFor("novita", "text-to-video");
		serve(path, { json: { task: { status: "TASK_STATUS_FAILED", reason: "quota" } } });
		await expect(helper.getResponse({ task_id: "t1" }, context({ url: submitUrl() }))).rejects.toThrow(/failed: quota/);
		serve(path, { status: 500, json: { message: "nope" } });
		await expect(helper.getResponse({ task_id: "t1" }, context({ url: submitUrl() }))).rejects.toBeInstanceOf(
			InferenceClientProviderApiError,
		);
		serve(path, { text: "<html>", type: "text/html" });
		await expect(helper.getResponse({ task_id: "t1" }, context({ url: submitUrl() }))).rejects.toBeInstanceOf(
			InferenceClientProviderOutputError,
		);
	});

	it("stops when the caller aborts", async () => {
		serve(path, task("TASK_STATUS_PROCESSING"));
		const attempt = helperFor("novita", "text-to-video").getResponse(
			{ task_id: "t1" },
			context({ url: submitUrl(), signal: abortAfter(500) }),
		);
		await expect(attempt).rejects.toBeInstanceOf(InferenceClientAbortError);
	});

	it("checks the shapes", async () => {
		const helper = helperFor("novita", "text-to-video");
		await expect(helper.getResponse({ id: "x" }, context({ url: submitUrl() }))).rejects.toThrow(
			/Invalid inference output: expected/,
		);
		serve(path, task("TASK_STATUS_SUCCEED"));
		await expect(helper.getResponse({ task_id: "t1" }, context({ url: submitUrl() }))).rejects.toThrow(
			/Invalid inference output: expected/,
		);
	});
});

// ---------------------------------------------------------------------------
// zai-org
// ---------------------------------------------------------------------------

describe("zai-org", () => {
	const submitUrl = () => `${base}/zai-org/api/paas/v4/async/images/generations`;
	const path = "/zai-org/api/paas/v4/async-result/img-1";
	const submitted = { id: "img-1", request_id: "r", model: "glm-image", task_status: "PROCESSING" };

	it("reads chat and layout-parsing answers", async () => {
		const chat = {
			id: "c1",
			created: 1,
			model: "glm-4.6",
			choices: [{ message: { role: "assistant", content: "Hi" } }],
		};
		expect(await helperFor("zai-org", "conversational").getResponse(chat, context())).toEqual(chat);
		await expect(helperFor("zai-org", "conversational").getResponse({}, context())).rejects.toThrow(
			/Invalid inference output: expected/,
		);
		const ocr = helperFor("zai-org", "image-to-text");
		expect(await ocr.getResponse({ id: "t", model: "GLM-OCR", md_results: "# Title\ntext" }, context())).toEqual({
			generated_text: "# Title\ntext",
		});
		await expect(ocr.getResponse({ layout_details: [] }, context())).rejects.toThrow(
			/Invalid inference output: expected/,
		);
	});

	it("processing → success, next to the submit URL (the router)", async () => {
		serve(
			path,
			{ json: { task_status: "PROCESSING" } },
			{ json: { task_status: "SUCCESS", image_result: [{ url: `${base}/files/fox.png` }] } },
		);
		serve("/files/fox.png", { bytes: PNG_BYTES, type: "image/png" });
		const output = await helperFor("zai-org", "text-to-image").getResponse(submitted, context({ url: submitUrl() }));
		await expectBlob(output, PNG_BYTES, "image/png");
		expect(hits(path)).toBe(2);
		expect(seen()[0]?.authorization).toBe(`Bearer ${TOKEN}`);
	});

	it("reports a failed task, a failed status fetch and an unparsable status body", async () => {
		const helper = helperFor("zai-org", "text-to-image");
		serve(path, { json: { task_status: "FAIL", error: { message: "sensitive content" } } });
		await expect(helper.getResponse(submitted, context({ url: submitUrl() }))).rejects.toThrow(/sensitive content/);
		serve(path, { status: 429, json: { error: { message: "slow down" } } });
		await expect(helper.getResponse(submitted, context({ url: submitUrl() }))).rejects.toBeInstanceOf(
			InferenceClientProviderApiError,
		);
		serve(path, { text: "nope", type: "text/plain" });
		await expect(helper.getResponse(submitted, context({ url: submitUrl() }))).rejects.toBeInstanceOf(
			InferenceClientProviderOutputError,
		);
	});

	it("stops when the caller aborts", async () => {
		serve(path, { json: { task_status: "PROCESSING" } });
		const attempt = helperFor("zai-org", "text-to-image").getResponse(
			submitted,
			context({ url: submitUrl(), signal: abortAfter(500) }),
		);
		await expect(attempt).rejects.toBeInstanceOf(InferenceClientAbortError);
	});

	it("checks the shapes", async () => {
		const helper = helperFor("zai-org", "text-to-image");
		await expect(helper.getResponse({ task_status: "PROCESSING" }, context({ url: submitUrl() }))).rejects.toThrow(
			/Invalid inference output: expected/,
		);
		serve(path, { json: { task_status: "SUCCESS", image_result: [] } });
		await expect(helper.getResponse(submitted, context({ url: submitUrl() }))).rejects.toThrow(
			/Invalid inference output: expected/,
		);
	});
});
