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
import { blobToBase64, isRecord, isString } from "../lib/validate.js";
import type { InferenceTask } from "../types.js";
import {
	audioToAudio,
	automaticSpeechRecognition,
	classification,
	documentQuestionAnswering,
	embeddings,
	fillMask,
	generatedText,
	imageSegmentation,
	labelScores,
	mediaBlob,
	numbers,
	objectDetection,
	questionAnswering,
	type Reader,
	summarization,
	tableQuestionAnswering,
	tokenClassification,
	translation,
	visualQuestionAnswering,
	zeroShotClassification,
} from "./hf-inference-outputs.js";
import {
	type BodyParams,
	type HeaderParams,
	OpenAICompatibleChatTask,
	OpenAICompatibleTextGenerationTask,
	omitClientArgs,
	type ProviderHelpers,
	type RequestHelper,
	type ResponseContext,
	TaskProviderHelper,
	type UrlParams,
} from "./provider-helper.js";

const PROVIDER = "hf-inference";
const BASE_URL = "https://router.huggingface.co/hf-inference";

/** hf-inference lives behind the router only: a provider key goes there too (a self-hosted hub's router included). */
function hfInferenceBaseUrl(params: UrlParams): string {
	return `${params.routerUrl.replace(/\/+$/, "")}/${PROVIDER}`;
}

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
		const image = isRecord(inputs) && !(inputs instanceof Blob) ? inputs.image : inputs;
		return withImage(image, this.task, "inputs", (encoded) => ({ ...omitClientArgs(params.args), inputs: encoded }));
	}
}

/** Document / visual question answering: `{ inputs: { image: <base64>, question }, parameters }`. */
class HFInferenceImageQuestionTask extends HFInferenceTask {
	override preparePayload(params: BodyParams): Payload | Promise<Payload> {
		const { inputs } = params.args;
		if (!isRecord(inputs) || !isString(inputs.question)) {
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
		if (isRecord(body) && Array.isArray(body.choices)) return super.getResponse(body);
		try {
			return generatedText(body);
		} catch {
			throw invalidOutput("a completion: { choices: [{ text }] }, or [{ generated_text: string }]");
		}
	}
}

/**
 * What `request()` sends for a task without a helper (or without a task): the
 * arguments to `models/{model}` as JSON, or `data: Blob` as the raw bytes. The
 * answer is handed back unchecked.
 */
class HFInferenceRequest implements RequestHelper {
	readonly provider = PROVIDER;
	readonly binaryInput = true;
	readonly responseKind = "json";
	readonly clientSideRoutingOnly = false;
	/** Builds URL and headers as every task at `models/{model}` does; its task label is never used. */
	readonly #modelRoute = new HFInferenceTask("text-classification", (body) => body);

	makeUrl(params: UrlParams): string {
		return this.#modelRoute.makeUrl(params);
	}

	prepareHeaders(params: HeaderParams, binary: boolean): Record<string, string> {
		return this.#modelRoute.prepareHeaders(params, binary);
	}

	async makeBody(params: BodyParams): Promise<BodyInit> {
		return params.args.data instanceof Blob ? params.args.data : JSON.stringify(omitClientArgs(params.args));
	}

	async getResponse(body: unknown): Promise<unknown> {
		return body;
	}
}

export const HF_INFERENCE_REQUEST: RequestHelper = new HFInferenceRequest();

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
	"feature-extraction": new HFInferenceTask("feature-extraction", embeddings, "pipeline/feature-extraction"),
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
	translation: new HFInferenceTask("translation", translation),
	summarization: new HFInferenceTask("summarization", summarization),
	"visual-question-answering": new HFInferenceImageQuestionTask("visual-question-answering", visualQuestionAnswering),
	"tabular-regression": new HFInferenceTask("tabular-regression", numbers),
	"text-to-audio": new HFInferenceMediaOutputTask("text-to-audio", "audio"),
};
