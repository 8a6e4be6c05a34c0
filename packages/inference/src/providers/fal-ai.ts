/**
 * fal.ai. Generation tasks go through fal's queue: the request is submitted to
 * `queue.fal.run/{model}` (through the router: `{router}/fal-ai/{model}?_subdomain=queue`),
 * the status is polled until COMPLETED, then the result is fetched. Speech
 * recognition and text-to-speech are synchronous calls to `fal.run/{model}`.
 * Provider keys go as `Authorization: Key {key}`.
 */
import { InferenceClientInputError, InferenceClientProviderOutputError, invalidOutput } from "../errors.js";
import { mediaOutput } from "../lib/output.js";
import { fetchBlob, fetchJson, poll } from "../lib/poll.js";
import { blobToBase64, blobToDataUrl, isRecord } from "../lib/validate.js";
import type { AuthMethod, InferenceTask } from "../types.js";
import type { BodyParams, HeaderParams, ProviderHelpers, ResponseContext, UrlParams } from "./provider-helper.js";
import { followUpUrl, omitClientArgs, TaskProviderHelper } from "./provider-helper.js";

const PROVIDER = "fal-ai";
const QUEUE_URL = "https://queue.fal.run";
const SYNC_URL = "https://fal.run";

/** Wait between two queue status checks. */
export const FAL_POLL_INTERVAL_MS = 500;

/** Audio types fal.ai's speech recognition accepts. */
export const FAL_ASR_AUDIO_TYPES = ["audio/mpeg", "audio/mp4", "audio/wav", "audio/x-wav"] as const;

type Args = Record<string, unknown>;

/** The caller's arguments split into the main input, the parameters and the rest. */
function splitArgs(params: BodyParams): { input: unknown; parameters: Args; rest: Args } {
	const { inputs, parameters, ...rest } = omitClientArgs(params.args);
	return { input: inputs ?? params.args.data, parameters: isRecord(parameters) ? parameters : {}, rest };
}

/**
 * Builds the payload around the input as a URL: a string (already a URL) right
 * away, a Blob once read into a data URL. Synchronous when it can be, so snippets
 * can show the payload the client sends.
 */
function withInputUrl(input: unknown, what: string, build: (url: string) => Args): Args | Promise<Args> {
	if (typeof input === "string" && input) return build(input);
	if (input instanceof Blob) return blobToDataUrl(input).then(build);
	throw new InferenceClientInputError(`fal.ai ${what} expects \`inputs\` to be a Blob.`);
}

/** LoRA adapters are loaded by fal from the hub file that holds the weights. */
function loraFields(params: BodyParams): Args {
	const mapping = params.mapping;
	if (mapping?.adapter !== "lora" || !mapping.adapterWeightsPath) return {};
	return {
		loras: [{ path: `${params.hubUrl}/${mapping.hfModelId}/resolve/main/${mapping.adapterWeightsPath}`, scale: 1 }],
	};
}

abstract class FalAITask extends TaskProviderHelper {
	constructor(
		task: InferenceTask,
		protected readonly queued: boolean,
	) {
		super(PROVIDER, task, queued ? QUEUE_URL : SYNC_URL);
	}

	makeRoute(params: UrlParams): string {
		return this.queued && params.authMethod !== "provider-key" ? `${params.model}?_subdomain=queue` : params.model;
	}

	protected override authorization(token: string, authMethod: AuthMethod): string {
		return authMethod === "provider-key" ? `Key ${token}` : `Bearer ${token}`;
	}

	async getResponse(body: unknown, context: ResponseContext): Promise<unknown> {
		return this.readResult(this.queued ? await waitForQueue(body, context) : body, context);
	}

	/** Reads the finished result into the task's output. */
	protected abstract readResult(result: unknown, context: ResponseContext): Promise<unknown>;
}

/** Polls a submitted queue request until COMPLETED and returns its result. */
async function waitForQueue(body: unknown, context: ResponseContext): Promise<unknown> {
	if (
		!isRecord(body) ||
		typeof body.request_id !== "string" ||
		(typeof body.response_url !== "string" && typeof body.status_url !== "string")
	) {
		throw invalidOutput("a fal.ai queue answer: { request_id, status_url, response_url }");
	}
	const responseUrl =
		typeof body.response_url === "string" ? body.response_url : String(body.status_url).replace(/\/status$/, "");
	const statusUrl = typeof body.status_url === "string" ? body.status_url : `${responseUrl}/status`;
	const statusTarget = followUpUrl(PROVIDER, statusUrl, context, { _subdomain: "queue" });
	let status = body.status;
	await poll(
		async () => {
			if (status !== "COMPLETED") {
				const answer = await fetchJson(statusTarget, context);
				if (!isRecord(answer) || typeof answer.status !== "string") {
					throw invalidOutput("a fal.ai queue status: { status }");
				}
				status = answer.status;
			}
			if (status === "COMPLETED") return true;
			if (status === "IN_QUEUE" || status === "IN_PROGRESS") return undefined;
			throw new InferenceClientProviderOutputError(
				`Invalid inference output: fal.ai request ${body.request_id} ended with status ${JSON.stringify(status)}`,
			);
		},
		{ intervalMs: FAL_POLL_INTERVAL_MS, signal: context.signal, what: "the fal.ai result" },
	);
	return fetchJson(followUpUrl(PROVIDER, responseUrl, context, { _subdomain: "queue" }), context);
}

