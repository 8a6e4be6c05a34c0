/**
 * text-generation on transformers.js: decoder-only ONNX model folders (GPT-2, Llama …
 * exported as transformers.js repositories are: `onnx/model.onnx` with `past_key_values.*`
 * inputs and `present.*` outputs). GGUF models are llama.cpp's (llama-engine.ts), never this.
 * Two request shapes reach it:
 *   - the task API, POST models/{model}:
 *       { inputs, parameters?: { max_new_tokens, temperature, top_p, top_k, do_sample,
 *         return_full_text, repetition_penalty, stop, seed } } → [{ generated_text }]
 *   - the OpenAI completion, POST models/{model}/v1/completions, which is what
 *     @hubkit/inference's textGeneration sends for hf-inference (`max_new_tokens` as
 *     `max_tokens`, `return_full_text` as `echo`, `do_sample` left out):
 *       { prompt, max_tokens, temperature, top_p, top_k, repetition_penalty, echo, stop, seed, stream }
 *       → a text_completion (or its server-sent events)
 *
 * Greedy unless asked otherwise, so the same prompt gives the same text: sampling is on when
 * `do_sample` is true, or, without `do_sample`, when a sampling setting says so (a temperature
 * other than 0 or 1, `top_k`, `top_p` below 1), as TGI decides. A temperature of 0 is greedy.
 * The prompt alone is returned only on request (`return_full_text` / `echo`), as TGI and the
 * completions route do.
 */
import type { Tensor } from "@huggingface/transformers";
import type { AnswerStream } from "../engine.js";
import { RuntimeError } from "../errors.js";
import { CompletionAnswer, type FinishReason, usage } from "../llama/completion-answer.js";
import { bodyObject, isRecord, oneText, parametersOf } from "./requests.js";
import type { Pipe, TransformersTask } from "./types.js";

/**
 * New tokens per call at most. A CPU worker makes a few dozen tokens a second on a small model
 * and serves nothing else meanwhile, and the models this runs have contexts of 1–2k tokens.
 */
export const MAX_NEW_TOKENS = 1024;
/** Without `max_new_tokens` (TGI's default). */
const DEFAULT_NEW_TOKENS = 100;
/** Stop sequences per call (OpenAI allows four). */
const MAX_STOP = 4;

export interface GenerationRequest {
	prompt: string;
	maxNewTokens: number;
	sample: boolean;
	temperature: number;
	/** 0: no top-k cut. */
	topK: number;
	topP: number;
	repetitionPenalty: number | undefined;
	stop: string[];
	seed: number | undefined;
	/** The prompt before the generated text. */
	fullText: boolean;
}

export interface CompletionCall extends GenerationRequest {
	stream: boolean;
}

const fail = (message: string): never => {
	throw new RuntimeError("input", message);
};

/** A number in [min, max] (`above`: strictly above min), undefined when absent. */
function number(
	values: Record<string, unknown>,
	name: string,
	label: string,
	range: { min: number; max: number; above?: boolean; integer?: boolean },
): number | undefined {
	const value = values[name];
	if (value === undefined || value === null) return undefined;
	const { min, max, above, integer } = range;
	const inRange =
		typeof value === "number" &&
		Number.isFinite(value) &&
		(above ? value > min : value >= min) &&
		value <= max &&
		(!integer || Number.isInteger(value));
	if (!inRange) {
		const kind = integer ? "a whole number" : "a number";
		fail(`\`${label}\` must be ${kind} ${above ? "above" : "from"} ${min} ${above ? "and at most" : "to"} ${max}`);
	}
	return value as number;
}

function boolean(values: Record<string, unknown>, name: string, label: string): boolean | undefined {
	const value = values[name];
	if (value === undefined || value === null) return undefined;
	return typeof value === "boolean" ? value : fail(`\`${label}\` must be true or false`);
}

function stops(value: unknown, label: string): string[] {
	if (value === undefined || value === null) return [];
	const list = typeof value === "string" ? [value] : value;
	if (!Array.isArray(list) || list.length > MAX_STOP || list.some((item) => typeof item !== "string" || item === "")) {
		fail(`\`${label}\` must be a string or a list of up to ${MAX_STOP} non-empty strings`);
	}
	return list as string[];
}

