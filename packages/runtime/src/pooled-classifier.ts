/**
 * Builds a complete, small text-classification model in the layout
 * transformers.js repositories use (`onnx/model.onnx`, `config.json`,
 * `tokenizer.json`, `tokenizer_config.json`): a BERT-style WordPiece tokenizer,
 * and a graph that averages the word vectors of the unmasked tokens and applies
 * one linear layer. The weights are given, not trained, so a model's behaviour
 * is known in advance: the sample catalogue's sentiment model and the runtime's
 * tests are built with it. Nothing is downloaded.
 */
import { encodeOnnxModel, type OnnxGraph } from "./onnx-writer.js";

export const SPECIAL_TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] as const;

export interface PooledClassifierSpec {
	/** Label names by class index (config.json `id2label`). */
	labels: string[];
	/** Tokens after the special ones; `##`-prefixed entries continue a word. */
	vocabulary: string[];
	/** Word vectors by token; tokens not listed get zeros. All of the same length. */
	vectors: Record<string, number[]>;
	/** Classifier weights: one row per vector dimension, one column per label. */
	weights: number[][];
	bias: number[];
	maxLength?: number;
	lowercase?: boolean;
}

export interface ModelFile {
	path: string;
	content: string | Uint8Array;
}

export function pooledClassifierFiles(spec: PooledClassifierSpec): ModelFile[] {
	const tokens = [...SPECIAL_TOKENS, ...spec.vocabulary];
	const ids = new Map(tokens.map((token, id) => [token, id]));
	if (ids.size !== tokens.length) throw new Error("The vocabulary repeats a token");
	const dimensions = spec.weights.length;
	const labels = spec.labels.length;
	if (spec.bias.length !== labels || spec.weights.some((row) => row.length !== labels)) {
		throw new Error("Weights and bias must have one column per label");
	}
	const embeddings = new Float32Array(tokens.length * dimensions);
	for (const [token, vector] of Object.entries(spec.vectors)) {
		const id = ids.get(token);
		if (id === undefined) throw new Error(`Vector for ${JSON.stringify(token)}, which is not in the vocabulary`);
		if (vector.length !== dimensions) throw new Error(`Vector for ${JSON.stringify(token)} has the wrong length`);
		embeddings.set(vector, id * dimensions);
	}
	const maxLength = spec.maxLength ?? 128;
	const lowercase = spec.lowercase ?? true;
	const id2label = Object.fromEntries(spec.labels.map((label, index) => [String(index), label]));
	const label2id = Object.fromEntries(spec.labels.map((label, index) => [label, index]));
	const config = {
		architectures: ["BertForSequenceClassification"],
		model_type: "bert",
		vocab_size: tokens.length,
		hidden_size: dimensions,
		max_position_embeddings: maxLength,
		pad_token_id: 0,
		id2label,
		label2id,
		problem_type: "single_label_classification",
	};
	const tokenizerConfig = {
		tokenizer_class: "BertTokenizer",
		do_lower_case: lowercase,
		model_max_length: maxLength,
		unk_token: "[UNK]",
		sep_token: "[SEP]",
		pad_token: "[PAD]",
		cls_token: "[CLS]",
		mask_token: "[MASK]",
	};
	const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
	return [
		{ path: "config.json", content: json(config) },
		{ path: "tokenizer.json", content: JSON.stringify(wordPieceTokenizer(tokens, lowercase, maxLength)) },
		{ path: "tokenizer_config.json", content: json(tokenizerConfig) },
		{ path: "onnx/model.onnx", content: encodeOnnxModel(pooledGraph(embeddings, tokens.length, spec)) },
	];
}

/** A special token as tokenizer.json lists it under `added_tokens`: matched whole, never normalised. */
export function specialToken(content: string, id: number): Record<string, unknown> {
	return { id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true };
}

