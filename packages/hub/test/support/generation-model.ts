/**
 * A tiny GPT-2-style (or Llama-style) text-generation model folder, written rather
 * than trained, so what it says is known in advance: each word's logits favour the
 * word that follows it in `sentence` (the last one favours the end token), so greedy
 * decoding of "one two" goes on " three four …" and stops at the sentence's end.
 * `alternatives` give a word a runner-up (a lower logit), for sampling and
 * repetition-penalty tests.
 *
 * The layout is the one transformers.js text-generation repositories use:
 * `config.json` (gpt2: n_layer, n_head, n_embd; llama: num_hidden_layers …), `generation_config.json`,
 * a byte-level BPE `tokenizer.json` (GPT-2's byte alphabet, `Ġ` for a space),
 * `tokenizer_config.json`, and `onnx/model.onnx` with a KV cache: inputs
 * `input_ids`, `attention_mask` (llama: `position_ids`), `past_key_values.0.key` / `.value`
 * ([batch_size, heads, past_sequence_length, head_size]); outputs `logits` and
 * `present.0.key` / `.value` (the past with this call's tokens appended). The
 * one layer's keys and values are a per-token table; the logits a next-word table.
 */

import type { ModelFile } from "@hubkit/runtime/models";
import { encodeOnnxModel, type OnnxGraph } from "@hubkit/runtime/models";

export const END_OF_TEXT = "<|endoftext|>";
const HEADS = 1;
const HEAD_SIZE = 2;
const MAX_POSITIONS = 64;
/** The logit of the favoured next token; a runner-up gets RUNNER_UP, everything else 0. */
const FAVOURED = 10;
const RUNNER_UP = 8;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** GPT-2's byte → character table: printable bytes stand for themselves, the rest (space included) are moved past 255. */
function byteAlphabet(): string[] {
	const printable = (byte: number) =>
		(byte >= 0x21 && byte <= 0x7e) || (byte >= 0xa1 && byte <= 0xac) || (byte >= 0xae && byte <= 0xff);
	let moved = 0;
	return Array.from({ length: 256 }, (_, byte) => String.fromCodePoint(printable(byte) ? byte : 256 + moved++));
}

const SPACE = byteAlphabet()[0x20] as string;

/**
 * Adds the merges that make BPE spell `word` as one token, and returns the tokens they make.
 * BPE merges the best-ranked pair first, so merges made for earlier words may split this one
 * differently from left to right: each new merge joins the first two pieces BPE leaves with
 * the merges so far. Appended last, it never changes how an earlier word is spelled.
 */
function spellWhole(word: string, merges: string[]): string[] {
	const made: string[] = [];
	for (;;) {
		const pieces = bpePieces([...word], merges);
		if (pieces.length < 2) return made;
		merges.push(`${pieces[0]} ${pieces[1]}`);
		made.push(`${pieces[0]}${pieces[1]}`);
	}
}

/** BPE: while some adjacent pair is a merge, join the best-ranked one. */
function bpePieces(symbols: string[], merges: string[]): string[] {
	const pieces = [...symbols];
	for (;;) {
		let best = -1;
		let bestRank = Number.POSITIVE_INFINITY;
		for (let index = 0; index + 1 < pieces.length; index++) {
			const rank = merges.indexOf(`${pieces[index]} ${pieces[index + 1]}`);
			if (rank >= 0 && rank < bestRank) {
				best = index;
				bestRank = rank;
			}
		}
		if (best < 0) return pieces;
		pieces.splice(best, 2, `${pieces[best]}${pieces[best + 1]}`);
	}
}

export interface GenerationModelSpec {
	/** Lower-case words separated by single spaces; each predicts the next, the last predicts the end of the text. */
	sentence: string;
	/** A word's second choice: `{ again: "done" }` makes " done" the runner-up after "again". */
	alternatives?: Record<string, string>;
	/** Words that predict themselves first (the sentence's next word, if any, is then the runner-up). */
	repeating?: string[];
	/**
	 * gpt2 (the default): config n_layer / n_head / n_embd, <|endoftext|> ends the text, no start token.
	 * llama: config num_hidden_layers / num_attention_heads / num_key_value_heads / head_dim, a
	 * `position_ids` input, and a tokenizer that starts every prompt with <s> (ending at </s>).
	 */
	style?: "gpt2" | "llama";
}

