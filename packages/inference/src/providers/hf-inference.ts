/**
 * hf-inference: the hub's own inference, reached only through the router
 * (`{routerUrl}/hf-inference`, whatever the token). Most tasks POST the hub's
 * task API (`{ inputs, parameters }`) to `models/{model}`; embeddings and
 * sentence similarity go to a pipeline route; chat and completions speak the
 * OpenAI API under `models/{model}/v1/…`. Audio and image inputs go as raw
 * bytes when given as `data`, as base64 inside JSON when given as `inputs`.
 */
import { InferenceClientInputError, invalidOutput } from "../errors.js";
import { mediaOutput } from "../lib/output.js";
import {
	blobToBase64,
	generatedText,
	isNumber,
	isObject,
	isString,
	labelScores,
	listOf,
	nestedNumbers,
	numbers,
} from "../lib/validate.js";
import type { BodyParams, InferenceTask, UrlParams } from "../types.js";
import type { ProviderHelpers } from "./index.js";
import {
	OpenAICompatibleChatTask,
	OpenAICompatibleTextGenerationTask,
	omitClientArgs,
	type ResponseContext,
	TaskProviderHelper,
} from "./provider-helper.js";

const PROVIDER = "hf-inference";
const BASE_URL = "https://router.huggingface.co/hf-inference";

/** hf-inference lives behind the router only: a provider key goes there too (a self-hosted hub's router included). */
function hfInferenceBaseUrl(params: UrlParams): string {
	return `${params.routerUrl.replace(/\/+$/, "")}/${PROVIDER}`;
}

/** Reads a parsed answer into the task's output, or throws `invalidOutput`. */
type Reader = (body: unknown) => unknown;

/** A task posting the hub's task API as JSON to `models/{model}[/suffix]`. */
class HFInferenceTask extends TaskProviderHelper {
	constructor(
		task: InferenceTask,
		protected readonly read: Reader,
		/** Appended to `models/{model}`, e.g. "pipeline/feature-extraction". */
		protected readonly suffix = "",
	) {
		super(PROVIDER, task, BASE_URL);
	}

	override makeBaseUrl(params: UrlParams): string {
		return hfInferenceBaseUrl(params);
	}

	makeRoute(params: UrlParams): string {
		return this.suffix ? `models/${params.model}/${this.suffix}` : `models/${params.model}`;
	}

	preparePayload(params: BodyParams): Record<string, unknown> | Promise<Record<string, unknown>> {
		return omitClientArgs(params.args);
	}

	async getResponse(body: unknown, _context: ResponseContext): Promise<unknown> {
		return this.read(body);
	}
}

/**
 * Audio or image in, JSON out: `data: Blob` goes as the raw bytes (no JSON
 * content type), `inputs: Blob` as `{ inputs: <base64>, parameters }`.
 */
class HFInferenceBinaryInputTask extends HFInferenceTask {
	override readonly binaryInput: boolean = true;

	override async preparePayload(params: BodyParams): Promise<Record<string, unknown>> {
		const { args } = params;
		const media = args.inputs instanceof Blob ? args.inputs : args.data instanceof Blob ? args.data : undefined;
		if (!media) {
			throw new InferenceClientInputError(
				`${this.task} expects the audio or image as \`data: Blob\` or \`inputs: Blob\`.`,
			);
		}
		return { ...omitClientArgs(args), inputs: await blobToBase64(media) };
	}
}

type Payload = Record<string, unknown>;

/**
 * Builds a JSON payload around an image given as a Blob (sent base64-encoded) or
 * as a string the API takes as it is (base64 or a URL). Synchronous for strings,
 * so snippets can show the payload; `where` names the argument for the error.
 */
function withImage(
	value: unknown,
	task: InferenceTask,
	where: string,
	build: (image: string) => Payload,
): Payload | Promise<Payload> {
	if (typeof value === "string" && value) return build(value);
	if (value instanceof Blob) return blobToBase64(value).then(build);
	throw new InferenceClientInputError(`${task} expects the image as a Blob in \`${where}\`.`);
}

/** Zero-shot image classification: `{ inputs: <base64 image>, parameters: { candidate_labels } }`. */
class HFInferenceZeroShotImageClassificationTask extends HFInferenceTask {
	constructor() {
		super("zero-shot-image-classification", labelScores);
	}

