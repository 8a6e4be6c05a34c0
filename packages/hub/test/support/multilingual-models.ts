/**
 * A small many-language translator in NLLB's layout, written rather than
 * trained: seq2seq-models.ts's walk over the source, written in the language
 * `tgt_lang` names.
 */

import type { ModelFile } from "@hubkit/runtime/models";
import { encodeOnnxModel, type OnnxGraph } from "@hubkit/runtime/models";
import { CONFIDENCE, EOS, encoderGraph, json, PAD, SPACE, tokenizerJson, UNK } from "./seq2seq-models.js";

export interface MultilingualSpec {
	/** The source language's code (NLLB's form, `eng_Latn`) and its words. */
	source: { code: string; words: string[] };
	/** Per target language code, each source word's translation. */
	targets: Record<string, Record<string, string>>;
	/** Codes the tokenizer lists whose text the model cannot read: opened by one, an input translates to nothing. */
	unread?: string[];
}

/**
 * A many-language translator in NLLB's layout (M2M100ForConditionalGeneration, an NllbTokenizer whose
 * language codes are special tokens, the source code opening every input). The walk is the one of
 * seq2seqFiles over source words, but the decoder writes each word in the language of the token it
 * just emitted: the first is the target code itself, which transformers.js forces (forced_bos_token_id
 * from `tgt_lang`), so `tgt_lang` alone decides the language of the answer.
 */
