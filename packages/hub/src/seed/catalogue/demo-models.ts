/**
 * The demo models whose files are written here rather than listed in the data
 * files: a tiny chat model with real tokenizer files (tiny-chat), and the
 * sentiment model the local runtime runs (local-models.ts). Both live under
 * DEMO_AUTHOR, beside the demo records of data/demo.json.
 */
import { specialToken } from "../../runtime/pooled-classifier.js";
import type { SeedModel } from "../types.js";
import { CHAT_FORMATS } from "./chat-formats.js";
import { model } from "./model.js";
import { json } from "./values.js";

export const DEMO_AUTHOR = "hubkit-demo";

// ---- the tiny chat model: small enough to ship real tokenizer files ----

/** GPT-2 style byte-to-character table: printable bytes map to themselves, the rest above U+0100. */
function byteCharacters(): string[] {
	const printable = (byte: number) =>
		(byte >= 0x21 && byte <= 0x7e) || (byte >= 0xa1 && byte <= 0xac) || (byte >= 0xae && byte <= 0xff);
	const chars: string[] = [];
	let next = 256;
	for (let byte = 0; byte < 256; byte++) {
		chars.push(String.fromCharCode(printable(byte) ? byte : next++));
	}
	return chars;
}

const TINY_SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"];

/** A byte-level BPE tokenizer with no merges: every byte is a token, plus three special tokens. */
function tinyTokenizer(): Record<string, unknown> {
	const vocab: Record<string, number> = {};
	TINY_SPECIAL.forEach((token, id) => {
		vocab[token] = id;
	});
	byteCharacters().forEach((char, index) => {
		vocab[char] = TINY_SPECIAL.length + index;
	});
	return {
		version: "1.0",
		truncation: null,
		padding: null,
		added_tokens: TINY_SPECIAL.map((content, id) => specialToken(content, id)),
		normalizer: null,
		pre_tokenizer: { type: "ByteLevel", add_prefix_space: false, trim_offsets: true, use_regex: true },
		post_processor: null,
		decoder: { type: "ByteLevel", add_prefix_space: true, trim_offsets: true, use_regex: true },
		model: {
			type: "BPE",
			dropout: null,
			unk_token: null,
			continuing_subword_prefix: null,
			end_of_word_suffix: null,
			fuse_unk: false,
			byte_fallback: false,
			vocab,
			merges: [],
		},
	};
}

const TINY_VOCAB = TINY_SPECIAL.length + 256;
const TINY_CONFIG = {
	architectures: ["LlamaForCausalLM"],
	model_type: "llama",
	vocab_size: TINY_VOCAB,
	hidden_size: 64,
	intermediate_size: 128,
	num_hidden_layers: 2,
	num_attention_heads: 4,
	num_key_value_heads: 2,
	max_position_embeddings: 512,
	rms_norm_eps: 1e-6,
	rope_theta: 10000,
	tie_word_embeddings: true,
	bos_token_id: 0,
	eos_token_id: 2,
	torch_dtype: "float32",
};
/** Parameters of TINY_CONFIG, float32: embeddings + 2 × (attention + MLP + norms) + final norm. */
const TINY_WEIGHT_BYTES = 4 * (TINY_VOCAB * 64 + 2 * (64 * 64 * 2 + 64 * 32 * 2 + 3 * 64 * 128 + 2 * 64) + 64) + 1_024;

export function tinyChat(): SeedModel {
	const chatml = CHAT_FORMATS.chatml;
	const tokenizerConfig = {
		bos_token: "<|endoftext|>",
		eos_token: "<|im_end|>",
		pad_token: "<|endoftext|>",
		unk_token: null,
		model_max_length: 512,
		add_bos_token: false,
		clean_up_tokenization_spaces: false,
		tokenizer_class: "PreTrainedTokenizerFast",
		chat_template: chatml.template,
	};
	return model(
		{
			id: `${DEMO_AUTHOR}/tiny-chat`,
			task: "text-generation",
			library: "transformers",
			arch: "LlamaForCausalLM",
			type: "llama",
			params: "91K",
			dtype: "f32",
			license: "mit",
			languages: ["en"],
			tags: ["tiny", "testing"],
			chat: "chatml",
			layout: "files",
			pop: 1,
			created: "2025-10-01",
			card: "The repository of a deliberately tiny chat model (two layers, 64 hidden units, a byte-level vocabulary). Its tokenizer files and chat template are real; its weights are not, so tests can exercise a chat model's files, template and snippets in milliseconds.",
			config: { ...TINY_CONFIG, tokenizer_config: tokenizerConfig },
			files: [["model.safetensors", TINY_WEIGHT_BYTES]],
		},
		[
			{ path: "tokenizer.json", content: JSON.stringify(tinyTokenizer()) },
			{ path: "tokenizer_config.json", content: json(tokenizerConfig) },
			{
				path: "special_tokens_map.json",
				content: json({ bos_token: "<|endoftext|>", eos_token: "<|im_end|>", pad_token: "<|endoftext|>" }),
			},
			{
				path: "generation_config.json",
				content: json({ bos_token_id: 0, eos_token_id: 2, max_new_tokens: 64, do_sample: false }),
			},
		],
	);
}