	override preparePayload(params: BodyParams): Payload | Promise<Payload> {
		const { inputs } = params.args;
		const image = isObject(inputs) && !(inputs instanceof Blob) ? inputs.image : inputs;
		return withImage(image, this.task, "inputs", (encoded) => ({ ...omitClientArgs(params.args), inputs: encoded }));
	}
}

/** Document / visual question answering: `{ inputs: { image: <base64>, question }, parameters }`. */
class HFInferenceImageQuestionTask extends HFInferenceTask {
	override preparePayload(params: BodyParams): Payload | Promise<Payload> {
		const { inputs } = params.args;
		if (!isObject(inputs) || !isString(inputs.question)) {
			throw new InferenceClientInputError(`${this.task} expects \`inputs: { image: Blob, question: string }\`.`);
		}
		return withImage(inputs.image, this.task, "inputs.image", (image) => ({
			...omitClientArgs(params.args),
			inputs: { ...inputs, image },
		}));
	}
}

/** Image to image: `{ inputs: <base64 image>, parameters }`; the answer is the image's bytes. */
class HFInferenceImageToImageTask extends HFInferenceTask {
	override readonly responseKind = "blob" as const;

	constructor() {
		super("image-to-image", (body) => mediaBlob(body, "an image"));
	}

	override preparePayload(params: BodyParams): Payload | Promise<Payload> {
		return withImage(params.args.inputs, this.task, "inputs", (image) => ({
			...omitClientArgs(params.args),
			inputs: image,
		}));
	}

	override async getResponse(body: unknown, context: ResponseContext): Promise<unknown> {
		const image = mediaBlob(body, "an image");
		return mediaOutput({ blob: image, raw: image }, context);
	}
}

/** Text in, media bytes out (text-to-image, text-to-speech, text-to-audio). */
class HFInferenceMediaOutputTask extends HFInferenceTask {
	override readonly responseKind = "blob" as const;

	constructor(
		task: InferenceTask,
		private readonly what: string,
	) {
		super(task, (body) => mediaBlob(body, what));
	}

	override async getResponse(body: unknown, context: ResponseContext): Promise<unknown> {
		const media = mediaBlob(body, this.what);
		return mediaOutput({ blob: media, raw: media }, context);
	}
}

/** Chat completion at `models/{model}/v1/chat/completions`. */
class HFInferenceConversationalTask extends OpenAICompatibleChatTask {
	constructor() {
		super(PROVIDER, BASE_URL);
	}

	override makeBaseUrl(params: UrlParams): string {
		return hfInferenceBaseUrl(params);
	}

	override makeRoute(params?: UrlParams): string {
		return `models/${params?.model ?? ""}/v1/chat/completions`;
	}
}

/** Text completion at `models/{model}/v1/completions`; a task-API `[{ generated_text }]` answer is read too. */
class HFInferenceTextGenerationTask extends OpenAICompatibleTextGenerationTask {
	constructor() {
		super(PROVIDER, BASE_URL);
	}

	override makeBaseUrl(params: UrlParams): string {
		return hfInferenceBaseUrl(params);
	}

	override makeRoute(params?: UrlParams): string {
		return `models/${params?.model ?? ""}/v1/completions`;
	}

	override async getResponse(body: unknown): Promise<unknown> {
		if (isObject(body) && Array.isArray(body.choices)) return super.getResponse(body);
		try {
			return generatedText(body);
		} catch {
			throw invalidOutput("a completion: { choices: [{ text }] }, or [{ generated_text: string }]");
		}
	}
}

// ---- output checks ----

/** Binary media; a JSON body in a 2xx answer is not media. */
function mediaBlob(body: unknown, what: string): Blob {
	if (body instanceof Blob && !/\bjson\b/i.test(body.type)) return body;
	throw invalidOutput(`${what} as binary data (Blob)`);
}

/** `[[…]]` from a one-input batch becomes `[…]`. */
function unwrapBatchOfOne(body: unknown): unknown {
	return Array.isArray(body) && body.length === 1 && Array.isArray(body[0]) ? body[0] : body;
}