/** The settings both shapes share, read from `values` (the task API's `parameters`, or the completion body). */
function settings(
	values: Record<string, unknown>,
	names: { maxTokens: string; fullText: string; stop: string[] },
	label: (name: string) => string,
): Omit<GenerationRequest, "prompt"> {
	const maxNewTokens =
		number(values, names.maxTokens, label(names.maxTokens), { min: 1, max: MAX_NEW_TOKENS, integer: true }) ??
		DEFAULT_NEW_TOKENS;
	const temperature = number(values, "temperature", label("temperature"), { min: 0, max: 100 });
	const topK = number(values, "top_k", label("top_k"), { min: 0, max: 1_000_000, integer: true });
	const topP = number(values, "top_p", label("top_p"), { min: 0, max: 1, above: true });
	const repetitionPenalty = number(values, "repetition_penalty", label("repetition_penalty"), {
		min: 0,
		max: 100,
		above: true,
	});
	const seed = number(values, "seed", label("seed"), { min: 0, max: 2 ** 32 - 1, integer: true });
	const doSample = boolean(values, "do_sample", label("do_sample"));
	const given = names.stop.find((name) => values[name] !== undefined && values[name] !== null);
	const stop = given === undefined ? [] : stops(values[given], label(given));
	const impliesSampling =
		(temperature !== undefined && temperature !== 1) || (topK !== undefined && topK > 0) || (topP ?? 1) < 1;
	return {
		maxNewTokens,
		sample: temperature !== 0 && (doSample ?? impliesSampling),
		temperature: temperature || 1,
		topK: topK ?? 0,
		topP: topP ?? 1,
		repetitionPenalty,
		stop,
		seed,
		fullText: boolean(values, names.fullText, label(names.fullText)) ?? false,
	};
}

/** The OpenAI completion body (`/v1/completions`) as a generation request; a 400 names a wrong field. */
export function parseCompletionCall(body: unknown): CompletionCall {
	if (!isRecord(body)) fail("The request body must be a JSON object");
	const object = body as Record<string, unknown>;
	const prompt = Array.isArray(object.prompt) && object.prompt.length === 1 ? object.prompt[0] : object.prompt;
	if (typeof prompt !== "string" || prompt === "") fail("`prompt` must be a non-empty string");
	if (object.n !== undefined && object.n !== 1) fail("`n` must be 1: this runtime answers one choice per call");
	const stream = boolean(object, "stream", "stream") ?? false;
	const read = settings(object, { maxTokens: "max_tokens", fullText: "echo", stop: ["stop"] }, (name) => name);
	return { prompt: oneText(prompt, "`prompt`"), ...read, stream };
}

interface Generated {
	text: string;
	finish: FinishReason;
	promptTokens: number;
	completionTokens: number;
}

type CausalModel = {
	generate(options: Record<string, unknown>): Promise<Tensor>;
	config: { n_positions?: number; max_position_embeddings?: number; eos_token_id?: number | number[] };
	generation_config?: { eos_token_id?: number | number[] | null } | null;
};

type Tokenizer = ((text: string, options: Record<string, unknown>) => { input_ids: Tensor }) & {
	decode(ids: bigint[], options: { skip_special_tokens: boolean }): string;
	add_bos_token?: boolean;
	add_eos_token?: boolean;
};

