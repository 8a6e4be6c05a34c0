/**
 * Small encoder-decoder models in the transformers.js layout (`config.json`,
 * `generation_config.json`, a Unigram `tokenizer.json`, `onnx/encoder_model.onnx`,
 * `onnx/decoder_model_merged.onnx`), written rather than trained so that what
 * greedy generation answers is known in advance:
 *
 *   the encoder gives each source position a key, the (mapped) token before it,
 *   and a value, the (mapped) token at it; the decoder looks up the position
 *   whose key is the token it just emitted and emits that position's value.
 *
 * Starting from the decoder start token (the key of the first position), the
 * decoder so walks the source in order, each word replaced by `map[word]`, and
 * ends on `</s>`, which the tokenizer appends. A `drop` word is skipped: its
 * value is the next word's (two dropped words in a row are not supported). With
 * no key matching, `</s>` wins, so a walk always ends.
 *
 * The decoder takes no past key values: transformers.js then feeds it the last
 * token alone at each step, which is all this lookup needs.
 */

import type { ModelFile } from "@hubkit/runtime/models";
import { encodeOnnxModel, type OnnxGraph } from "@hubkit/runtime/models";

export const PAD = "<pad>";
export const EOS = "</s>";
export const UNK = "<unk>";
export const SPACE = "\u2581";
/** The decoder's logit for the looked-up token; `</s>` gets 1 as a fallback. */
export const CONFIDENCE = 10;
export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export interface Seq2SeqSpec {
	/** "t5" (T5ForConditionalGeneration) or "marian" (MarianMTModel): the config and tokenizer class. */
	kind: "t5" | "marian";
	/** Every word the model reads or writes, lower case. */
	words: string[];
	/** Source word → the word written for it (others are copied). */
	map?: Record<string, string>;
	/** Source words left out of the output. */
	drop?: string[];
	/**
	 * Stop after this many words. The decoder then counts what it has written in a key-value cache,
	 * as a real merged decoder does (`past_key_values.0.*` in, `present.0.*` out, `use_cache_branch`):
	 * without the cache carried from step to step it would never stop early.
	 */
	maxWords?: number;
}

/** `languages`: language-code tokens (NLLB's `eng_Latn` …); the first opens every input, as NLLB's source language does. */
export function tokenizerJson(tokens: string[], languages: string[] = []): Record<string, unknown> {
	const special = (content: string, id: number) => ({
		id,
		content,
		single_word: false,
		lstrip: false,
		rstrip: false,
		normalized: false,
		special: true,
	});
	return {
		version: "1.0",
		truncation: null,
		padding: null,
		added_tokens: [PAD, EOS, UNK, ...languages].map((token) => special(token, tokens.indexOf(token))),
		normalizer: { type: "Lowercase" },
		pre_tokenizer: { type: "Metaspace", replacement: SPACE, prepend_scheme: "always", split: true },
		post_processor: {
			type: "TemplateProcessing",
			single: [
				...languages.slice(0, 1).map((language) => ({ SpecialToken: { id: language, type_id: 0 } })),
				{ Sequence: { id: "A", type_id: 0 } },
				{ SpecialToken: { id: EOS, type_id: 0 } },
			],
			pair: [
				{ Sequence: { id: "A", type_id: 0 } },
				{ SpecialToken: { id: EOS, type_id: 0 } },
				{ Sequence: { id: "B", type_id: 0 } },
				{ SpecialToken: { id: EOS, type_id: 0 } },
			],
			special_tokens: Object.fromEntries(
				[EOS, ...languages].map((token) => [token, { id: token, ids: [tokens.indexOf(token)], tokens: [token] }]),
			),
		},
		decoder: { type: "Metaspace", replacement: SPACE, prepend_scheme: "always", split: true },
		model: {
			type: "Unigram",
			unk_id: tokens.indexOf(UNK),
			// Whole words are cheap, single letters dear: a known word is always one piece.
			vocab: tokens.map((token) => [token, token.startsWith(SPACE) && token.length > 1 ? -1 : -20]),
			byte_fallback: false,
		},
	};
}

