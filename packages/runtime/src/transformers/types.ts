/** The parts of a transformers.js pipeline the engine uses, typed loosely enough to cover every task. */
import type { Tensor } from "@huggingface/transformers";

export interface PipeTokenizer {
	(texts: string | string[], options?: Record<string, unknown>): Record<string, Tensor>;
	mask_token?: string | null;
}

export interface Pipe {
	(...args: unknown[]): Promise<unknown>;
	tokenizer: PipeTokenizer;
	model: ((inputs: Record<string, Tensor>) => Promise<Record<string, Tensor>>) & {
		config: { id2label?: Record<string, string>; problem_type?: string };
	};
	dispose(): Promise<void>;
}

/** One way a model's weights may be laid out: every file in `paths`, loaded from `subfolder` as `dtype`. */
export interface WeightLayout {
	paths: readonly string[];
	subfolder: string;
	dtype: "fp32" | "q8";
}

/** One task the engine serves: the transformers.js pipeline it builds, its request check, its run. */
export interface TransformersTask<Request> {
	task: string;
	/** The transformers.js pipeline loaded for it. */
	pipeline:
		| "text-classification"
		| "token-classification"
		| "fill-mask"
		| "question-answering"
		| "zero-shot-classification"
		| "feature-extraction"
		| "image-classification"
		| "object-detection"
		| "depth-estimation"
		| "image-segmentation"
		| "zero-shot-image-classification"
		| "audio-classification"
		| "automatic-speech-recognition"
		| "text-generation"
		| "summarization"
		| "translation"
		| "image-to-text"
		| "text-to-audio";
	/** Takes images or recordings (raw bodies or base64 JSON) rather than text; the model has a preprocessor. */
	media?: "image" | "audio";
	/**
	 * Files the pipeline reads besides the weights and config.json, refused by name when missing
	 * (transformers.js would load without them and fail on the first call): a preprocessor, a tokenizer.
	 */
	needs?: readonly string[];
	/** The head the model's `architectures` must name (`…ForTokenClassification`); undefined: any. */
	architecture?: RegExp;
	/**
	 * The ONNX files it loads, when not the one `model.onnx` of WEIGHT_CHOICES (an encoder and a
	 * decoder, say): the layouts it takes, best first. The capability check asks for the same files.
	 */
	weights?: readonly WeightLayout[];
	parseRequest(body: unknown): Request;
	/** A further look at config.json for transformers-capability.ts (the reason the model cannot run, or undefined). */
	checkConfig?(config: unknown): string | undefined;
	run(pipe: Pipe, request: Request): Promise<unknown>;
}
