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
		| "summarization"
		| "translation"
		| "image-to-text";
	/** Takes images (raw bodies or base64 JSON) rather than text; the model has a preprocessor, not a tokenizer. */
	media?: "image";
	/** An image task that answers in words: its model has a tokenizer (to decode them) as well as a preprocessor. */
	writesText?: true;
	/** The head the model's `architectures` must name (`…ForTokenClassification`); undefined: any. */
	architecture?: RegExp;
	/**
	 * The ONNX files it loads, when not the one `model.onnx` of WEIGHT_CHOICES (an encoder and a
	 * decoder, say): the layouts it takes, best first. The capability check asks for the same files.
	 */
	weights?: readonly WeightLayout[];
	parseRequest(body: unknown): Request;
	run(pipe: Pipe, request: Request): Promise<unknown>;
}
