/**
 * A tiny VITS-style text-to-speech model (VitsModel, as MMS-TTS folders are laid out
 * for transformers.js), written rather than trained, whose waveform follows from the
 * text: its tokenizer reads characters as MMS-TTS's does (lower-cased, anything outside
 * its vocabulary dropped, a blank between characters and at both ends), and its graph
 * turns each token into SAMPLES_PER_TOKEN samples of a square wave whose amplitude is
 * the token's: silence for the blank, quiet for a space, louder down the alphabet
 * (a = 0.025, b = 0.05 … z = 0.65). So "ab" is 5 runs: silence, a, silence, b, silence.
 */

import type { ModelFile } from "@hubkit/runtime/models";
import { encodeOnnxModel, type OnnxGraph } from "@hubkit/runtime/models";

/** Not MMS's 16 kHz: a rate the answer can only have taken from config.json. */
export const SAMPLING_RATE = 12_000;
export const SAMPLES_PER_TOKEN = 60;

/** The blank MMS-TTS tokenizers put between characters (its pad token), then a space and the letters. */
const BLANK = "_";
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const VOCABULARY = [BLANK, " ", ...LETTERS];

/** The loudness (peak amplitude) of each token's run. */
export function amplitudeOf(token: string): number {
	if (token === BLANK) return 0;
	if (token === " ") return 0.01;
	return (LETTERS.indexOf(token) + 1) * 0.025;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The tokens the model's tokenizer makes of `text` (the test's own reading of its normalizer, for long texts). */
export function tokensOf(text: string): string[] {
	const kept = [...text.toLowerCase()].filter((character) => character === " " || LETTERS.includes(character));
	const characters = kept.join("").trim();
	if (characters === "") return [];
	return [BLANK, ...[...characters].flatMap((character) => [character, BLANK])];
}

export function vitsModelFiles(): ModelFile[] {
	// Row per token: its amplitude, alternately up and down (a square wave at half the sampling rate).
	const runs = VOCABULARY.flatMap((token) =>
		Array.from({ length: SAMPLES_PER_TOKEN }, (_, index) => (index % 2 === 0 ? 1 : -1) * amplitudeOf(token)),
	);
	const graph: OnnxGraph = {
		name: "tiny_vits",
		inputs: [{ name: "input_ids", type: "int64", shape: ["batch", "sequence"] }],
		outputs: [{ name: "waveform", type: "float", shape: ["batch", "samples"] }],
		initializers: [
			{ name: "runs", type: "float", dims: [VOCABULARY.length, SAMPLES_PER_TOKEN], values: runs },
			// Keep the batch, join the runs one after another.
			{ name: "waveform_shape", type: "int64", dims: [2], values: [0, -1] },
		],
		nodes: [
			{ op: "Gather", inputs: ["runs", "input_ids"], outputs: ["token_runs"] },
			{ op: "Reshape", inputs: ["token_runs", "waveform_shape"], outputs: ["waveform"] },
		],
	};
	const config = {
		architectures: ["VitsModel"],
		model_type: "vits",
		sampling_rate: SAMPLING_RATE,
		vocab_size: VOCABULARY.length,
		pad_token_id: 0,
	};
	// The layout transformers.js's MMS-TTS conversions have: the normalizer does the work, the
	// pre-tokenizer splits every character off, the model is a plain vocabulary (no type).
	const tokenizer = {
		version: "1.0",
		truncation: null,
		padding: null,
		added_tokens: [],
		normalizer: {
			type: "Sequence",
			normalizers: [
				{ type: "Lowercase" },
				{ type: "Replace", pattern: { Regex: `[^ ${LETTERS}]` }, content: "" },
				{ type: "Strip", strip_left: true, strip_right: true },
				// A blank before every character and one at the end (none in an empty text).
				{ type: "Replace", pattern: { Regex: "(?=.)|(?<!^)$" }, content: BLANK },
			],
		},
		pre_tokenizer: { type: "Split", pattern: { Regex: "" }, behavior: "Isolated", invert: false },
		post_processor: null,
		decoder: null,
		model: { vocab: Object.fromEntries(VOCABULARY.map((token, index) => [token, index])) },
	};
	const tokenizerConfig = {
		tokenizer_class: "VitsTokenizer",
		pad_token: BLANK,
		add_blank: true,
		normalize: true,
		model_max_length: 1_000_000,
	};
	return [
		{ path: "config.json", content: json(config) },
		{ path: "tokenizer.json", content: json(tokenizer) },
		{ path: "tokenizer_config.json", content: json(tokenizerConfig) },
		{ path: "onnx/model.onnx", content: encodeOnnxModel(graph) },
	];
}