/** The URL inside `{ [key]: { url } }`, if any. */
function fileUrl(result: Record<string, unknown>, key: string): string | undefined {
	const file = result[key];
	if (isRecord(file) && typeof file.url === "string") return file.url;
	return typeof file === "string" ? file : undefined;
}

/** Parameters for image-producing tasks: width/height become fal's `image_size`. */
function imageParameters(parameters: Args): Args {
	const { width, height, ...others } = parameters;
	return typeof width === "number" && typeof height === "number"
		? { ...others, image_size: { width, height } }
		: parameters;
}

class FalAITextToImageTask extends FalAITask {
	constructor() {
		super("text-to-image", true);
	}

	preparePayload(params: BodyParams): Args {
		const { input, parameters, rest } = splitArgs(params);
		return { ...rest, ...imageParameters(parameters), prompt: input, ...loraFields(params) };
	}

	protected async readResult(result: unknown, context: ResponseContext): Promise<unknown> {
		return imageResult(result, context);
	}
}

async function imageResult(result: unknown, context: ResponseContext): Promise<unknown> {
	const image = isRecord(result) && Array.isArray(result.images) ? result.images[0] : undefined;
	if (isRecord(image) && typeof image.url === "string") return mediaOutput({ url: image.url, raw: result }, context);
	const single = isRecord(result) ? fileUrl(result, "image") : undefined;
	if (single) return mediaOutput({ url: single, raw: result }, context);
	throw invalidOutput("a fal.ai image result: { images: [{ url }] }");
}

async function videoResult(result: unknown, context: ResponseContext): Promise<unknown> {
	const url = isRecord(result) ? fileUrl(result, "video") : undefined;
	if (url) return mediaOutput({ url, raw: result }, context);
	throw invalidOutput("a fal.ai video result: { video: { url } }");
}

/** fal's audio models name their file `audio`, `audio_file` or `audio_url`. */
function audioUrl(result: unknown): string | undefined {
	if (!isRecord(result)) return undefined;
	return fileUrl(result, "audio") ?? fileUrl(result, "audio_file") ?? fileUrl(result, "audio_url");
}

async function audioResult(result: unknown, context: ResponseContext): Promise<unknown> {
	const url = audioUrl(result);
	if (url) return mediaOutput({ url, raw: result }, context);
	throw invalidOutput("a fal.ai audio result: { audio: { url } }");
}

class FalAITextToVideoTask extends FalAITask {
	constructor() {
		super("text-to-video", true);
	}

	preparePayload(params: BodyParams): Args {
		const { input, parameters, rest } = splitArgs(params);
		return { ...rest, ...parameters, prompt: input, ...loraFields(params) };
	}

	protected async readResult(result: unknown, context: ResponseContext): Promise<unknown> {
		return videoResult(result, context);
	}
}

/** Image (+ prompt) in, image out. Edit models read `image_urls`, the others `image_url`: both are sent. */
class FalAIImageToImageTask extends FalAITask {
	preparePayload(params: BodyParams): Args | Promise<Args> {
		const { input, parameters, rest } = splitArgs(params);
		return withInputUrl(input, this.task, (image) => ({
			...rest,
			...imageParameters(parameters),
			image_url: image,
			image_urls: [image],
			...loraFields(params),
		}));
	}

	protected async readResult(result: unknown, context: ResponseContext): Promise<unknown> {
		return imageResult(result, context);
	}
}

/** Image (+ prompt) in, video out. */
class FalAIImageToVideoTask extends FalAITask {
	preparePayload(params: BodyParams): Args | Promise<Args> {
		const { input, parameters, rest } = splitArgs(params);
		return withInputUrl(input, this.task, (image) => ({
			...rest,
			...parameters,
			image_url: image,
			...loraFields(params),
		}));
	}

	protected async readResult(result: unknown, context: ResponseContext): Promise<unknown> {
		return videoResult(result, context);
	}
}

/** The mask comes back as an image file; the task's output carries it base64-encoded. */
class FalAIImageSegmentationTask extends FalAITask {
	constructor() {
		super("image-segmentation", true);
	}

	preparePayload(params: BodyParams): Args | Promise<Args> {
		const { input, parameters, rest } = splitArgs(params);
		return withInputUrl(input, this.task, (image) => ({ ...rest, ...parameters, image_url: image }));
	}

