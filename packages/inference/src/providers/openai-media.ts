/**
 * OpenAI-style helpers that several providers share besides chat and completions:
 * images/generations, embeddings, audio/speech, audio/transcriptions, and text
 * generation answered through the chat route. Each provider passes its own base
 * URL and route (deepinfra, for one, puts everything under `v1/openai/`).
 */
import { InferenceClientInputError, invalidOutput } from "../errors.js";
import { type MediaSource, mediaOutput } from "../lib/output.js";
import { isNumber, isRecord, isString } from "../lib/validate.js";
import type { InferenceProvider, InferenceTask } from "../types.js";
import type { BodyParams, ResponseContext, ResponseKind } from "./provider-helper.js";
import { generationParameters, omitClientArgs, TaskProviderHelper } from "./provider-helper.js";

/** The caller's `inputs` apart; every other field, `parameters` merged in, as sent to the provider. */
export function splitArgs(args: Record<string, unknown>): { inputs: unknown; fields: Record<string, unknown> } {
	const { inputs, parameters, ...rest } = omitClientArgs(args);
	return { inputs, fields: { ...rest, ...(isRecord(parameters) ? parameters : {}) } };
}

/** A base64 image (or data URL) with its media type, sniffed from the first bytes when not given. */
export function base64Image(value: string, raw: unknown): MediaSource {
	const dataUrl = /^data:([^;,]+)(?:;[^,]*)?,/.exec(value);
	if (dataUrl) return { base64: value.slice(dataUrl[0].length), type: dataUrl[1] ?? "image/png", raw };
	return { base64: value, type: sniffImageType(value), raw };
}

function sniffImageType(base64: string): string {
	if (base64.startsWith("/9j/")) return "image/jpeg";
	if (base64.startsWith("UklGR")) return "image/webp";
	if (base64.startsWith("R0lGOD")) return "image/gif";
	return "image/png";
}

/** The prompt of a text-input task, or an input error naming the task. */
export function promptOf(inputs: unknown, task: InferenceTask): string {
	if (isString(inputs) && inputs.length > 0) return inputs;
	throw new InferenceClientInputError(`${task} expects \`inputs\` to be a non-empty prompt string.`);
}

export interface ImageGenerationOptions {
	/** Path after the base URL. Default "v1/images/generations". */
	route?: string;
	/** Sent as `response_format` (the provider's word for base64: "b64_json", "base64" …); omitted when unset. */
	responseFormat?: string;
	/** Send `width` and `height` as OpenAI's `size: "WxH"`. */
	size?: boolean;
	/** Parameter names the provider spells otherwise, e.g. { num_inference_steps: "steps" }. */
	rename?: Record<string, string>;
}

/**
 * OpenAI-style image generation: `{ prompt, model, response_format, …parameters }`
 * answered by `{ data: [{ b64_json } | { url }] }`; the first image goes out through
 * `mediaOutput`.
 */
export class OpenAIImageGenerationTask extends TaskProviderHelper {
	constructor(
		provider: InferenceProvider,
		baseUrl: string,
		protected readonly options: ImageGenerationOptions = {},
		task: InferenceTask = "text-to-image",
	) {
		super(provider, task, baseUrl);
	}

	makeRoute(): string {
		return this.options.route ?? "v1/images/generations";
	}

	/** The caller's parameters in the provider's words. */
	protected adaptParameters(fields: Record<string, unknown>): Record<string, unknown> {
		const adapted: Record<string, unknown> = {};
		for (const [key, value] of Object.entries(fields)) {
			adapted[this.options.rename?.[key] ?? key] = value;
		}
		if (this.options.size && isNumber(adapted.width) && isNumber(adapted.height)) {
			const { width, height, ...rest } = adapted;
			return { size: `${width}x${height}`, ...rest };
		}
		return adapted;
	}

	protected responseFormat(): Record<string, unknown> {
		return this.options.responseFormat ? { response_format: this.options.responseFormat } : {};
	}

