/**
 * Together AI: OpenAI-compatible chat, completions, embeddings, speech and
 * transcriptions; image generation and editing on images/generations (base64
 * images; the input image of an edit goes as a data URL in `image_url`, see
 * https://docs.together.ai/docs/image-to-image); and video generation on
 * v2/videos, which is asynchronous: the job is created, then polled until it
 * completes, then the video is fetched from its URL.
 */
import { InferenceClientInputError, InferenceClientProviderOutputError, invalidOutput } from "../errors.js";
import { mediaOutput } from "../lib/output.js";
import { fetchJson, poll } from "../lib/poll.js";
import { blobToBase64, blobToDataUrl, isRecord, isString } from "../lib/validate.js";
import {
	type ImageGenerationOptions,
	OpenAIEmbeddingTask,
	OpenAIImageGenerationTask,
	OpenAISpeechTask,
	OpenAITranscriptionTask,
	promptOf,
	splitArgs,
} from "./openai-media.js";
import type { BodyParams, ProviderHelpers, ResponseContext } from "./provider-helper.js";
import { OpenAICompatibleChatTask, OpenAICompatibleTextGenerationTask, TaskProviderHelper } from "./provider-helper.js";

const BASE_URL = "https://api.together.xyz";

/** Together says "base64" for base64 images and "steps" for the number of inference steps. */
const IMAGE_OPTIONS: ImageGenerationOptions = { responseFormat: "base64", rename: { num_inference_steps: "steps" } };

function renameSteps(fields: Record<string, unknown>): Record<string, unknown> {
	const { num_inference_steps, ...rest } = fields;
	return num_inference_steps === undefined ? rest : { ...rest, steps: num_inference_steps };
}

/** Image editing (FLUX Kontext and the like): the image as a data URL, the instruction as the prompt. */
class TogetherImageToImageTask extends OpenAIImageGenerationTask {
	constructor() {
		super("together", BASE_URL, IMAGE_OPTIONS, "image-to-image");
	}

	override async preparePayload(params: BodyParams): Promise<Record<string, unknown>> {
		const { inputs, fields } = splitArgs(params.args);
		const image = inputs ?? params.args.data;
		if (!(image instanceof Blob)) {
			throw new InferenceClientInputError("image-to-image expects the image as a Blob in `inputs`.");
		}
		const { prompt, ...rest } = fields;
		if (!isString(prompt) || prompt.length === 0) {
			throw new InferenceClientInputError(
				"image-to-image on together needs `parameters.prompt`: what to change in the image.",
			);
		}
		return {
			...this.adaptParameters(rest),
			prompt,
			image_url: await blobToDataUrl(image),
			...this.responseFormat(),
			model: params.model,
		};
	}
}

const RUNNING = new Set(["queued", "in_progress"]);
const STOPPED = new Set(["failed", "cancelled"]);

/**
 * Video generation (text-to-video, image-to-video). The create call answers a
 * job; `GET v2/videos/{id}` (through the router with an hf_ token) says
 * queued → in_progress → completed with `outputs.video_url`, or failed/cancelled
 * with `info.errors`.
 */
export class TogetherVideoTask extends TaskProviderHelper {
	constructor(
		task: "text-to-video" | "image-to-video",
		/** Wait between status checks; the call's timeout or signal bounds the whole wait. */
		readonly pollIntervalMs = 3000,
		readonly maxStatusChecks = 1200,
	) {
		super("together", task, BASE_URL);
	}

	makeRoute(): string {
		return "v2/videos";
	}

	/** Synchronous for text-to-video (snippets show the payload); image-to-video reads the frame first. */
	preparePayload(params: BodyParams): Record<string, unknown> | Promise<Record<string, unknown>> {
		const { inputs, fields } = splitArgs(params.args);
		const renamed = renameSteps(fields);
		if (this.task === "text-to-video") {
			return { ...renamed, prompt: promptOf(inputs, this.task), model: params.model };
		}
		return this.imageToVideoPayload(params, inputs, renamed);
	}

