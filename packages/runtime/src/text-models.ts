/**
 * Small transformers.js model folders for the text tasks, written rather than
 * trained, so what each answers is known in advance (tests, benches, samples):
 *   - a sentence classifier with a BPE tokenizer (pooled-classifier.ts's graph);
 *   - a token classifier: each token's label comes from a table;
 *   - an embedder: a sentence is the mean of its words' vectors;
 *   - a fill-mask model: what the mask token predicts comes from a table;
 *   - an extractive question-answering model: where answers start and end comes from tables.
 * Every table is looked up per token (ONNX Gather over `input_ids`), in the layout
 * transformers.js repositories use (config.json, tokenizer.json, onnx/model.onnx).
 */
import { encodeOnnxModel, type OnnxGraph, type OnnxTensor } from "./onnx-writer.js";
import {
	type ModelFile,
	type PooledClassifierSpec,
	pooledClassifierFiles,
	SPECIAL_TOKENS,
	specialToken,
	wordPieceTokenizer,
} from "./pooled-classifier.js";

const MAX_LENGTH = 128;
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const END_OF_WORD = "</w>";

/** A BPE vocabulary that spells `words` whole: every letter, and one merge per step of each word. */
function bpePieces(words: string[]): { tokens: string[]; merges: string[] } {
	const letters = [..."abcdefghijklmnopqrstuvwxyz0123456789.,!?'"];
	const tokens = new Set([...SPECIAL_TOKENS, ...letters, ...letters.map((letter) => `${letter}${END_OF_WORD}`)]);
	const merges: string[] = [];
	for (const word of words) {
		const symbols = [...word].map((letter, index) => (index === word.length - 1 ? `${letter}${END_OF_WORD}` : letter));
		let left = symbols[0] ?? "";
		for (const right of symbols.slice(1)) {
			const merge = `${left} ${right}`;
			if (!merges.includes(merge)) merges.push(merge);
			left = `${left}${right}`;
			tokens.add(left);
		}
	}
	return { tokens: [...tokens], merges };
}

/** tokenizer.json for a lower-casing BPE tokenizer over whitespace-split words, [CLS] … [SEP] around them. */
function bpeTokenizer(tokens: string[], merges: string[]): Record<string, unknown> {
	const id = (token: string) => tokens.indexOf(token);
	const wordPiece = wordPieceTokenizer(tokens, true, MAX_LENGTH);
	return {
		...wordPiece,
		normalizer: { type: "Lowercase" },
		pre_tokenizer: { type: "Whitespace" },
		decoder: { type: "BPEDecoder", suffix: END_OF_WORD },
		added_tokens: SPECIAL_TOKENS.map((content) => specialToken(content, id(content))),
		model: {
			type: "BPE",
			dropout: null,
			unk_token: "[UNK]",
			continuing_subword_prefix: null,
			end_of_word_suffix: END_OF_WORD,
			fuse_unk: false,
			vocab: Object.fromEntries(tokens.map((token, index) => [token, index])),
			merges,
		},
	};
}

/** pooled-classifier.ts's model with a BPE tokenizer: `vectors` and the vocabulary are given by whole words. */
export function bpeClassifierFiles(spec: Omit<PooledClassifierSpec, "lowercase" | "maxLength">): ModelFile[] {
	const { tokens, merges } = bpePieces(spec.vocabulary);
	const vectors = Object.fromEntries(
		Object.entries(spec.vectors).map(([word, vector]) => [`${word}${END_OF_WORD}`, vector]),
	);
	const files = pooledClassifierFiles({ ...spec, vocabulary: tokens.slice(SPECIAL_TOKENS.length), vectors });
	const config = JSON.parse(String(files.find((file) => file.path === "config.json")?.content));
	return files.map((file) => {
		if (file.path === "tokenizer.json")
			return { path: file.path, content: JSON.stringify(bpeTokenizer(tokens, merges)) };
		if (file.path === "tokenizer_config.json") {
			return {
				path: file.path,
				content: json({ tokenizer_class: "PreTrainedTokenizerFast", model_max_length: MAX_LENGTH }),
			};
		}
		if (file.path === "config.json") {
			return {
				path: file.path,
				content: json({ ...config, architectures: ["RobertaForSequenceClassification"], model_type: "roberta" }),
			};
		}
		return file;
	});
}

interface TableModel {
	/** Words after the special tokens (WordPiece, lower case). */
	vocabulary: string[];
	architecture: string;
	extraConfig?: Record<string, unknown>;
	/** The graph's outputs, each a table row per token (`columns` wide; 0: one value per token). */
	outputs: { name: string; columns: number; row(token: string): number[] }[];
}