	preparePayload(params: BodyParams): Record<string, unknown> | Promise<Record<string, unknown>> {
		const { inputs, fields } = splitArgs(params.args);
		return {
			...this.adaptParameters(fields),
			prompt: promptOf(inputs, this.task),
			...this.responseFormat(),
			model: params.model,
		};
	}

	async getResponse(body: unknown, context: ResponseContext): Promise<unknown> {
		const image = isRecord(body) && Array.isArray(body.data) ? body.data[0] : undefined;
		if (isRecord(image)) {
			if (isString(image.b64_json) && image.b64_json.length > 0) {
				return mediaOutput(base64Image(image.b64_json, body), context);
			}
			if (isString(image.url) && image.url.length > 0) return mediaOutput({ url: image.url, raw: body }, context);
		}
		throw invalidOutput("an image generation: { data: [{ b64_json: string } | { url: string }] }");
	}
}

/**
 * OpenAI-style embeddings: `{ input, model }` answered by `{ data: [{ embedding, index }] }`;
 * the output is one vector per input, in input order (`number[][]`), or the one
 * vector (`number[]`) when the caller sent a single string.
 */
export class OpenAIEmbeddingTask extends TaskProviderHelper {
	constructor(
		provider: InferenceProvider,
		baseUrl: string,
		protected readonly route = "v1/embeddings",
	) {
		super(provider, "feature-extraction", baseUrl);
	}

	makeRoute(): string {
		return this.route;
	}

	preparePayload(params: BodyParams): Record<string, unknown> {
		const { inputs, fields } = splitArgs(params.args);
		if (!(isString(inputs) || (Array.isArray(inputs) && inputs.length > 0 && inputs.every(isString)))) {
			throw new InferenceClientInputError("feature-extraction expects `inputs` to be a string or a list of strings.");
		}
		return { ...fields, input: inputs, model: params.model };
	}

	async getResponse(body: unknown, context?: ResponseContext): Promise<unknown> {
		const data = isRecord(body) && Array.isArray(body.data) ? body.data : undefined;
		if (
			data &&
			data.length > 0 &&
			data.every(
				(item) =>
					isRecord(item) &&
					Array.isArray(item.embedding) &&
					item.embedding.length > 0 &&
					item.embedding.every(isNumber),
			)
		) {
			const items = data as { embedding: number[]; index?: unknown }[];
			const ordered = items.every((item) => isNumber(item.index))
				? [...items].sort((a, b) => (a.index as number) - (b.index as number))
				: items;
			const vectors = ordered.map((item) => item.embedding);
			return typeof context?.args?.inputs === "string" ? vectors[0] : vectors;
		}
		throw invalidOutput("an embedding list: { data: [{ embedding: number[], index: number }] }");
	}
}

/** OpenAI-style speech: `{ input, model, …parameters }` answered by the audio bytes. */
export class OpenAISpeechTask extends TaskProviderHelper {
	override readonly responseKind: ResponseKind = "blob";

	constructor(
		provider: InferenceProvider,
		baseUrl: string,
		protected readonly route = "v1/audio/speech",
	) {
		super(provider, "text-to-speech", baseUrl);
	}

	makeRoute(): string {
		return this.route;
	}

	preparePayload(params: BodyParams): Record<string, unknown> {
		const { inputs, fields } = splitArgs(params.args);
		return { ...fields, input: promptOf(inputs, this.task), model: params.model };
	}

	async getResponse(body: unknown, context: ResponseContext): Promise<unknown> {
		// A JSON or HTML body that came back with 200 is a message, not audio.
		if (body instanceof Blob && body.size > 0 && !/json|html/i.test(body.type)) {
			return mediaOutput({ blob: body, raw: body }, context);
		}
		throw invalidOutput("audio bytes: a non-empty Blob that is not JSON");
	}
}

const AUDIO_EXTENSIONS: Record<string, string> = {
	"audio/mpeg": "mp3",
	"audio/mp3": "mp3",
	"audio/wav": "wav",
	"audio/x-wav": "wav",
	"audio/wave": "wav",
	"audio/flac": "flac",
	"audio/x-flac": "flac",
	"audio/ogg": "ogg",
	"audio/webm": "webm",
	"audio/mp4": "m4a",
	"audio/x-m4a": "m4a",
	"video/mp4": "mp4",
	"video/webm": "webm",
};

