/**
 * Records that are not on any task page but that tests and the local runtime
 * need: a private model, a gated one, a tiny chat model with real tokenizer
 * files, a sentiment model the local runtime runs (local-models.ts), the one LoRA adapter served by a provider, a GGUF repository, and one
 * model each for the libraries whose snippets read their own config keys
 * (peft, adapter-transformers, keras-hub).
 */
import { specialToken } from "../../runtime/pooled-classifier.js";
import type { SeedModel } from "../types.js";
import { CHAT_FORMATS, json, model, type Spec } from "./builders.js";
import { tinySentiment } from "./local-models.js";

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

function tinyChat(): SeedModel {
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
	const record = model({
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
		card: "A deliberately tiny chat model (two layers, 64 hidden units, a byte-level vocabulary) for exercising the local runtime and the chat route end to end. Its replies are noise; it exists so tests run in milliseconds.",
		config: { ...TINY_CONFIG, tokenizer_config: tokenizerConfig },
		files: [["model.safetensors", TINY_WEIGHT_BYTES]],
		providers: ["hf-inference"],
	});
	const gitattributes = record.files.findIndex((file) => file.path === ".gitattributes");
	record.files.splice(
		gitattributes,
		0,
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
	);
	return record;
}

// ---- the rest: ordinary specs ----

const GEMMA_2B_IT = "google/gemma-2-2b-it";

/** GGUF quantisations: name → bits per weight (rough, for file sizes). */
const GGUF_QUANTS: [string, number][] = [
	["Q2_K", 3.0],
	["Q3_K_M", 3.9],
	["Q4_K_M", 4.85],
	["Q5_K_M", 5.7],
	["Q6_K", 6.6],
	["Q8_0", 8.5],
	["F16", 16],
];
const GEMMA_2B_PARAMS = 2_614_341_888;