export function multilingualFiles(spec: MultilingualSpec): ModelFile[] {
	const unread = spec.unread ?? [];
	const codes = [spec.source.code, ...Object.keys(spec.targets), ...unread];
	const targetWords = Object.values(spec.targets).flatMap((words) => Object.values(words));
	const words = [...new Set([...spec.source.words, ...targetWords])];
	const tokens = [PAD, EOS, UNK, ...codes, ...words.map((word) => `${SPACE}${word}`), SPACE];
	const size = tokens.length;
	const id = (token: string) => tokens.indexOf(token);
	const word = (text: string) => id(`${SPACE}${text}`);
	const [pad, eos] = [id(PAD), id(EOS)];
	// A token's meaning: a source word for itself and for each of its translations; any language code: the start.
	// An unread code means the end: no walk starts after it.
	const meaning = new Map<number, number>([
		[eos, eos],
		...codes.map((code) => [id(code), unread.includes(code) ? eos : pad] as [number, number]),
	]);
	for (const source of spec.source.words) {
		meaning.set(word(source), word(source));
		for (const words of Object.values(spec.targets)) {
			const translated = words[source];
			if (translated) meaning.set(word(translated), word(source));
		}
	}
	const meanings = tokens.flatMap((_, row) => tokens.map((__, column) => (column === meaning.get(row) ? 1 : 0)));
	const ints = (name: string, values: number[]) => ({ name, type: "int64" as const, dims: [values.length], values });
	// Per target language: whether a token is in it (its code or a word of it), and each meaning's word in it.
	const languages = Object.entries(spec.targets).map(([code, words], index) => {
		const own = new Set([id(code), ...Object.values(words).map(word)]);
		return {
			index,
			member: tokens.map((_, row) => (own.has(row) ? 1 : 0)),
			writes: tokens.flatMap((_, row) =>
				tokens.map((__, column) => {
					if (row === eos) return column === eos ? 1 : 0;
					const translated = words[tokens[row]?.slice(1) ?? ""];
					return translated !== undefined && column === word(translated) ? 1 : 0;
				}),
			),
		};
	});
	const decoder: OnnxGraph = {
		name: "multilingual_decoder",
		inputs: [
			{ name: "input_ids", type: "int64", shape: ["batch", "decoder_sequence"] },
			{ name: "encoder_hidden_states", type: "float", shape: ["batch", "encoder_sequence", 2 * size] },
			{ name: "encoder_attention_mask", type: "int64", shape: ["batch", "encoder_sequence"] },
		],
		outputs: [{ name: "logits", type: "float", shape: ["batch", "decoder_sequence", size] }],
		initializers: [
			{ name: "meanings", type: "float", dims: [size, size], values: meanings },
			{ name: "confidence", type: "float", dims: [], values: [CONFIDENCE] },
			{
				name: "fallback",
				type: "float",
				dims: [size],
				values: tokens.map((_, index) => (index === eos ? 1 : 0)),
			},
			...languages.flatMap((language) => [
				{ name: `member_${language.index}`, type: "float" as const, dims: [size, 1], values: language.member },
				{ name: `writes_${language.index}`, type: "float" as const, dims: [size, size], values: language.writes },
			]),
			ints("hidden_axis", [2]),
			ints("key_start", [0]),
			ints("key_end", [size]),
			ints("value_start", [size]),
			ints("value_end", [2 * size]),
			ints("query_axis", [1]),
		],
		nodes: [
			{ op: "Slice", inputs: ["encoder_hidden_states", "key_start", "key_end", "hidden_axis"], outputs: ["keys"] },
			{
				op: "Slice",
				inputs: ["encoder_hidden_states", "value_start", "value_end", "hidden_axis"],
				outputs: ["values"],
			},
			{ op: "Gather", inputs: ["meanings", "input_ids"], outputs: ["query"] },
			{ op: "Transpose", inputs: ["keys"], outputs: ["keys_t"], attributes: { perm: [0, 2, 1] } },
			{ op: "MatMul", inputs: ["query", "keys_t"], outputs: ["matches"] },
			{ op: "Cast", inputs: ["encoder_attention_mask"], outputs: ["mask_float"], attributes: { to: 1 } },
			{ op: "Unsqueeze", inputs: ["mask_float", "query_axis"], outputs: ["mask"] },
			{ op: "Mul", inputs: ["matches", "mask"], outputs: ["found"] },
			{ op: "MatMul", inputs: ["found", "values"], outputs: ["next_meaning"] },
			...languages.flatMap((language) => [
				{ op: "Gather", inputs: [`member_${language.index}`, "input_ids"], outputs: [`in_${language.index}`] },
				{ op: "MatMul", inputs: ["next_meaning", `writes_${language.index}`], outputs: [`said_${language.index}`] },
				{
					op: "Mul",
					inputs: [`said_${language.index}`, `in_${language.index}`],
					outputs: [`chosen_${language.index}`],
				},
			]),
			{
				op: "Sum",
				inputs: languages.map((language) => `chosen_${language.index}`),
				outputs: ["picked"],
			},
			{ op: "Mul", inputs: ["picked", "confidence"], outputs: ["scaled"] },
			{ op: "Add", inputs: ["scaled", "fallback"], outputs: ["logits"] },
		],
	};
	const config = {
		architectures: ["M2M100ForConditionalGeneration"],
		model_type: "m2m_100",
		vocab_size: size,
		is_encoder_decoder: true,
		pad_token_id: pad,
		eos_token_id: eos,
		decoder_start_token_id: pad,
		d_model: 2 * size,
		encoder_layers: 1,
		decoder_layers: 1,
		encoder_attention_heads: 1,
		decoder_attention_heads: 1,
		max_position_embeddings: 512,
	};
	const tokenizerConfig = {
		tokenizer_class: "NllbTokenizer",
		model_max_length: 512,
		eos_token: EOS,
		pad_token: PAD,
		unk_token: UNK,
		src_lang: spec.source.code,
		additional_special_tokens: codes,
	};
	const drops = tokens.map(() => 0);
	return [
		{ path: "config.json", content: json(config) },
		{
			path: "generation_config.json",
			content: json({ decoder_start_token_id: pad, eos_token_id: eos, pad_token_id: pad }),
		},
		{ path: "tokenizer.json", content: JSON.stringify(tokenizerJson(tokens, codes)) },
		{ path: "tokenizer_config.json", content: json(tokenizerConfig) },
		{ path: "onnx/encoder_model.onnx", content: encodeOnnxModel(encoderGraph(size, { keys: meanings, drops }, pad)) },
		{ path: "onnx/decoder_model_merged.onnx", content: encodeOnnxModel(decoder) },
	];
}
