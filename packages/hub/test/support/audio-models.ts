/**
 * Tiny wav2vec2-style models in the transformers.js layout, written rather than
 * trained, whose answers follow from the loudness of the sound the test makes:
 *   - a classifier (Wav2Vec2ForSequenceClassification): "loud" when the clip's mean
 *     energy (mean of the squared samples) is above 0.01, else "quiet";
 *   - a CTC recogniser (Wav2Vec2ForCTC): one frame per 20 ms (320 samples at 16 kHz),
 *     each read by its energy: silence is the blank, a soft tone "i", a medium one "h",
 *     a very loud one the word delimiter "|" (a space).
 * And the sounds: sine tones and silences, as 16-bit WAV.
 */

import type { ModelFile } from "@hubkit/runtime/models";
import { encodeOnnxModel, type OnnxGraph } from "@hubkit/runtime/models";
import { wavFile } from "./media-samples.js";

export const SAMPLING_RATE = 16_000;
/** Samples per CTC frame at SAMPLING_RATE. */
export const FRAME = 320;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** What wav2vec2's feature extractor is, without its zero-mean unit-variance step (which would erase loudness). */
const preprocessor = {
	feature_extractor_type: "Wav2Vec2FeatureExtractor",
	feature_size: 1,
	sampling_rate: SAMPLING_RATE,
	padding_value: 0,
	padding_side: "right",
	do_normalize: false,
	return_attention_mask: false,
};

export function loudnessClassifierFiles(): ModelFile[] {
	const labels = ["quiet", "loud"];
	// logits: quiet = 10 (1000 × the 0.01 threshold), loud = 1000 × energy.
	const graph: OnnxGraph = {
		name: "loudness_classifier",
		inputs: [{ name: "input_values", type: "float", shape: ["batch", "samples"] }],
		outputs: [{ name: "logits", type: "float", shape: ["batch", 2] }],
		initializers: [
			{ name: "weights", type: "float", dims: [1, 2], values: [0, 1000] },
			{ name: "bias", type: "float", dims: [2], values: [10, 0] },
		],
		nodes: [
			{ op: "Mul", inputs: ["input_values", "input_values"], outputs: ["squares"] },
			{ op: "ReduceMean", inputs: ["squares"], outputs: ["energy"], attributes: { axes: [1], keepdims: 1 } },
			{ op: "MatMul", inputs: ["energy", "weights"], outputs: ["scaled"] },
			{ op: "Add", inputs: ["scaled", "bias"], outputs: ["logits"] },
		],
	};
	const config = {
		architectures: ["Wav2Vec2ForSequenceClassification"],
		model_type: "wav2vec2",
		id2label: Object.fromEntries(labels.map((label, index) => [String(index), label])),
		label2id: Object.fromEntries(labels.map((label, index) => [label, index])),
	};
	return [
		{ path: "config.json", content: json(config) },
		{ path: "preprocessor_config.json", content: json(preprocessor) },
		{ path: "onnx/model.onnx", content: encodeOnnxModel(graph) },
	];
}

/** The recogniser's vocabulary, in id order: wav2vec2's four special tokens, the word delimiter, two letters. */
const VOCABULARY = ["<pad>", "<s>", "</s>", "<unk>", "|", "h", "i"];
const SPECIAL = ["<pad>", "<s>", "</s>", "<unk>"];
/**
 * Each token's logit is slope × frame energy + bias (× 100). With slopes 0 < 1 < 2 < 3 the
 * likeliest token climbs with the energy: the blank below 0.005, "i" to 0.05, "h" to 0.2, "|" above.
 */
const LINES: Record<string, [number, number]> = {
	"<pad>": [0, 0.005],
	i: [1, 0],
	h: [2, -0.05],
	"|": [3, -0.25],
};