/** The encoder: `last_hidden_state` is [key | value] per position, each a one-hot row over the vocabulary. */
export function encoderGraph(size: number, rows: { keys: number[]; drops: number[] }, pad: number): OnnxGraph {
	// `name`: input_ids shifted by one along the sequence, the gap filled with the pad (start) token.
	const shifted = (name: string) => [
		{ op: "Pad", inputs: ["input_ids", `${name}_pads`, "pad_id"], outputs: [`${name}_padded`] },
		{ op: "Slice", inputs: [`${name}_padded`, `${name}_start`, `${name}_end`, "sequence_axis"], outputs: [name] },
	];
	const ints = (name: string, values: number[]) => ({ name, type: "int64" as const, dims: [values.length], values });
	return {
		name: "lookup_encoder",
		inputs: [
			{ name: "input_ids", type: "int64", shape: ["batch", "sequence"] },
			{ name: "attention_mask", type: "int64", shape: ["batch", "sequence"] },
		],
		outputs: [{ name: "last_hidden_state", type: "float", shape: ["batch", "sequence", 2 * size] }],
		initializers: [
			{ name: "mapped", type: "float", dims: [size, size], values: rows.keys },
			{ name: "dropped", type: "float", dims: [size, 1], values: rows.drops },
			{ name: "one", type: "float", dims: [], values: [1] },
			{ name: "pad_id", type: "int64", dims: [], values: [pad] },
			ints("sequence_axis", [1]),
			// The token before each position (the start token before the first) and the one after it.
			ints("previous_pads", [0, 1, 0, 0]),
			ints("previous_start", [0]),
			ints("previous_end", [-1]),
			ints("next_pads", [0, 0, 0, 1]),
			ints("next_start", [1]),
			ints("next_end", [1_000_000_000]),
		],
		nodes: [
			...shifted("previous"),
			...shifted("next"),
			{ op: "Gather", inputs: ["mapped", "previous"], outputs: ["key"] },
			{ op: "Gather", inputs: ["mapped", "input_ids"], outputs: ["current"] },
			{ op: "Gather", inputs: ["mapped", "next"], outputs: ["following"] },
			{ op: "Gather", inputs: ["dropped", "input_ids"], outputs: ["drop"] },
			{ op: "Sub", inputs: ["one", "drop"], outputs: ["keep"] },
			{ op: "Mul", inputs: ["current", "keep"], outputs: ["kept"] },
			{ op: "Mul", inputs: ["following", "drop"], outputs: ["skipped_to"] },
			{ op: "Add", inputs: ["kept", "skipped_to"], outputs: ["value"] },
			{ op: "Concat", inputs: ["key", "value"], outputs: ["last_hidden_state"], attributes: { axis: 2 } },
		],
	};
}

/** The decoder: the value of the source position whose key is the last token, as logits. */
function decoderGraph(size: number, eos: number, maxWords?: number): OnnxGraph {
	const ints = (name: string, values: number[]) => ({ name, type: "int64" as const, dims: [values.length], values });
	const identity = Array.from({ length: size * size }, (_, index) => (index % (size + 1) === 0 ? 1 : 0));
	const graph: OnnxGraph = {
		name: "lookup_decoder",
		inputs: [
			{ name: "input_ids", type: "int64", shape: ["batch", "decoder_sequence"] },
			{ name: "encoder_hidden_states", type: "float", shape: ["batch", "encoder_sequence", 2 * size] },
			{ name: "encoder_attention_mask", type: "int64", shape: ["batch", "encoder_sequence"] },
		],
		outputs: [{ name: "logits", type: "float", shape: ["batch", "decoder_sequence", size] }],
		initializers: [
			{ name: "identity", type: "float", dims: [size, size], values: identity },
			{ name: "confidence", type: "float", dims: [], values: [CONFIDENCE] },
			{
				name: "fallback",
				type: "float",
				dims: [size],
				values: Array.from({ length: size }, (_, id) => (id === eos ? 1 : 0)),
			},
			ints("hidden_axis", [2]),
			ints("key_start", [0]),
			ints("key_end", [size]),
			ints("value_start", [size]),
			ints("value_end", [2 * size]),
			ints("query_axis", [1]),
		],
		nodes: [
			{
				op: "Slice",
				inputs: ["encoder_hidden_states", "key_start", "key_end", "hidden_axis"],
				outputs: ["keys"],
			},
			{
				op: "Slice",
				inputs: ["encoder_hidden_states", "value_start", "value_end", "hidden_axis"],
				outputs: ["values"],
			},
			{ op: "Gather", inputs: ["identity", "input_ids"], outputs: ["query"] },
			{ op: "Transpose", inputs: ["keys"], outputs: ["keys_t"], attributes: { perm: [0, 2, 1] } },
			{ op: "MatMul", inputs: ["query", "keys_t"], outputs: ["matches"] },
			// Padding in a batch is never looked up.
			{ op: "Cast", inputs: ["encoder_attention_mask"], outputs: ["mask_float"], attributes: { to: 1 } },
			{ op: "Unsqueeze", inputs: ["mask_float", "query_axis"], outputs: ["mask"] },
			{ op: "Mul", inputs: ["matches", "mask"], outputs: ["found"] },
			{ op: "MatMul", inputs: ["found", "values"], outputs: ["picked"] },
			{ op: "Mul", inputs: ["picked", "confidence"], outputs: ["scaled"] },
			{ op: "Add", inputs: ["scaled", "fallback"], outputs: ["logits"] },
		],
	};
	return maxWords === undefined ? graph : withWordCount(graph, size, eos, maxWords);
}

