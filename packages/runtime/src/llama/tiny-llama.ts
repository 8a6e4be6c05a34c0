/**
 * A llama-architecture GGUF with random weights, for the tests and the bench:
 * a SentencePiece ("llama") vocabulary of characters, word starts and the 256
 * byte tokens llama.cpp falls back to, ChatML-style control tokens, and a chat
 * template in `tokenizer.chat_template`. Its text is nonsense, but it goes
 * through llama.cpp's real loading, tokenising, templating and sampling, and the
 * same seed always gives the same text. Only character tokens have output
 * weights, so it writes letters and spaces and almost never ends on its own:
 * generation stops at `max_tokens` or a stop sequence, which is what the tests
 * look at.
 */
import { GGMLQuantizationType } from "@hubkit/tasks";
import { type GgufTensor, type GgufValue, writeGguf } from "./gguf-writer.js";

/** A ChatML template, the most common one among GGUF chat models. */
export const CHATML_TEMPLATE =
	"{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

export interface TinyLlamaOptions {
	/** Hidden size (a multiple of `heads`). Default 64. */
	embedding?: number;
	layers?: number;
	heads?: number;
	/** Feed-forward size. Default 4 × embedding. */
	feedForward?: number;
	context?: number;
	/** Seed of the random weights. */
	seed?: number;
	chatTemplate?: string;
	/** F32 (default) or F16 tensors. */
	type?: GGMLQuantizationType.F32 | GGMLQuantizationType.F16;
	name?: string;
}

const CONTROL = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>"];
const CHARACTERS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?'-:;()"];
const WORD_STARTS = ["▁", ..."abcdefghijklmnopqrstuvwxyz".split("").map((letter) => `▁${letter}`)];

/** Token types of the GGUF tokenizer metadata. */
const TYPE = { normal: 1, unknown: 2, control: 3, byte: 6 } as const;

function vocabulary() {
	const tokens: string[] = [];
	const types: number[] = [];
	const scores: number[] = [];
	const add = (token: string, type: number, score: number) => {
		tokens.push(token);
		types.push(type);
		scores.push(score);
	};
	for (const [index, token] of CONTROL.entries()) add(token, index === 0 ? TYPE.unknown : TYPE.control, 0);
	for (let byte = 0; byte < 256; byte++) add(`<0x${byte.toString(16).toUpperCase().padStart(2, "0")}>`, TYPE.byte, 0);
	const firstText = tokens.length;
	// Longer pieces score higher, so "▁a" is preferred to "▁" + "a".
	for (const token of CHARACTERS) add(token, TYPE.normal, -1);
	for (const token of WORD_STARTS) add(token, TYPE.normal, token.length === 1 ? -1 : 0);
	return { tokens, types, scores, firstText };
}

/** mulberry32: a small seeded generator, so the same seed writes the same weights. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let value = state;
		value = Math.imul(value ^ (value >>> 15), value | 1);
		value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
		return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
	};
}

/** Writes the model to `path`; returns its parameter count. */
export async function writeTinyLlama(path: string, options: TinyLlamaOptions = {}): Promise<number> {
	const embedding = options.embedding ?? 64;
	const layers = options.layers ?? 2;
	const heads = options.heads ?? 4;
	const feedForward = options.feedForward ?? embedding * 4;
	const type = options.type ?? GGMLQuantizationType.F32;
	const { tokens, types, scores, firstText } = vocabulary();
	const next = random(options.seed ?? 1);
	const uniform = (scale: number) => (out: Float32Array) => {
		for (let index = 0; index < out.length; index++) out[index] = (next() * 2 - 1) * scale;
	};
	const ones = (out: Float32Array) => out.fill(1);
	const matrix = (name: string, columns: number, rows: number): GgufTensor => ({
		name,
		shape: [columns, rows],
		type,
		fill: uniform(1 / Math.sqrt(columns)),
	});
	const norm = (name: string): GgufTensor => ({ name, shape: [embedding], type: GGMLQuantizationType.F32, fill: ones });

	const tensors: GgufTensor[] = [
		{ name: "token_embd.weight", shape: [embedding, tokens.length], type, fill: uniform(1) },
		norm("output_norm.weight"),
		{
			// Rows of control and byte tokens stay zero: the model writes characters.
			name: "output.weight",
			shape: [embedding, tokens.length],
			type,
			fill(out, start) {
				for (let index = 0; index < out.length; index++) {
					const row = Math.floor((start + index) / embedding);
					out[index] = row >= firstText ? (next() * 2 - 1) * 1.5 : 0;
				}
			},
		},
	];
	for (let layer = 0; layer < layers; layer++) {
		const block = `blk.${layer}`;
		tensors.push(
			norm(`${block}.attn_norm.weight`),
			matrix(`${block}.attn_q.weight`, embedding, embedding),
			matrix(`${block}.attn_k.weight`, embedding, embedding),
			matrix(`${block}.attn_v.weight`, embedding, embedding),
			matrix(`${block}.attn_output.weight`, embedding, embedding),
			norm(`${block}.ffn_norm.weight`),
			matrix(`${block}.ffn_gate.weight`, embedding, feedForward),
			matrix(`${block}.ffn_up.weight`, embedding, feedForward),
			matrix(`${block}.ffn_down.weight`, feedForward, embedding),
		);
	}

	const u32 = (value: number): GgufValue => ({ type: "uint32", value });
	const metadata: Record<string, GgufValue> = {
		"general.architecture": { type: "string", value: "llama" },
		"general.name": { type: "string", value: options.name ?? "tiny-llama" },
		"general.file_type": u32(type === GGMLQuantizationType.F32 ? 0 : 1),
		"llama.context_length": u32(options.context ?? 2048),
		"llama.embedding_length": u32(embedding),
		"llama.block_count": u32(layers),
		"llama.feed_forward_length": u32(feedForward),
		"llama.attention.head_count": u32(heads),
		"llama.attention.head_count_kv": u32(heads),
		"llama.attention.layer_norm_rms_epsilon": { type: "float32", value: 1e-5 },
		"llama.rope.dimension_count": u32(embedding / heads),
		"llama.vocab_size": u32(tokens.length),
		"tokenizer.ggml.model": { type: "string", value: "llama" },
		"tokenizer.ggml.tokens": { type: "array", items: "string", value: tokens },
		"tokenizer.ggml.scores": { type: "array", items: "float32", value: scores },
		"tokenizer.ggml.token_type": { type: "array", items: "int32", value: types },
		"tokenizer.ggml.unknown_token_id": u32(0),
		"tokenizer.ggml.bos_token_id": u32(1),
		"tokenizer.ggml.eos_token_id": u32(4),
		"tokenizer.ggml.add_bos_token": { type: "bool", value: true },
		"tokenizer.chat_template": { type: "string", value: options.chatTemplate ?? CHATML_TEMPLATE },
	};
	await writeGguf(path, metadata, tensors);
	return tensors.reduce((sum, tensor) => sum + tensor.shape.reduce((product, size) => product * size, 1), 0);
}