export function ctcRecogniserFiles(): ModelFile[] {
	const scale = 100;
	const line = (token: string) => LINES[token] ?? [0, -1];
	const graph: OnnxGraph = {
		name: "loudness_ctc",
		inputs: [{ name: "input_values", type: "float", shape: ["batch", "samples"] }],
		outputs: [{ name: "logits", type: "float", shape: ["batch", "frames", VOCABULARY.length] }],
		initializers: [
			{ name: "channel_axis", type: "int64", dims: [1], values: [1] },
			// A mean over each frame's samples: wav2vec2's convolutional front end, at its simplest.
			{ name: "frame_mean", type: "float", dims: [1, 1, FRAME], values: new Array(FRAME).fill(1 / FRAME) },
			{
				name: "slopes",
				type: "float",
				dims: [1, VOCABULARY.length],
				values: VOCABULARY.map((t) => line(t)[0] * scale),
			},
			{ name: "biases", type: "float", dims: [VOCABULARY.length], values: VOCABULARY.map((t) => line(t)[1] * scale) },
		],
		nodes: [
			{ op: "Unsqueeze", inputs: ["input_values", "channel_axis"], outputs: ["channels"] },
			{ op: "Mul", inputs: ["channels", "channels"], outputs: ["squares"] },
			{
				op: "Conv",
				inputs: ["squares", "frame_mean"],
				outputs: ["energies"],
				attributes: { kernel_shape: [FRAME], strides: [FRAME] },
			},
			{ op: "Transpose", inputs: ["energies"], outputs: ["frames"], attributes: { perm: [0, 2, 1] } },
			{ op: "MatMul", inputs: ["frames", "slopes"], outputs: ["scaled"] },
			{ op: "Add", inputs: ["scaled", "biases"], outputs: ["logits"] },
		],
	};
	const config = {
		architectures: ["Wav2Vec2ForCTC"],
		model_type: "wav2vec2",
		vocab_size: VOCABULARY.length,
		pad_token_id: 0,
	};
	// The layout of transformers.js's wav2vec2 tokenizers: a plain vocabulary and a CTC decoder.
	const tokenizer = {
		version: "1.0",
		truncation: null,
		padding: null,
		added_tokens: SPECIAL.map((content) => ({
			id: VOCABULARY.indexOf(content),
			content,
			single_word: false,
			lstrip: true,
			rstrip: true,
			normalized: false,
			special: true,
		})),
		normalizer: null,
		pre_tokenizer: null,
		post_processor: null,
		decoder: { type: "CTC", pad_token: "<pad>", word_delimiter_token: "|", cleanup: true },
		model: { vocab: Object.fromEntries(VOCABULARY.map((token, index) => [token, index])) },
	};
	const tokenizerConfig = {
		tokenizer_class: "Wav2Vec2CTCTokenizer",
		bos_token: "<s>",
		eos_token: "</s>",
		unk_token: "<unk>",
		pad_token: "<pad>",
		word_delimiter_token: "|",
		do_lower_case: false,
	};
	return [
		{ path: "config.json", content: json(config) },
		{ path: "preprocessor_config.json", content: json(preprocessor) },
		{ path: "tokenizer.json", content: json(tokenizer) },
		{ path: "tokenizer_config.json", content: json(tokenizerConfig) },
		{ path: "onnx/model.onnx", content: encodeOnnxModel(graph) },
	];
}

/** Amplitudes of a sine tone whose frames the recogniser reads as each token (energy = amplitude² / 2). */
export const TONE = { i: 0.2, h: 0.45, space: 0.9 } as const;

/** One stretch of a clip: a 500 Hz tone of `amplitude` (0: silence), `frames` recogniser frames long. */
export interface Stretch {
	amplitude: number;
	frames: number;
}

/**
 * The stretches one after another as mono samples at `rate` (a multiple of 16 kHz keeps every
 * stretch on frame boundaries once resampled). 500 Hz: a whole number of periods per frame, so
 * each frame's energy is exactly amplitude² / 2.
 */
export function clipSamples(stretches: Stretch[], rate = SAMPLING_RATE): Float32Array {
	const perFrame = (FRAME * rate) / SAMPLING_RATE;
	const total = stretches.reduce((sum, stretch) => sum + stretch.frames * perFrame, 0);
	const samples = new Float32Array(total);
	let at = 0;
	for (const { amplitude, frames } of stretches) {
		for (let index = 0; index < frames * perFrame; index++, at++) {
			samples[at] = amplitude * Math.sin((2 * Math.PI * 500 * index) / rate);
		}
	}
	return samples;
}

/** The stretches as a 16-bit mono WAV file. */
export function clip(stretches: Stretch[], rate = SAMPLING_RATE): Uint8Array {
	return wavFile(clipSamples(stretches, rate), rate);
}