/** `[x]` becomes `x`; an object stays as it is. */
function single(body: unknown): unknown {
	return Array.isArray(body) && body.length === 1 ? body[0] : body;
}

function classification(body: unknown): unknown {
	return labelScores(unwrapBatchOfOne(body));
}

function fillMask(body: unknown): unknown {
	return listOf(
		body,
		(item) =>
			isObject(item) &&
			isNumber(item.score) &&
			isNumber(item.token) &&
			isString(item.token_str) &&
			isString(item.sequence),
		"{ score: number, token: number, token_str: string, sequence: string }",
	);
}

function tokenClassification(body: unknown): unknown {
	return listOf(
		unwrapBatchOfOne(body),
		(item) =>
			isObject(item) &&
			(isString(item.entity_group) || isString(item.entity)) &&
			isNumber(item.score) &&
			isString(item.word) &&
			isNumber(item.start) &&
			isNumber(item.end),
		"{ entity_group | entity: string, score: number, word: string, start: number, end: number }",
	);
}

function questionAnswering(body: unknown): unknown {
	const answer = single(body);
	if (
		isObject(answer) &&
		isString(answer.answer) &&
		isNumber(answer.score) &&
		isNumber(answer.start) &&
		isNumber(answer.end)
	) {
		return answer;
	}
	throw invalidOutput("{ answer: string, score: number, start: number, end: number } (or an array of one)");
}

function tableQuestionAnswering(body: unknown): unknown {
	const answer = single(body);
	if (
		isObject(answer) &&
		isString(answer.answer) &&
		Array.isArray(answer.coordinates) &&
		answer.coordinates.every((cell) => Array.isArray(cell) && cell.every(isNumber)) &&
		Array.isArray(answer.cells) &&
		answer.cells.every(isString) &&
		(answer.aggregator === undefined || isString(answer.aggregator))
	) {
		return answer;
	}
	throw invalidOutput("{ answer: string, coordinates: number[][], cells: string[], aggregator?: string }");
}

function documentQuestionAnswering(body: unknown): unknown {
	const answer = single(body);
	const optionalNumber = (value: unknown) => value === undefined || value === null || isNumber(value);
	if (
		isObject(answer) &&
		isString(answer.answer) &&
		optionalNumber(answer.score) &&
		optionalNumber(answer.start) &&
		optionalNumber(answer.end)
	) {
		return answer;
	}
	throw invalidOutput("[{ answer: string, score?: number, start?: number, end?: number }]");
}

function visualQuestionAnswering(body: unknown): unknown {
	const answer = single(body);
	if (isObject(answer) && isString(answer.answer) && isNumber(answer.score)) return answer;
	throw invalidOutput("[{ answer: string, score: number }]");
}

/** `[{ <field>: string }]` or `{ <field>: string }`, as one object. */
function textField(field: "summary_text" | "translation_text"): Reader {
	return (body) => {
		const first = Array.isArray(body) ? body[0] : body;
		if (isObject(first) && isString(first[field])) return { [field]: first[field] };
		throw invalidOutput(`[{ ${field}: string }]`);
	};
}

/** `[{ label, score }]`, or the older `{ sequence, labels, scores }` (one per input) turned into it. */
function zeroShotClassification(body: unknown): unknown {
	const zipped = (item: unknown): { label: string; score: number }[] | undefined => {
		if (!isObject(item)) return undefined;
		const { labels, scores } = item;
		if (
			Array.isArray(labels) &&
			Array.isArray(scores) &&
			labels.length === scores.length &&
			labels.every(isString) &&
			scores.every(isNumber)
		) {
			return labels.map((label, index) => ({ label, score: scores[index] as number }));
		}
		return undefined;
	};
	const one = zipped(body);
	if (one) return one;
	if (Array.isArray(body) && body.length > 0) {
		const many = body.map(zipped);
		if (many.every((item) => item !== undefined)) return many.flat();
	}
	try {
		return labelScores(unwrapBatchOfOne(body));
	} catch {
		throw invalidOutput("Array<{ label: string, score: number }> or { labels: string[], scores: number[] }");
	}
}