/** Keeps, of a row of logits, the `topK` best and then the fewest whose probabilities reach `topP` (transformers.js does neither). */
function nucleusFilter(topK: number, topP: number) {
	return (_ids: unknown, logits: Tensor): Tensor => {
		const [rows = 1, columns = 0] = logits.dims.length === 2 ? logits.dims : [1, logits.dims.at(-1)];
		const data = logits.data as Float32Array;
		for (let row = 0; row < rows; row++) {
			const values = data.subarray(row * columns, (row + 1) * columns);
			const order = Array.from(values.keys()).sort((a, b) => (values[b] ?? 0) - (values[a] ?? 0));
			let kept = topK > 0 ? Math.min(topK, order.length) : order.length;
			if (topP < 1) {
				const best = values[order[0] ?? 0] ?? 0;
				const weights = order.slice(0, kept).map((index) => Math.exp((values[index] ?? 0) - best));
				const total = weights.reduce((sum, weight) => sum + weight, 0);
				let reached = 0;
				let count = 0;
				while (count < weights.length && reached < topP * total) reached += weights[count++] ?? 0;
				kept = Math.max(1, count);
			}
			for (const index of order.slice(kept)) values[index] = Number.NEGATIVE_INFINITY;
		}
		return logits;
	};
}

/** Where a stop sequence first appears in `text`, or -1. */
function stopAt(text: string, stop: string[]): number {
	let first = -1;
	for (const sequence of stop) {
		const at = text.indexOf(sequence);
		if (at >= 0 && (first < 0 || at < first)) first = at;
	}
	return first;
}

/** How much of `text`'s end could be the start of a stop sequence (held back while streaming). */
function partialStop(text: string, stop: string[]): number {
	let longest = 0;
	for (const sequence of stop) {
		for (let length = Math.min(sequence.length - 1, text.length); length > longest; length--) {
			if (text.endsWith(sequence.slice(0, length))) longest = length;
		}
	}
	return longest;
}

/**
 * Generates from `request.prompt`. The text is the decoded whole sequence after the decoded
 * prompt (a token's text can depend on the one before it), cut before the first stop sequence.
 * `onText` gets the new text as it is made, never a piece that might turn out to be a stop
 * sequence or half a character. Generation ends at the model's end token, a stop sequence,
 * `maxNewTokens`, or when `signal` is aborted.
 */
export async function generate(
	pipe: Pipe,
	request: GenerationRequest,
	onText?: (text: string) => void,
	signal?: AbortSignal,
): Promise<Generated> {
	const tokenizer = pipe.tokenizer as unknown as Tokenizer;
	const model = pipe.model as unknown as CausalModel;
	const inputs = tokenizer(request.prompt, {
		add_special_tokens: Boolean(tokenizer.add_bos_token || tokenizer.add_eos_token),
	});
	const promptIds = (inputs.input_ids.tolist() as bigint[][])[0] ?? [];
	if (promptIds.length === 0) fail("The prompt has no tokens");
	const context = model.config.n_positions ?? model.config.max_position_embeddings;
	if (context !== undefined && promptIds.length >= context) {
		fail(`The prompt is ${promptIds.length} tokens: this model reads at most ${context}, the answer included`);
	}
	const maxNewTokens =
		context === undefined ? request.maxNewTokens : Math.min(request.maxNewTokens, context - promptIds.length);
	const promptText = tokenizer.decode(promptIds, { skip_special_tokens: true });
	const endTokens = [model.generation_config?.eos_token_id ?? model.config.eos_token_id ?? []].flat().map(String);

	let text = "";
	let stopped = false;
	let sent = 0;
	let generatedIds: bigint[] = [];
	const watch = (ids: bigint[][]): boolean[] => {
		const sequence = ids[0] ?? [];
		generatedIds = sequence.slice(promptIds.length);
		const decoded = tokenizer.decode(sequence, { skip_special_tokens: true });
		// Should the prompt decode differently inside the whole, the new tokens are decoded alone.
		text = decoded.startsWith(promptText)
			? decoded.slice(promptText.length)
			: tokenizer.decode(generatedIds, { skip_special_tokens: true });
		const at = stopAt(text, request.stop);
		if (at >= 0) {
			text = text.slice(0, at);
			stopped = true;
		}
		if (onText) {
			let ready = stopped ? text.length : text.length - partialStop(text, request.stop);
			// An incomplete UTF-8 sequence decodes as U+FFFD until its last byte comes.
			if (!stopped && text.endsWith("\uFFFD")) ready = Math.min(ready, text.length - 1);
			if (ready > sent) {
				onText(text.slice(sent, ready));
				sent = ready;
			}
		}
		return [stopped || signal?.aborted === true];
	};

	if (request.sample) {
		const { random } = await import("@huggingface/transformers");
		// The worker runs one call at a time, so seeding the shared generator makes this call repeatable.
		random.seed(request.seed);
	}
	await model.generate({
		...inputs,
		max_new_tokens: maxNewTokens,
		do_sample: request.sample,
		temperature: request.temperature,
		// transformers.js's own top-k is turned off: nucleusFilter cuts by top-k, then top-p.
		top_k: 0,
		num_beams: 1,
		num_return_sequences: 1,
		...(request.repetitionPenalty === undefined ? {} : { repetition_penalty: request.repetitionPenalty }),
		logits_processor:
			request.sample && (request.topK > 0 || request.topP < 1) ? [nucleusFilter(request.topK, request.topP)] : [],
		stopping_criteria: [watch],
	});
	if (onText && sent < text.length) onText(text.slice(sent));
	const last = generatedIds.at(-1);
	const ended = last !== undefined && endTokens.includes(String(last));
	const completionTokens = generatedIds.length - (ended ? 1 : 0);
	const finish: FinishReason = !stopped && !ended && generatedIds.length >= maxNewTokens ? "length" : "stop";
	return { text, finish, promptTokens: promptIds.length, completionTokens };
}