/**
 * `graph` with a one-layer cache whose decoder key holds a 1 per token seen (the start token and
 * every word written): once it holds `maxWords` + 1, `</s>` outweighs any word. The encoder half of
 * the cache is the encoder's output summed per position, computed on every step (transformers.js
 * keeps the first step's); `use_cache_branch` is taken and not needed, since nothing is skipped.
 */
function withWordCount(graph: OnnxGraph, size: number, eos: number, maxWords: number): OnnxGraph {
	const cache = (half: "decoder" | "encoder", length: string) =>
		(["key", "value"] as const).map((kind) => ({
			name: `past_key_values.0.${half}.${kind}`,
			type: "float" as const,
			shape: ["batch_size", 1, length, 1],
		}));
	const present = (half: string) => [`present.0.${half}.key`, `present.0.${half}.value`];
	const outputShape = (name: string, length: string) => ({
		name,
		type: "float" as const,
		shape: ["batch_size", 1, length, 1],
	});
	return {
		...graph,
		inputs: [
			...graph.inputs,
			{ name: "use_cache_branch", type: "bool", shape: [1] },
			...cache("decoder", "past_decoder_sequence_length"),
			...cache("encoder", "encoder_sequence_length_out"),
		],
		outputs: [
			{ name: "logits", type: "float", shape: ["batch", "decoder_sequence", size] },
			...present("decoder").map((name) => outputShape(name, "past_decoder_sequence_length + 1")),
			...present("encoder").map((name) => outputShape(name, "encoder_sequence_length_out")),
		],
		initializers: [
			...graph.initializers,
			{ name: "last_axis", type: "int64", dims: [1], values: [2] },
			{ name: "head_axis", type: "int64", dims: [1], values: [1] },
			{ name: "all_axes", type: "int64", dims: [3], values: [1, 2, 3] },
			{ name: "batch_axes", type: "int64", dims: [2], values: [1, 2] },
			{ name: "word_limit", type: "float", dims: [], values: [maxWords] },
			{ name: "stop_weight", type: "float", dims: [], values: [10 * CONFIDENCE] },
			{
				name: "stop_token",
				type: "float",
				dims: [size],
				values: Array.from({ length: size }, (_, id) => (id === eos ? 1 : 0)),
			},
		],
		nodes: [
			...graph.nodes.map((node) =>
				node.outputs.includes("logits") ? { ...node, outputs: ["unstopped_logits"] } : node,
			),
			// A 1 for each token of this step (each query row is one-hot), appended to the cache.
			{ op: "ReduceSum", inputs: ["query", "last_axis"], outputs: ["step_tokens"], attributes: { keepdims: 1 } },
			{ op: "Unsqueeze", inputs: ["step_tokens", "head_axis"], outputs: ["step_entry"] },
			{
				op: "Concat",
				inputs: ["past_key_values.0.decoder.key", "step_entry"],
				outputs: ["present.0.decoder.key"],
				attributes: { axis: 2 },
			},
			{ op: "Identity", inputs: ["present.0.decoder.key"], outputs: ["present.0.decoder.value"] },
			{
				op: "ReduceSum",
				inputs: ["encoder_hidden_states", "last_axis"],
				outputs: ["encoded_sums"],
				attributes: { keepdims: 1 },
			},
			{ op: "Unsqueeze", inputs: ["encoded_sums", "head_axis"], outputs: ["present.0.encoder.key"] },
			{ op: "Identity", inputs: ["present.0.encoder.key"], outputs: ["present.0.encoder.value"] },
			// Tokens seen beyond the start and `maxWords` words: past the limit, stop.
			{
				op: "ReduceSum",
				inputs: ["present.0.decoder.key", "all_axes"],
				outputs: ["seen"],
				attributes: { keepdims: 0 },
			},
			{ op: "Sub", inputs: ["seen", "word_limit"], outputs: ["beyond"] },
			{ op: "Relu", inputs: ["beyond"], outputs: ["over"] },
			{ op: "Mul", inputs: ["over", "stop_weight"], outputs: ["stop_strength"] },
			{ op: "Unsqueeze", inputs: ["stop_strength", "batch_axes"], outputs: ["stop_per_row"] },
			{ op: "Mul", inputs: ["stop_per_row", "stop_token"], outputs: ["stop"] },
			{ op: "Add", inputs: ["unstopped_logits", "stop"], outputs: ["logits"] },
		],
	};
}

