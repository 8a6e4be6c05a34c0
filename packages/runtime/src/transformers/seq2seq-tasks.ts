/**
 * Text-to-text generation on encoder-decoder models (T5, BART, Marian …),
 * answering in hf-inference's shapes:
 *   summarization  { inputs: string | string[], parameters?: { max_new_tokens, generate_parameters? } }
 *                  → [{ summary_text }], one per input
 *   translation    { inputs: string | string[], parameters?: { src_lang, tgt_lang, max_new_tokens, generate_parameters? } }
 *                  → [{ translation_text }], one per input
 *   image-to-text  an image (raw body, or base64 `inputs` with `parameters?: { max_new_tokens, generate_parameters? }`)
 *                  → [{ generated_text }]
 * Decoding is greedy. The model is two ONNX files, an encoder and a decoder with its
 * cache branch merged in (`decoder_model_merged.onnx`): what transformers.js v4 loads
 * for a sequence-to-sequence model (it never reads `decoder_with_past_model.onnx`); an
 * image-to-text model (VisionEncoderDecoder) encodes pixels, through its preprocessor.
 */
import { RuntimeError } from "../errors.js";
import { mediaBytes } from "../packaged/media.js";
import { bodyObject, isRecord, optionalPositiveInteger, parametersOf, textList } from "./requests.js";
import type { Pipe, TransformersTask, WeightLayout } from "./types.js";

/** Tokens one call may generate per input: beyond it a request is refused rather than left to hold a worker. */
export const MAX_NEW_TOKENS = 512;
/** What transformers.js's text-to-text pipelines generate when not told. */
const DEFAULT_NEW_TOKENS = 256;
/** Inputs per call: each is a generation of its own, far heavier than a classification. */
export const MAX_GENERATION_INPUTS = 16;

/** Encoder and merged decoder, full precision first; in `onnx/` as transformers.js repositories have them, or at the top. */
export const ENCODER_DECODER_WEIGHTS: readonly WeightLayout[] = [
	{ paths: ["onnx/encoder_model.onnx", "onnx/decoder_model_merged.onnx"], subfolder: "onnx", dtype: "fp32" },
	{
		paths: ["onnx/encoder_model_quantized.onnx", "onnx/decoder_model_merged_quantized.onnx"],
		subfolder: "onnx",
		dtype: "q8",
	},
	{ paths: ["encoder_model.onnx", "decoder_model_merged.onnx"], subfolder: "", dtype: "fp32" },
	{ paths: ["encoder_model_quantized.onnx", "decoder_model_merged_quantized.onnx"], subfolder: "", dtype: "q8" },
];

/** The heads that generate text from an encoded input: `T5ForConditionalGeneration`, `MarianMTModel` … */
const SEQ2SEQ_HEAD = /(ForConditionalGeneration|MTModel)$/;

interface GenerationRequest {
	inputs: string[];
	maxNewTokens: number;
}

interface TranslationRequest extends GenerationRequest {
	sourceLanguage?: string;
	targetLanguage?: string;
}

const fail = (message: string): never => {
	throw new RuntimeError("input", message);
};

/**
 * `max_new_tokens` in `parameters` or, as the task specification has it, in
 * `parameters.generate_parameters`; bounded by MAX_NEW_TOKENS.
 */
function maxNewTokensOf(parameters: Record<string, unknown>): number {
	const nested = parameters.generate_parameters ?? {};
	if (!isRecord(nested)) fail("`parameters.generate_parameters` must be an object");
	const maxNewTokens =
		optionalPositiveInteger(parameters, "max_new_tokens") ??
		optionalPositiveInteger(nested as Record<string, unknown>, "max_new_tokens") ??
		DEFAULT_NEW_TOKENS;
	if (maxNewTokens > MAX_NEW_TOKENS) fail(`\`max_new_tokens\` must be at most ${MAX_NEW_TOKENS}`);
	return maxNewTokens;
}

function generationOf(body: unknown): GenerationRequest & { parameters: Record<string, unknown> } {
	const object = bodyObject(body);
	const parameters = parametersOf(object);
	const inputs = textList(object.inputs);
	if (inputs.length > MAX_GENERATION_INPUTS) fail(`At most ${MAX_GENERATION_INPUTS} inputs per request`);
	return { inputs, maxNewTokens: maxNewTokensOf(parameters), parameters };
}

function optionalText(parameters: Record<string, unknown>, name: string): string | undefined {
	const value = parameters[name];
	if (value === undefined || value === null) return undefined;
	return typeof value === "string" && value.length > 0
		? value
		: fail(`\`parameters.${name}\` must be a non-empty string`);
}

/** The pipeline's answers, checked: one `{ [key]: string }` per input. */
async function generate(pipe: Pipe, inputs: string[], key: string, options: Record<string, unknown>) {
	const answers = (await pipe(inputs, { ...options, do_sample: false, num_beams: 1 })) as Record<string, unknown>[];
	if (!Array.isArray(answers) || answers.length !== inputs.length) {
		throw new RuntimeError("failed", "The model did not answer one text per input");
	}
	return answers.map((answer) => ({ [key]: String(answer[key] ?? "") }));
}