const specs: Spec[] = [
	{
		id: `${DEMO_AUTHOR}/internal-ticket-router`,
		task: "text-classification",
		library: "transformers",
		arch: "DistilBertForSequenceClassification",
		type: "distilbert",
		params: "67M",
		dtype: "f32",
		license: "other",
		languages: ["en"],
		base: "distilbert/distilbert-base-uncased",
		private: true,
		pop: 1,
		created: "2025-09-12",
		card: "A private classifier that routes support tickets to billing, shipping or technical queues. Only its owner can see it; anyone else gets a 404.",
		widget: [{ text: "I was charged twice for my last order." }],
		config: { id2label: { 0: "billing", 1: "shipping", 2: "technical" } },
	},
	{
		id: `${DEMO_AUTHOR}/clinical-notes-ner`,
		task: "token-classification",
		library: "transformers",
		arch: "BertForTokenClassification",
		type: "bert",
		params: "108M",
		dtype: "f32",
		license: "other",
		languages: ["en"],
		gated: "manual",
		pop: 1,
		created: "2025-06-03",
		card: "A gated entity tagger for clinical notes. Access is granted by hand after a request, as is common for models trained on sensitive data.",
		widget: [{ text: "Started metformin 500 mg twice daily for type 2 diabetes." }],
	},
	{
		id: `${DEMO_AUTHOR}/flux-watercolor-lora`,
		task: "text-to-image",
		library: "diffusers",
		params: "19M",
		license: "other",
		languages: ["en"],
		base: "black-forest-labs/FLUX.1-dev",
		relation: "adapter",
		tags: ["lora", "flux", "text-to-image", "template:sd-lora"],
		layout: "files",
		instancePrompt: "wtrclr painting",
		pop: 2,
		created: "2025-03-14",
		card: "A LoRA for FLUX.1 dev that paints in loose watercolour washes with visible paper texture. Put the trigger words `wtrclr painting` in the prompt.",
		widget: [{ text: "wtrclr painting of a harbour town at dawn, boats, soft reflections" }],
		files: [
			["flux-watercolor-lora.safetensors", 38_156_992],
			["images/harbour.png", 1_402_117],
			["images/orchard.png", 1_288_430],
		],
		loraWeights: "flux-watercolor-lora.safetensors",
		providers: ["fal-ai=fal-ai/flux-lora"],
	},
	{
		id: `${DEMO_AUTHOR}/gemma-2-2b-it-GGUF`,
		task: "text-generation",
		params: "2.6B",
		license: "gemma",
		languages: ["en"],
		base: GEMMA_2B_IT,
		relation: "quantized",
		tags: ["gguf", "llama.cpp"],
		chat: "gemma",
		layout: "files",
		pop: 3,
		created: "2024-08-01",
		card: "Gemma 2 2B instruct converted to GGUF and quantised from 2 to 16 bits, for llama.cpp and the desktop apps built on it. Q4_K_M is a good default.",
		config: {
			gguf: {
				architecture: "gemma2",
				context_length: 8192,
				chat_template: CHAT_FORMATS.gemma.template,
				total: GEMMA_2B_PARAMS,
			},
		},
		files: GGUF_QUANTS.map(([quant, bits]): [string, number] => [
			`gemma-2-2b-it-${quant}.gguf`,
			Math.round((GEMMA_2B_PARAMS * bits) / 8),
		]),
	},
	{
		id: `${DEMO_AUTHOR}/gemma-2-2b-it-support-lora`,
		task: "text-generation",
		library: "peft",
		params: "10M",
		license: "gemma",
		languages: ["en"],
		base: GEMMA_2B_IT,
		relation: "adapter",
		tags: ["lora", "trl", "sft"],
		chat: "gemma",
		layout: "files",
		pop: 1,
		created: "2025-02-20",
		card: "A PEFT LoRA that tunes Gemma 2 2B instruct toward short, friendly customer-support answers. Load it on top of the base model.",
		config: { peft: { base_model_name_or_path: GEMMA_2B_IT, task_type: "CAUSAL_LM" } },
		files: [
			["adapter_model.safetensors", 20_781_312],
			["training_args.bin", 5_432],
		],
	},
	{
		id: `${DEMO_AUTHOR}/roberta-base-topic-adapter`,
		task: "text-classification",
		library: "adapter-transformers",
		params: "1.5M",
		dtype: "f32",
		license: "apache-2.0",
		languages: ["en"],
		tags: ["adapterhub:text_classification/topics", "roberta"],
		layout: "files",
		pop: 1,
		created: "2024-05-08",
		card: "A bottleneck adapter with a classification head that sorts news headlines into topics. Load RoBERTa base with the adapters library, then this adapter on top.",
		widget: [{ text: "Central bank holds rates steady as inflation cools" }],
		config: { adapter_transformers: { model_class: "RobertaAdapterModel", model_name: "FacebookAI/roberta-base" } },
		files: [
			["pytorch_adapter.bin", 3_590_214],
			["pytorch_model_head.bin", 2_374_915],
		],
	},
	{
		id: `${DEMO_AUTHOR}/gemma-2b-keras`,
		task: "text-generation",
		library: "keras-hub",
		params: "2.5B",
		license: "gemma",
		languages: ["en"],
		tags: ["keras", "gemma"],
		layout: "files",
		pop: 1,
		created: "2024-04-02",
		card: "A Gemma 2B preset saved for KerasHub. It loads as a causal language model on JAX, TensorFlow or PyTorch backends.",
		config: { keras_hub: { tasks: ["CausalLM"] }, module: "keras_hub.src.models.gemma.gemma_backbone" },
		files: [
			["metadata.json", 143],
			["task.json", 2_804],
			["tokenizer.json", 619],
			["model.weights.h5", 5_012_346_880],
			["assets/tokenizer/vocabulary.spm", 4_241_003],
		],
	},
];

/** Adds the small JSON files a library reads besides config.json. */
function withLibraryFiles(record: SeedModel): SeedModel {
	const config = record.config ?? {};
	const extra: { path: string; content: string }[] = [];
	const peft = config.peft as { base_model_name_or_path?: string; task_type?: string } | undefined;
	if (peft) {
		extra.push({
			path: "adapter_config.json",
			content: json({
				peft_type: "LORA",
				task_type: peft.task_type,
				base_model_name_or_path: peft.base_model_name_or_path,
				r: 16,
				lora_alpha: 32,
				lora_dropout: 0.05,
				target_modules: ["q_proj", "k_proj", "v_proj", "o_proj"],
			}),
		});
	}
	const adapter = config.adapter_transformers as { model_name?: string } | undefined;
	if (adapter) {
		extra.push({
			path: "adapter_config.json",
			content: json({ config: { architecture: "seq_bn", reduction_factor: 16 }, model_name: adapter.model_name }),
		});
		extra.push({ path: "head_config.json", content: json({ config: { head_type: "classification", num_labels: 6 } }) });
	}
	record.files.splice(record.files.length - 1, 0, ...extra);
	return record;
}

export function extraModels(): SeedModel[] {
	return [tinyChat(), tinySentiment(), ...specs.map((spec) => withLibraryFiles(model(spec)))];
}