	protected async readResult(result: unknown, context: ResponseContext): Promise<unknown> {
		const url = isRecord(result) ? fileUrl(result, "image") : undefined;
		if (!url) throw invalidOutput("a fal.ai segmentation result: { image: { url } }");
		if (context.outputType === "json") return result;
		return [{ label: "mask", score: 1, mask: await blobToBase64(await fetchBlob(url, context)) }];
	}
}

/** The task's output is `[{ label, blob (base64), content-type }]`, as for every provider. */
class FalAIAudioToAudioTask extends FalAITask {
	constructor() {
		super("audio-to-audio", true);
	}

	preparePayload(params: BodyParams): Args | Promise<Args> {
		const { input, parameters, rest } = splitArgs(params);
		return withInputUrl(input, this.task, (audio) => ({ ...rest, ...parameters, audio_url: audio }));
	}

	protected async readResult(result: unknown, context: ResponseContext): Promise<unknown> {
		const url = audioUrl(result);
		if (!url) throw invalidOutput("a fal.ai audio result: { audio: { url } }");
		if (context.outputType) return mediaOutput({ url, raw: result }, context);
		const audio = await fetchBlob(url, context);
		const file = isRecord(result) ? result.audio : undefined;
		const type = audio.type || (isRecord(file) && typeof file.content_type === "string" ? file.content_type : "");
		return [{ label: "audio", blob: await blobToBase64(audio), "content-type": type || "audio/mpeg" }];
	}
}

class FalAITextToAudioTask extends FalAITask {
	constructor() {
		super("text-to-audio", true);
	}

	preparePayload(params: BodyParams): Args {
		const { input, parameters, rest } = splitArgs(params);
		return { ...rest, ...parameters, prompt: input };
	}

	protected async readResult(result: unknown, context: ResponseContext): Promise<unknown> {
		return audioResult(result, context);
	}
}

class FalAITextToSpeechTask extends FalAITask {
	constructor() {
		super("text-to-speech", false);
	}

	preparePayload(params: BodyParams): Args {
		const { input, parameters, rest } = splitArgs(params);
		return { ...rest, ...parameters, text: input };
	}

	protected async readResult(result: unknown, context: ResponseContext): Promise<unknown> {
		return audioResult(result, context);
	}
}

/**
 * Synchronous; the audio goes inline as a data URL (or as the http(s) URL fal
 * fetches itself), so the body is always JSON. A URL keeps the payload
 * synchronous, so snippets can show it.
 */
class FalAIAutomaticSpeechRecognitionTask extends FalAITask {
	constructor() {
		super("automatic-speech-recognition", false);
	}

	override prepareHeaders(params: HeaderParams, _binary: boolean): Record<string, string> {
		return super.prepareHeaders(params, false);
	}

	preparePayload(params: BodyParams): Args | Promise<Args> {
		const { input, parameters, rest } = splitArgs(params);
		if (typeof input === "string" && /^https?:\/\//.test(input)) return { ...rest, ...parameters, audio_url: input };
		const accepted: readonly string[] = FAL_ASR_AUDIO_TYPES;
		if (!(input instanceof Blob) || !accepted.includes(input.type)) {
			const got = input instanceof Blob ? `a Blob of type '${input.type || "(none)"}'` : typeof input;
			throw new InferenceClientInputError(
				`fal.ai automatic-speech-recognition expects a Blob of type ${FAL_ASR_AUDIO_TYPES.join(", ")} or an http(s) URL; got ${got}.`,
			);
		}
		return blobToDataUrl(input).then((url) => ({ ...rest, ...parameters, audio_url: url }));
	}

	protected async readResult(result: unknown): Promise<unknown> {
		if (isRecord(result) && typeof result.text === "string") {
			return Array.isArray(result.chunks) ? { text: result.text, chunks: result.chunks } : { text: result.text };
		}
		throw invalidOutput("a transcription: { text: string }");
	}
}

export const helpers: ProviderHelpers = {
	"audio-to-audio": new FalAIAudioToAudioTask(),
	"automatic-speech-recognition": new FalAIAutomaticSpeechRecognitionTask(),
	"image-text-to-image": new FalAIImageToImageTask("image-text-to-image", true),
	"image-text-to-video": new FalAIImageToVideoTask("image-text-to-video", true),
	"image-to-image": new FalAIImageToImageTask("image-to-image", true),
	"image-segmentation": new FalAIImageSegmentationTask(),
	"image-to-video": new FalAIImageToVideoTask("image-to-video", true),
	"text-to-audio": new FalAITextToAudioTask(),
	"text-to-image": new FalAITextToImageTask(),
	"text-to-speech": new FalAITextToSpeechTask(),
	"text-to-video": new FalAITextToVideoTask(),
};