const summarization: TransformersTask<GenerationRequest> = {
	task: "summarization",
	pipeline: "summarization",
	architecture: SEQ2SEQ_HEAD,
	weights: ENCODER_DECODER_WEIGHTS,
	parseRequest(body) {
		const { inputs, maxNewTokens } = generationOf(body);
		return { inputs, maxNewTokens };
	},
	run: (pipe, request) => generate(pipe, request.inputs, "summary_text", { max_new_tokens: request.maxNewTokens }),
};

/** The source language each loaded model opens its inputs with, as it came (see defaultSourceLanguage). */
const sourceLanguages = new WeakMap<Pipe, string | undefined>();

/**
 * transformers.js sets `src_lang` by rewriting the tokenizer's template in place, so one call's
 * source language would stay for every later call on the same loaded model: the model's own is
 * read before the first call changes it, and given whenever a call names none.
 */
function defaultSourceLanguage(pipe: Pipe, codes: unknown[]): string | undefined {
	if (!sourceLanguages.has(pipe)) {
		const template = (pipe.tokenizer as { _tokenizer?: { post_processor?: { config?: { single?: unknown } } } })
			._tokenizer?.post_processor?.config?.single;
		const opening = Array.isArray(template)
			? template
					.map((item) => (item as { SpecialToken?: { id?: unknown } })?.SpecialToken?.id)
					.find((token) => codes.includes(token))
			: undefined;
		sourceLanguages.set(pipe, typeof opening === "string" ? opening : undefined);
	}
	return sourceLanguages.get(pipe);
}

/**
 * A multilingual model (NLLB, M2M100, mBART: its tokenizer lists `language_codes`) is told the
 * languages, and refuses codes it does not know; a model of one language pair (Marian, T5 with
 * a prefix) has nothing to choose, so `src_lang` and `tgt_lang` are ignored, as hf-inference does.
 */
const translation: TransformersTask<TranslationRequest> = {
	task: "translation",
	pipeline: "translation",
	architecture: SEQ2SEQ_HEAD,
	weights: ENCODER_DECODER_WEIGHTS,
	parseRequest(body) {
		const { inputs, maxNewTokens, parameters } = generationOf(body);
		return {
			inputs,
			maxNewTokens,
			sourceLanguage: optionalText(parameters, "src_lang"),
			targetLanguage: optionalText(parameters, "tgt_lang"),
		};
	},
	async run(pipe, request) {
		const codes = (pipe.tokenizer as { language_codes?: unknown }).language_codes;
		const options: Record<string, unknown> = { max_new_tokens: request.maxNewTokens };
		if (Array.isArray(codes)) {
			if (!request.targetLanguage)
				fail("This model translates into several languages: `parameters.tgt_lang` is needed");
			for (const [name, code] of [
				["src_lang", request.sourceLanguage],
				["tgt_lang", request.targetLanguage],
			] as const) {
				if (code !== undefined && !codes.includes(code)) {
					const known = `${codes.slice(0, 8).join(", ")}${codes.length > 8 ? " …" : ""}`;
					fail(`\`parameters.${name}\` must be a language code this model knows (${known})`);
				}
			}
			const sourceLanguage = request.sourceLanguage ?? defaultSourceLanguage(pipe, codes);
			Object.assign(options, { src_lang: sourceLanguage, tgt_lang: request.targetLanguage });
		}
		return generate(pipe, request.inputs, "translation_text", options);
	},
};

async function decodeImage(bytes: Uint8Array): Promise<unknown> {
	// Imported here, not at the top: transformers-capability.ts (on the hub's main thread) reads this module's task list.
	const { RawImage } = await import("@huggingface/transformers");
	try {
		return await RawImage.fromBlob(new Blob([bytes as Uint8Array<ArrayBuffer>]));
	} catch {
		throw new RuntimeError("input", "The request body is not an image the local runtime can read");
	}
}

/** A VisionEncoderDecoder model: the image is encoded once, then the caption generated from it. */
const imageToText: TransformersTask<{ bytes: Uint8Array; maxNewTokens: number }> = {
	task: "image-to-text",
	pipeline: "image-to-text",
	architecture: /^VisionEncoderDecoderModel$/,
	media: "image",
	needs: ["preprocessor_config.json", "tokenizer.json"],
	weights: ENCODER_DECODER_WEIGHTS,
	parseRequest(body) {
		const parameters = isRecord(body) ? parametersOf(body) : {};
		return { bytes: mediaBytes(body, "an image"), maxNewTokens: maxNewTokensOf(parameters) };
	},
	async run(pipe, request) {
		const image = await decodeImage(request.bytes);
		const answers = (await pipe(image, { max_new_tokens: request.maxNewTokens, do_sample: false, num_beams: 1 })) as {
			generated_text?: unknown;
		}[];
		return answers.slice(0, 1).map((answer) => ({ generated_text: String(answer.generated_text ?? "") }));
	},
};

export const SEQ2SEQ_TASKS = [summarization, translation, imageToText] as TransformersTask<unknown>[];
