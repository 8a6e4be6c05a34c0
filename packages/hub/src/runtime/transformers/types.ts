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
		| "text-generation";
	/** Takes images (raw bodies or base64 JSON) rather than text; the model has a preprocessor, not a tokenizer. */
	media?: "image";
	/** The head the model's `architectures` must name (`…ForTokenClassification`); undefined: any. */
	architecture?: RegExp;
	parseRequest(body: unknown): Request;
	/** A further look at config.json for capability.ts (the reason the model cannot run, or undefined). */
	checkConfig?(config: unknown): string | undefined;
	run(pipe: Pipe, request: Request): Promise<unknown>;
}