/** A file name for the upload: servers tell the audio format by its extension. */
function audioFileName(audio: Blob): string {
	const name = (audio as Blob & { name?: unknown }).name;
	if (isString(name) && name.length > 0) return name;
	const extension = AUDIO_EXTENSIONS[audio.type.split(";")[0]?.trim().toLowerCase() ?? ""];
	return extension ? `audio.${extension}` : "audio";
}

/**
 * OpenAI-style transcription: a multipart form with the audio as `file`, the model
 * and the parameters as fields; answered by `{ text }` (plus `segments` in
 * verbose_json, returned as `chunks`).
 */
export class OpenAITranscriptionTask extends TaskProviderHelper {
	/** The body is a form, never JSON: the request layer leaves the content type to fetch (multipart boundary). */
	override readonly binaryInput = true;

	constructor(
		provider: InferenceProvider,
		baseUrl: string,
		protected readonly route = "v1/audio/transcriptions",
	) {
		super(provider, "automatic-speech-recognition", baseUrl);
	}

	makeRoute(): string {
		return this.route;
	}

	/** The form's fields besides the file, as an object. */
	preparePayload(params: BodyParams): Record<string, unknown> {
		const { fields } = splitArgs(params.args);
		return { ...fields, model: params.model };
	}

	override async makeBody(params: BodyParams): Promise<BodyInit> {
		const audio = params.args.data ?? params.args.inputs;
		if (!(audio instanceof Blob)) {
			throw new InferenceClientInputError(
				"automatic-speech-recognition expects the audio as a Blob in `data` or `inputs`.",
			);
		}
		const form = new FormData();
		form.append("file", audio, audioFileName(audio));
		for (const [key, value] of Object.entries(this.preparePayload(params))) {
			if (value === undefined || value === null) continue;
			if (Array.isArray(value)) {
				for (const item of value) form.append(`${key}[]`, formValue(item));
			} else {
				form.append(key, formValue(value));
			}
		}
		return form;
	}

	async getResponse(body: unknown): Promise<unknown> {
		if (isRecord(body) && isString(body.text)) {
			const segments = Array.isArray(body.segments) ? body.segments : undefined;
			const chunks = segments?.every(
				(segment) => isRecord(segment) && isString(segment.text) && isNumber(segment.start) && isNumber(segment.end),
			)
				? (segments as { text: string; start: number; end: number }[]).map((segment) => ({
						text: segment.text,
						timestamp: [segment.start, segment.end] as [number, number],
					}))
				: undefined;
			return chunks && chunks.length > 0 ? { text: body.text, chunks } : { text: body.text };
		}
		throw invalidOutput("a transcription: { text: string }");
	}
}

function formValue(value: unknown): string | Blob {
	if (value instanceof Blob) return value;
	return isString(value) ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
}

/**
 * Text generation for providers that only serve the chat route: `inputs` becomes a
 * single user message (parameters as `generationParameters` names them), and the first choice's
 * message comes back as `{ generated_text }`.
 */
export class ChatTextGenerationTask extends TaskProviderHelper {
	constructor(
		provider: InferenceProvider,
		baseUrl: string,
		protected readonly route = "v1/chat/completions",
	) {
		super(provider, "text-generation", baseUrl);
	}

	makeRoute(): string {
		return this.route;
	}

	preparePayload(params: BodyParams): Record<string, unknown> {
		const { inputs, parameters, ...rest } = omitClientArgs(params.args);
		return {
			...rest,
			...generationParameters(parameters, "chat"),
			messages: [{ role: "user", content: promptOf(inputs, this.task) }],
			model: params.model,
		};
	}

	async getResponse(body: unknown): Promise<unknown> {
		const choice = isRecord(body) && Array.isArray(body.choices) ? body.choices[0] : undefined;
		const message = isRecord(choice) ? choice.message : undefined;
		if (isRecord(message) && isString(message.content)) return { generated_text: message.content };
		throw invalidOutput("a chat completion: { choices: [{ message: { content: string } }] }");
	}
}