function automaticSpeechRecognition(body: unknown): unknown {
	if (isObject(body) && isString(body.text)) {
		if (body.chunks === undefined || body.chunks === null) return { text: body.text };
		if (
			Array.isArray(body.chunks) &&
			body.chunks.every(
				(chunk) =>
					isObject(chunk) &&
					isString(chunk.text) &&
					Array.isArray(chunk.timestamp) &&
					chunk.timestamp.length === 2 &&
					chunk.timestamp.every((time) => time === null || isNumber(time)),
			)
		) {
			return { text: body.text, chunks: body.chunks };
		}
	}
	throw invalidOutput("{ text: string, chunks?: Array<{ text: string, timestamp: [number, number] }> }");
}

function audioToAudio(body: unknown): unknown {
	return listOf(
		body,
		(item) => isObject(item) && isString(item.label) && isString(item.blob) && isString(item["content-type"]),
		'{ label: string, blob: string, "content-type": string }',
	);
}

function objectDetection(body: unknown): unknown {
	return listOf(
		body,
		(item) =>
			isObject(item) &&
			isString(item.label) &&
			isNumber(item.score) &&
			isObject(item.box) &&
			isNumber(item.box.xmin) &&
			isNumber(item.box.ymin) &&
			isNumber(item.box.xmax) &&
			isNumber(item.box.ymax),
		"{ label: string, score: number, box: { xmin: number, ymin: number, xmax: number, ymax: number } }",
	);
}

function imageSegmentation(body: unknown): unknown {
	return listOf(
		body,
		(item) =>
			isObject(item) &&
			isString(item.label) &&
			isString(item.mask) &&
			(item.score === undefined || item.score === null || isNumber(item.score)),
		"{ label: string, score?: number, mask: string }",
	);
}

export const helpers: ProviderHelpers = {
	"text-to-image": new HFInferenceMediaOutputTask("text-to-image", "an image"),
	conversational: new HFInferenceConversationalTask(),
	"text-generation": new HFInferenceTextGenerationTask(),
	"text-classification": new HFInferenceTask("text-classification", classification),
	"question-answering": new HFInferenceTask("question-answering", questionAnswering),
	"audio-classification": new HFInferenceBinaryInputTask("audio-classification", labelScores),
	"automatic-speech-recognition": new HFInferenceBinaryInputTask(
		"automatic-speech-recognition",
		automaticSpeechRecognition,
	),
	"fill-mask": new HFInferenceTask("fill-mask", fillMask),
	"feature-extraction": new HFInferenceTask("feature-extraction", nestedNumbers, "pipeline/feature-extraction"),
	"image-classification": new HFInferenceBinaryInputTask("image-classification", labelScores),
	"image-segmentation": new HFInferenceBinaryInputTask("image-segmentation", imageSegmentation),
	"document-question-answering": new HFInferenceImageQuestionTask(
		"document-question-answering",
		documentQuestionAnswering,
	),
	"image-to-text": new HFInferenceBinaryInputTask("image-to-text", generatedText),
	"object-detection": new HFInferenceBinaryInputTask("object-detection", objectDetection),
	"audio-to-audio": new HFInferenceBinaryInputTask("audio-to-audio", audioToAudio),
	"zero-shot-image-classification": new HFInferenceZeroShotImageClassificationTask(),
	"zero-shot-classification": new HFInferenceTask("zero-shot-classification", zeroShotClassification),
	"image-to-image": new HFInferenceImageToImageTask(),
	"sentence-similarity": new HFInferenceTask("sentence-similarity", numbers, "pipeline/sentence-similarity"),
	"table-question-answering": new HFInferenceTask("table-question-answering", tableQuestionAnswering),
	"tabular-classification": new HFInferenceTask("tabular-classification", numbers),
	"text-to-speech": new HFInferenceMediaOutputTask("text-to-speech", "audio"),
	"token-classification": new HFInferenceTask("token-classification", tokenClassification),
	translation: new HFInferenceTask("translation", textField("translation_text")),
	summarization: new HFInferenceTask("summarization", textField("summary_text")),
	"visual-question-answering": new HFInferenceImageQuestionTask("visual-question-answering", visualQuestionAnswering),
	"tabular-regression": new HFInferenceTask("tabular-regression", numbers),
	"text-to-audio": new HFInferenceMediaOutputTask("text-to-audio", "audio"),
};