/** tokenizer.json for a BERT WordPiece tokenizer over `tokens` (ids are positions). */
export function wordPieceTokenizer(tokens: string[], lowercase: boolean, maxLength: number): Record<string, unknown> {
	const id = (token: string) => tokens.indexOf(token);
	return {
		version: "1.0",
		truncation: { direction: "Right", max_length: maxLength, strategy: "LongestFirst", stride: 0 },
		padding: null,
		added_tokens: SPECIAL_TOKENS.map((content) => specialToken(content, id(content))),
		normalizer: {
			type: "BertNormalizer",
			clean_text: true,
			handle_chinese_chars: true,
			strip_accents: null,
			lowercase,
		},
		pre_tokenizer: { type: "BertPreTokenizer" },
		post_processor: {
			type: "TemplateProcessing",
			single: [
				{ SpecialToken: { id: "[CLS]", type_id: 0 } },
				{ Sequence: { id: "A", type_id: 0 } },
				{ SpecialToken: { id: "[SEP]", type_id: 0 } },
			],
			pair: [
				{ SpecialToken: { id: "[CLS]", type_id: 0 } },
				{ Sequence: { id: "A", type_id: 0 } },
				{ SpecialToken: { id: "[SEP]", type_id: 0 } },
				{ Sequence: { id: "B", type_id: 1 } },
				{ SpecialToken: { id: "[SEP]", type_id: 1 } },
			],
			special_tokens: {
				"[CLS]": { id: "[CLS]", ids: [id("[CLS]")], tokens: ["[CLS]"] },
				"[SEP]": { id: "[SEP]", ids: [id("[SEP]")], tokens: ["[SEP]"] },
			},
		},
		decoder: { type: "WordPiece", prefix: "##", cleanup: true },
		model: {
			type: "WordPiece",
			unk_token: "[UNK]",
			continuing_subword_prefix: "##",
			max_input_chars_per_word: 100,
			vocab: Object.fromEntries(tokens.map((token, index) => [token, index])),
		},
	};
}

/**
 * logits = mean(embeddings[input_ids] over unmasked tokens) · weights + bias.
 * Inputs and output are named as in exported BERT classifiers, so the runtime
 * treats it like any other sequence-classification graph.
 */
function pooledGraph(embeddings: Float32Array, vocabSize: number, spec: PooledClassifierSpec): OnnxGraph {
	const dimensions = spec.weights.length;
	const labels = spec.labels.length;
	return {
		name: "pooled_classifier",
		inputs: [
			{ name: "input_ids", type: "int64", shape: ["batch", "sequence"] },
			{ name: "attention_mask", type: "int64", shape: ["batch", "sequence"] },
		],
		outputs: [{ name: "logits", type: "float", shape: ["batch", labels] }],
		initializers: [
			{ name: "embeddings", type: "float", dims: [vocabSize, dimensions], values: embeddings },
			{ name: "classifier", type: "float", dims: [dimensions, labels], values: spec.weights.flat() },
			{ name: "bias", type: "float", dims: [labels], values: spec.bias },
			{ name: "axis_1", type: "int64", dims: [1], values: [1] },
			{ name: "axis_2", type: "int64", dims: [1], values: [2] },
			{ name: "one_token", type: "float", dims: [], values: [1] },
		],
		nodes: [
			{ op: "Gather", inputs: ["embeddings", "input_ids"], outputs: ["token_vectors"] },
			{ op: "Cast", inputs: ["attention_mask"], outputs: ["mask"], attributes: { to: 1 } },
			{ op: "Unsqueeze", inputs: ["mask", "axis_2"], outputs: ["mask_3d"] },
			{ op: "Mul", inputs: ["token_vectors", "mask_3d"], outputs: ["masked_vectors"] },
			{ op: "ReduceSum", inputs: ["masked_vectors", "axis_1"], outputs: ["summed"], attributes: { keepdims: 0 } },
			{ op: "ReduceSum", inputs: ["mask_3d", "axis_1"], outputs: ["counts"], attributes: { keepdims: 0 } },
			// An all-masked row averages over one token rather than dividing by zero.
			{ op: "Max", inputs: ["counts", "one_token"], outputs: ["safe_counts"] },
			{ op: "Div", inputs: ["summed", "safe_counts"], outputs: ["pooled"] },
			{ op: "MatMul", inputs: ["pooled", "classifier"], outputs: ["projected"] },
			{ op: "Add", inputs: ["projected", "bias"], outputs: ["logits"] },
		],
	};
}