	private async imageToVideoPayload(
		params: BodyParams,
		inputs: unknown,
		renamed: Record<string, unknown>,
	): Promise<Record<string, unknown>> {
		const image = inputs ?? params.args.data;
		if (!(image instanceof Blob)) {
			throw new InferenceClientInputError("image-to-video expects the first frame as a Blob in `inputs`.");
		}
		const { prompt, frame_images, ...rest } = renamed;
		if (prompt !== undefined && !isString(prompt)) {
			throw new InferenceClientInputError("image-to-video expects `parameters.prompt` to be a string.");
		}
		// The image is the first frame (see https://docs.together.ai/docs/inference/videos/reference-and-keyframes);
		// further keyframes the caller gives follow it.
		const frames = [
			{ input_image: await blobToBase64(image), frame: 0 },
			...(Array.isArray(frame_images) ? frame_images : []),
		];
		return { ...rest, ...(prompt ? { prompt } : {}), frame_images: frames, model: params.model };
	}

	async getResponse(body: unknown, context: ResponseContext): Promise<unknown> {
		if (!isRecord(body) || !isString(body.id) || body.id.length === 0) {
			throw invalidOutput("a video job: { id: string, status: string }");
		}
		const id = body.id;
		// The create answer may already be final; anything else is waited for.
		const created = isString(body.status) && !RUNNING.has(body.status) ? readJob(id, body) : undefined;
		if (created) return mediaOutput(created, context);
		const base = this.makeBaseUrl({ authMethod: context.authMethod, routerUrl: context.routerUrl, model: "" });
		const statusUrl = `${base.replace(/\/+$/, "")}/v2/videos/${encodeURIComponent(id)}`;
		const result = await poll(async () => readJob(id, await fetchJson(statusUrl, context)), {
			intervalMs: this.pollIntervalMs,
			maxAttempts: this.maxStatusChecks,
			signal: context.signal,
			what: `together video job ${id}`,
		});
		return mediaOutput(result, context);
	}
}

/** The finished video of a job status, undefined while it runs; failures and odd statuses throw. */
function readJob(id: string, job: unknown): { url: string; raw: unknown } | undefined {
	const status = isRecord(job) ? job.status : undefined;
	if (!isRecord(job) || !isString(status)) {
		throw invalidOutput(
			'a video job status: { status: "queued" | "in_progress" | "completed" | "failed" | "cancelled" }',
		);
	}
	if (RUNNING.has(status)) return undefined;
	if (STOPPED.has(status)) {
		const info = isRecord(job.info) ? job.info : {};
		const detail = info.errors ?? job.error;
		const text =
			detail === undefined || detail === null ? "no details given" : isString(detail) ? detail : JSON.stringify(detail);
		throw new InferenceClientProviderOutputError(`Together video job ${id} ${status}: ${text}`);
	}
	if (status === "completed") {
		const outputs = isRecord(job.outputs) ? job.outputs : {};
		if (isString(outputs.video_url) && outputs.video_url.length > 0) return { url: outputs.video_url, raw: job };
		throw invalidOutput("a completed video job: { outputs: { video_url: string } }");
	}
	throw invalidOutput(
		`a video job status of "queued" | "in_progress" | "completed" | "failed" | "cancelled", got ${JSON.stringify(status)}`,
	);
}

export const helpers: ProviderHelpers = {
	"text-to-image": new OpenAIImageGenerationTask("together", BASE_URL, IMAGE_OPTIONS),
	"image-to-image": new TogetherImageToImageTask(),
	"text-to-video": new TogetherVideoTask("text-to-video"),
	"image-to-video": new TogetherVideoTask("image-to-video"),
	conversational: new OpenAICompatibleChatTask("together", BASE_URL),
	"text-generation": new OpenAICompatibleTextGenerationTask("together", BASE_URL),
	"feature-extraction": new OpenAIEmbeddingTask("together", BASE_URL),
	"text-to-speech": new OpenAISpeechTask("together", BASE_URL),
	"automatic-speech-recognition": new OpenAITranscriptionTask("together", BASE_URL),
};