export function generationModelFiles(spec: GenerationModelSpec): ModelFile[] {
	const words = spec.sentence.split(" ");
	const extra = [...(spec.repeating ?? []), ...Object.entries(spec.alternatives ?? {}).flat()];
	const allWords = [...new Set([...words, ...extra])];
	const alphabet = byteAlphabet();
	const tokens = [...alphabet];
	const merges: string[] = [];
	// Every word is one token with and without its leading space (`Ġtwo`, `two`).
	for (const word of allWords) {
		for (const spelled of [word, `${SPACE}${word}`]) {
			for (const merged of spellWhole(spelled, merges)) if (!tokens.includes(merged)) tokens.push(merged);
		}
	}
	const llama = spec.style === "llama";
	const start = llama ? "<s>" : undefined;
	const end = llama ? "</s>" : END_OF_TEXT;
	const specials = start ? [start, end] : [end];
	tokens.push(...specials);
	const id = (token: string) => {
		const found = tokens.indexOf(token);
		if (found < 0) throw new Error(`No token ${JSON.stringify(token)}`);
		return found;
	};
	const endId = id(end);
	const startId = start === undefined ? endId : id(start);
	const vocabulary = tokens.length;

	/** The next token's logits after `token`: its word's successor favoured; anything else ends the text. */
	const nextLogits = (token: string): number[] => {
		const row = new Array<number>(vocabulary).fill(0);
		const word = token.startsWith(SPACE) ? token.slice(SPACE.length) : token;
		const at = words.indexOf(word);
		const successor = at < 0 ? undefined : at + 1 < words.length ? `${SPACE}${words[at + 1]}` : end;
		const choices: string[] = [];
		if (spec.repeating?.includes(word)) choices.push(`${SPACE}${word}`);
		if (successor) choices.push(successor);
		const alternative = spec.alternatives?.[word];
		if (alternative) choices.push(`${SPACE}${alternative}`);
		if (choices.length === 0) choices.push(end);
		const [first, second] = choices;
		if (first) row[id(first)] = FAVOURED;
		if (second) row[id(second)] = RUNNER_UP;
		return row;
	};

	const graph: OnnxGraph = {
		name: `next_word_${spec.style ?? "gpt2"}`,
		inputs: [
			{ name: "input_ids", type: "int64", shape: ["batch_size", "sequence_length"] },
			{ name: "attention_mask", type: "int64", shape: ["batch_size", "total_sequence_length"] },
			// transformers.js feeds positions to a model that takes them (counted from the attention mask).
			...(llama ? [{ name: "position_ids", type: "int64" as const, shape: ["batch_size", "sequence_length"] }] : []),
			{ name: "past_key_values.0.key", type: "float", shape: ["batch_size", HEADS, "past_sequence_length", HEAD_SIZE] },
			{
				name: "past_key_values.0.value",
				type: "float",
				shape: ["batch_size", HEADS, "past_sequence_length", HEAD_SIZE],
			},
		],
		outputs: [
			{ name: "logits", type: "float", shape: ["batch_size", "sequence_length", vocabulary] },
			{ name: "present.0.key", type: "float", shape: ["batch_size", HEADS, "total_sequence_length", HEAD_SIZE] },
			{ name: "present.0.value", type: "float", shape: ["batch_size", HEADS, "total_sequence_length", HEAD_SIZE] },
		],
		initializers: [
			{ name: "next_word", type: "float", dims: [vocabulary, vocabulary], values: tokens.flatMap(nextLogits) },
			// Each token's key and value: its id and its position in the table, enough to tell cached tokens apart.
			{
				name: "token_states",
				type: "float",
				dims: [vocabulary, HEADS, HEAD_SIZE],
				values: tokens.flatMap((_, index) => [index, index / vocabulary]),
			},
		],
		nodes: [
			{ op: "Gather", inputs: ["next_word", "input_ids"], outputs: ["logits"] },
			// [batch, sequence, heads, head_size] → [batch, heads, sequence, head_size], appended to the past.
			{ op: "Gather", inputs: ["token_states", "input_ids"], outputs: ["states"] },
			{ op: "Transpose", inputs: ["states"], outputs: ["states_by_head"], attributes: { perm: [0, 2, 1, 3] } },
			{
				op: "Concat",
				inputs: ["past_key_values.0.key", "states_by_head"],
				outputs: ["present.0.key"],
				attributes: { axis: 2 },
			},
			{
				op: "Concat",
				inputs: ["past_key_values.0.value", "states_by_head"],
				outputs: ["present.0.value"],
				attributes: { axis: 2 },
			},
		],
	};

	const gpt2Config = {
		architectures: ["GPT2LMHeadModel"],
		model_type: "gpt2",
		n_positions: MAX_POSITIONS,
		n_ctx: MAX_POSITIONS,
		n_embd: HEADS * HEAD_SIZE,
		n_head: HEADS,
		n_layer: 1,
	};
	const llamaConfig = {
		architectures: ["LlamaForCausalLM"],
		model_type: "llama",
		max_position_embeddings: MAX_POSITIONS,
		hidden_size: HEADS * HEAD_SIZE,
		num_attention_heads: HEADS,
		num_key_value_heads: HEADS,
		head_dim: HEAD_SIZE,
		num_hidden_layers: 1,
	};
	const config = {
		...(llama ? llamaConfig : gpt2Config),
		vocab_size: vocabulary,
		bos_token_id: startId,
		eos_token_id: endId,
	};
	const special = (token: string) => ({
		id: id(token),
		content: token,
		single_word: false,
		lstrip: false,
		rstrip: false,
		normalized: false,
		special: true,
	});
	// A llama tokenizer puts <s> before the text; GPT-2's adds nothing.
	const startTemplate = start && {
		type: "TemplateProcessing",
		single: [{ SpecialToken: { id: start, type_id: 0 } }, { Sequence: { id: "A", type_id: 0 } }],
		pair: [
			{ SpecialToken: { id: start, type_id: 0 } },
			{ Sequence: { id: "A", type_id: 0 } },
			{ Sequence: { id: "B", type_id: 1 } },
		],
		special_tokens: { [start]: { id: start, ids: [startId], tokens: [start] } },
	};
	const tokenizer = {
		version: "1.0",
		truncation: null,
		padding: null,
		added_tokens: specials.map(special),
		normalizer: null,
		pre_tokenizer: { type: "ByteLevel", add_prefix_space: false, trim_offsets: true, use_regex: true },
		post_processor: startTemplate || {
			type: "ByteLevel",
			add_prefix_space: true,
			trim_offsets: false,
			use_regex: true,
		},
		decoder: { type: "ByteLevel", add_prefix_space: true, trim_offsets: true, use_regex: true },
		model: {
			type: "BPE",
			dropout: null,
			unk_token: null,
			continuing_subword_prefix: "",
			end_of_word_suffix: "",
			fuse_unk: false,
			byte_fallback: false,
			vocab: Object.fromEntries(tokens.map((token, index) => [token, index])),
			merges,
		},
	};
	const tokenizerConfig = {
		tokenizer_class: llama ? "PreTrainedTokenizerFast" : "GPT2Tokenizer",
		add_prefix_space: false,
		...(start ? { add_bos_token: true, bos_token: start } : { bos_token: end }),
		eos_token: end,
		unk_token: end,
		model_max_length: MAX_POSITIONS,
	};
	return [
		{ path: "config.json", content: json(config) },
		{ path: "generation_config.json", content: json({ bos_token_id: startId, eos_token_id: endId }) },
		{ path: "tokenizer.json", content: JSON.stringify(tokenizer) },
		{ path: "tokenizer_config.json", content: json(tokenizerConfig) },
		{ path: "onnx/model.onnx", content: encodeOnnxModel(graph) },
	];
}
