import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { js, jsString, jsValue, sampleSentences, sampleText } from "./common.js";

/** Sample media for image and audio tasks (fixed files from the transformers.js docs data set). */
const IMAGE_URL = "https://huggingface.co/datasets/Xenova/transformers.js-docs/resolve/main/cats.jpg";
const DOCUMENT_URL = "https://huggingface.co/datasets/Xenova/transformers.js-docs/resolve/main/invoice.png";
const AUDIO_URL = "https://huggingface.co/datasets/Xenova/transformers.js-docs/resolve/main/jfk.wav";

const DEFAULT_CONTEXT = "The old town sits on both banks of the river, which runs right through its market square.";
const DEFAULT_TEXT_LABELS = ["refund", "delivery", "product quality"];
const DEFAULT_IMAGE_LABELS = ["cat", "dog", "bird"];
const DEFAULT_AUDIO_LABELS = ["speech", "music", "applause"];

function widgetText(model: ModelData): string | undefined {
	return model.widgetData?.find((example) => typeof example.text === "string" && example.text.length > 0)?.text;
}

function widgetContext(model: ModelData): string | undefined {
	return model.widgetData?.find((example) => typeof example.context === "string" && example.context.length > 0)
		?.context;
}

/** Candidate labels from the widget ("a, b, c"), or `fallback`. */
function labels(model: ModelData, fallback: string[]): string[] {
	const raw = model.widgetData?.find((example) => typeof example.candidate_labels === "string")?.candidate_labels;
	const parsed = (raw ?? "")
		.split(",")
		.map((label) => label.trim())
		.filter((label) => label.length > 0);
	return parsed.length > 0 ? parsed : fallback;
}

function maskToken(model: ModelData): string {
	const token = model.config?.tokenizer_config?.mask_token;
	const value = typeof token === "string" ? token : token?.content;
	return typeof value === "string" && value.length > 0 ? value : "[MASK]";
}

/** The call on a sample input, per task; `undefined` for tasks without a transformers.js pipeline. */
function call(task: string, model: ModelData): string | undefined {
	const text = jsString(sampleText(model));
	switch (task) {
		case "text-classification":
		case "token-classification":
		case "summarization":
		case "translation":
		case "text2text-generation":
			return `const output = await pipe(${text});`;
		case "text-generation":
			return `const output = await pipe(${text}, { max_new_tokens: 64 });`;
		case "fill-mask":
			return `const output = await pipe(${jsString(widgetText(model) ?? `The capital of France is ${maskToken(model)}.`)});`;
		case "question-answering":
			return `const output = await pipe(${text}, ${jsString(widgetContext(model) ?? DEFAULT_CONTEXT)});`;
		case "zero-shot-classification":
			return `const output = await pipe(${text}, ${jsValue(labels(model, DEFAULT_TEXT_LABELS))});`;
		case "feature-extraction":
			return `const output = await pipe(${text}, { pooling: "mean", normalize: true });`;
		case "sentence-similarity":
			return `const output = await pipe(${jsValue(sampleSentences(model))}, { pooling: "mean", normalize: true });`;
		case "text-to-speech":
		case "text-to-audio":
			return `const output = await pipe(${jsString(sampleText(model, "text-to-speech"))});`;
		case "automatic-speech-recognition":
		case "audio-classification":
			return `const output = await pipe(${jsString(AUDIO_URL)});`;
		case "zero-shot-audio-classification":
			return `const output = await pipe(${jsString(AUDIO_URL)}, ${jsValue(labels(model, DEFAULT_AUDIO_LABELS))});`;
		case "image-classification":
		case "image-segmentation":
		case "object-detection":
		case "image-to-text":
		case "image-to-image":
		case "depth-estimation":
		case "image-feature-extraction":
			return `const output = await pipe(${jsString(IMAGE_URL)});`;
		case "zero-shot-image-classification":
		case "zero-shot-object-detection":
			return `const output = await pipe(${jsString(IMAGE_URL)}, ${jsValue(labels(model, DEFAULT_IMAGE_LABELS))});`;
		case "document-question-answering":
			return `const output = await pipe(${jsString(DOCUMENT_URL)}, ${jsString(widgetText(model) ?? "What is the invoice number?")});`;
		default:
			return undefined;
	}
}

/** transformers.js runs sentence-similarity models as feature extractors. */
function pipelineTask(task: string): string {
	return task === "sentence-similarity" ? "feature-extraction" : task;
}

/** Transformers.js: the model's task pipeline, called on a sample input. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const task = typeof model.pipeline_tag === "string" ? model.pipeline_tag : "";
	const invocation = call(task, model);
	if (invocation === undefined) {
		return [
			js(
				`// No transformers.js pipeline covers this model's task: load the model and call it on your own inputs.
import { AutoModel } from "@huggingface/transformers";

const model = await AutoModel.from_pretrained(${jsString(model.id)});
console.log(model.config);`,
			),
		];
	}
	return [
		js(
			`import { pipeline } from "@huggingface/transformers";

const pipe = await pipeline(${jsString(pipelineTask(task))}, ${jsString(model.id)});

${invocation}
console.log(output);`,
		),
	];
}