export function seq2seqFiles(spec: Seq2SeqSpec): ModelFile[] {
	const map = spec.map ?? {};
	const drop = new Set(spec.drop ?? []);
	const words = [...new Set([...spec.words, ...Object.values(map)])];
	const letters = [..."abcdefghijklmnopqrstuvwxyz"];
	const tokens = [PAD, EOS, UNK, ...words.map((word) => `${SPACE}${word}`), SPACE, ...letters];
	const size = tokens.length;
	const id = (token: string) => tokens.indexOf(token);
	const target = (token: string) => {
		const word = token.startsWith(SPACE) ? token.slice(1) : undefined;
		const mapped = word !== undefined ? map[word] : undefined;
		return mapped === undefined ? id(token) : id(`${SPACE}${mapped}`);
	};
	const keys = tokens.flatMap((token) => tokens.map((_, column) => (column === target(token) ? 1 : 0)));
	const drops = tokens.map((token) => (drop.has(token.slice(1)) && token.startsWith(SPACE) ? 1 : 0));
	const [pad, eos] = [id(PAD), id(EOS)];
	const common = {
		vocab_size: size,
		is_encoder_decoder: true,
		pad_token_id: pad,
		eos_token_id: eos,
		decoder_start_token_id: pad,
	};
	const config =
		spec.kind === "t5"
			? {
					...common,
					architectures: ["T5ForConditionalGeneration"],
					model_type: "t5",
					d_model: 2 * size,
					d_kv: size,
					num_heads: 1,
					num_layers: 1,
					num_decoder_layers: 1,
				}
			: {
					...common,
					architectures: ["MarianMTModel"],
					model_type: "marian",
					d_model: 2 * size,
					encoder_layers: 1,
					decoder_layers: 1,
					encoder_attention_heads: 1,
					decoder_attention_heads: 1,
					max_position_embeddings: 512,
				};
	const tokenizerConfig = {
		tokenizer_class: spec.kind === "t5" ? "T5Tokenizer" : "MarianTokenizer",
		model_max_length: 512,
		eos_token: EOS,
		pad_token: PAD,
		unk_token: UNK,
	};
	return [
		{ path: "config.json", content: json(config) },
		{
			path: "generation_config.json",
			content: json({ decoder_start_token_id: pad, eos_token_id: eos, pad_token_id: pad }),
		},
		{ path: "tokenizer.json", content: JSON.stringify(tokenizerJson(tokens)) },
		{ path: "tokenizer_config.json", content: json(tokenizerConfig) },
		{ path: "onnx/encoder_model.onnx", content: encodeOnnxModel(encoderGraph(size, { keys, drops }, pad)) },
		{ path: "onnx/decoder_model_merged.onnx", content: encodeOnnxModel(decoderGraph(size, eos, spec.maxWords)) },
	];
}