/** A model whose every output is `table[input_ids]`: what each token gets is written, not learned. */
function tableModelFiles(model: TableModel): ModelFile[] {
	const tokens = [...SPECIAL_TOKENS, ...model.vocabulary];
	const initializers: OnnxTensor[] = model.outputs.map((output) => ({
		name: `${output.name}_table`,
		type: "float",
		dims: output.columns === 0 ? [tokens.length] : [tokens.length, output.columns],
		values: tokens.flatMap((token) => output.row(token)),
	}));
	const graph: OnnxGraph = {
		name: "table_model",
		inputs: [
			{ name: "input_ids", type: "int64", shape: ["batch", "sequence"] },
			{ name: "attention_mask", type: "int64", shape: ["batch", "sequence"] },
		],
		outputs: model.outputs.map((output) => ({
			name: output.name,
			type: "float",
			shape: output.columns === 0 ? ["batch", "sequence"] : ["batch", "sequence", output.columns],
		})),
		initializers,
		nodes: model.outputs.map((output) => ({
			op: "Gather",
			inputs: [`${output.name}_table`, "input_ids"],
			outputs: [output.name],
		})),
	};
	return bertFolder(tokens, model.architecture, model.extraConfig ?? {}, graph);
}

/** A BERT-style folder: `config.json`, a lower-casing WordPiece tokenizer over `tokens`, and `graph` as the weights. */
export function bertFolder(
	tokens: string[],
	architecture: string,
	extraConfig: Record<string, unknown>,
	graph: OnnxGraph,
): ModelFile[] {
	const config = {
		architectures: [architecture],
		model_type: "bert",
		vocab_size: tokens.length,
		max_position_embeddings: MAX_LENGTH,
		pad_token_id: 0,
		...extraConfig,
	};
	const tokenizerConfig = {
		tokenizer_class: "BertTokenizer",
		do_lower_case: true,
		model_max_length: MAX_LENGTH,
		unk_token: "[UNK]",
		sep_token: "[SEP]",
		pad_token: "[PAD]",
		cls_token: "[CLS]",
		mask_token: "[MASK]",
	};
	return [
		{ path: "config.json", content: json(config) },
		{ path: "tokenizer.json", content: JSON.stringify(wordPieceTokenizer(tokens, true, MAX_LENGTH)) },
		{ path: "tokenizer_config.json", content: json(tokenizerConfig) },
		{ path: "onnx/model.onnx", content: encodeOnnxModel(graph) },
	];
}

/** Every token is labelled `labels[0]` (say "O") unless `tags` names another label for it. */
export function tokenClassifierFiles(spec: { labels: string[]; vocabulary: string[]; tags: Record<string, string> }) {
	const labelIndex = new Map(spec.labels.map((label, index) => [label, index]));
	return tableModelFiles({
		vocabulary: spec.vocabulary,
		architecture: "BertForTokenClassification",
		extraConfig: {
			id2label: Object.fromEntries(spec.labels.map((label, index) => [String(index), label])),
			label2id: Object.fromEntries(spec.labels.map((label, index) => [label, index])),
		},
		outputs: [
			{
				name: "logits",
				columns: spec.labels.length,
				row: (token) =>
					spec.labels.map((_, index) => (index === (labelIndex.get(spec.tags[token] ?? "") ?? 0) ? 8 : 0)),
			},
		],
	});
}

/** Token vectors from `vectors` (zeros for other tokens); a sentence's embedding is their mean. */
export function embedderFiles(spec: { vocabulary: string[]; vectors: Record<string, number[]> }) {
	const dimensions = Object.values(spec.vectors)[0]?.length ?? 1;
	return tableModelFiles({
		vocabulary: spec.vocabulary,
		architecture: "BertModel",
		extraConfig: { hidden_size: dimensions },
		outputs: [
			{
				name: "last_hidden_state",
				columns: dimensions,
				row: (token) => spec.vectors[token] ?? Array(dimensions).fill(0),
			},
		],
	});
}

/** Whatever the sentence, [MASK] is filled with `answers` (best first); other tokens predict themselves. */
export function fillMaskFiles(spec: { vocabulary: string[]; answers: string[] }) {
	const tokens = [...SPECIAL_TOKENS, ...spec.vocabulary];
	return tableModelFiles({
		vocabulary: spec.vocabulary,
		architecture: "BertForMaskedLM",
		outputs: [
			{
				name: "logits",
				columns: tokens.length,
				row: (token) =>
					tokens.map((candidate) => {
						if (token !== "[MASK]") return candidate === token ? 8 : 0;
						const rank = spec.answers.indexOf(candidate);
						return rank < 0 ? 0 : 8 - rank;
					}),
			},
		],
	});
}

/** The answer span starts at a `starts` word and ends at an `ends` word found in the context. */
export function questionAnsweringFiles(spec: { vocabulary: string[]; starts: string[]; ends: string[] }) {
	return tableModelFiles({
		vocabulary: spec.vocabulary,
		architecture: "BertForQuestionAnswering",
		outputs: [
			{ name: "start_logits", columns: 0, row: (token) => [spec.starts.includes(token) ? 8 : 0] },
			{ name: "end_logits", columns: 0, row: (token) => [spec.ends.includes(token) ? 8 : 0] },
		],
	});
}