/** Answers a `/v1/completions` call: the whole completion, or (streamed) its events, returning undefined. */
export async function answerCompletion(
	pipe: Pipe,
	call: CompletionCall,
	model: string,
	stream: AnswerStream,
): Promise<unknown> {
	const answer = new CompletionAnswer({ kind: "complete" }, model);
	const prefix = call.fullText ? call.prompt : "";
	if (!call.stream) {
		const generated = await generate(pipe, call, undefined, stream.signal);
		const counts = usage(generated.promptTokens, generated.completionTokens);
		return answer.whole(`${prefix}${generated.text}`, generated.finish, counts);
	}
	// The stream opens with the first text (the echoed prompt goes with it), so a prompt refused
	// while generation starts (too long for the model) is still a plain 400.
	let opened = false;
	let pending = prefix;
	const write = (text: string) => {
		if (!opened) stream.open();
		stream.write(answer.piece(`${pending}${text}`, !opened));
		opened = true;
		pending = "";
	};
	const generated = await generate(pipe, call, write, stream.signal);
	if (pending) write("");
	if (!opened) stream.open();
	stream.write(answer.end(generated.finish, usage(generated.promptTokens, generated.completionTokens)));
	return undefined;
}

/** Causal language models: `…ForCausalLM`, GPT-2's `…LMHeadModel`. */
const CAUSAL_ARCHITECTURE = /(ForCausalLM|LMHeadModel)$/;

export const textGeneration: TransformersTask<GenerationRequest> = {
	task: "text-generation",
	pipeline: "text-generation",
	architecture: CAUSAL_ARCHITECTURE,
	parseRequest(body) {
		const object = bodyObject(body);
		const parameters = parametersOf(object);
		const read = settings(
			parameters,
			{ maxTokens: "max_new_tokens", fullText: "return_full_text", stop: ["stop", "stop_sequences"] },
			(name) => `parameters.${name}`,
		);
		return { prompt: oneText(object.inputs), ...read };
	},
	async run(pipe, request) {
		const generated = await generate(pipe, request);
		return [{ generated_text: `${request.fullText ? request.prompt : ""}${generated.text}` }];
	},
	checkConfig(config) {
		if (!isRecord(config)) return "config.json is not an object";
		if (config.is_encoder_decoder === true)
			return "config.json describes an encoder-decoder model, not a decoder-only one";
		const architectures = Array.isArray(config.architectures) ? config.architectures : [];
		const named = architectures.filter((name): name is string => typeof name === "string");
		if (named.length > 0 && !named.some((name) => CAUSAL_ARCHITECTURE.test(name))) {
			return `config.json names ${named.join(", ")}, not a causal language model (…ForCausalLM, …LMHeadModel)`;
		}
		return undefined;
	},
};

export const GENERATION_TASKS = [textGeneration] as TransformersTask<unknown>[];
