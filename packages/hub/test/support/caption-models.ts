/**
 * A small image captioner in the transformers.js layout (VisionEncoderDecoder:
 * `preprocessor_config.json`, a tokenizer, `onnx/encoder_model.onnx` taking
 * `pixel_values`, `onnx/decoder_model_merged.onnx` taking `encoder_hidden_states`),
 * written rather than trained, so its caption is known in advance.
 */

import type { ModelFile } from "@hubkit/runtime/models";
import { encodeOnnxModel, type OnnxGraph } from "@hubkit/runtime/models";
import { CONFIDENCE, EOS, json, PAD, SPACE, tokenizerJson, UNK } from "./seq2seq-models.js";

const COLOURS = ["red", "green", "blue"];
const PICTURE_SIZE = 8;

/**
 * An image captioner (VisionEncoderDecoder): "a red picture", "a green picture" or "a blue picture".
 * The encoder's one hidden vector is the image's mean red, green and blue (0–1, from its
 * preprocessor); the decoder follows a fixed walk, start → "a" → colour → "picture" → `</s>`,
 * choosing the colour after "a" by the brightest channel.
 */
export function captionerFiles(): ModelFile[] {
	const tokens = [PAD, EOS, UNK, ...["a", ...COLOURS, "picture"].map((word) => `${SPACE}${word}`), SPACE];
	const size = tokens.length;
	const id = (token: string) => tokens.indexOf(token);
	const word = (text: string) => id(`${SPACE}${text}`);
	const next = new Map<number, number>([
		[id(PAD), word("a")],
		...COLOURS.map((colour) => [word(colour), word("picture")] as [number, number]),
	]);
	// After "a" no word is favoured: the image decides.
	const transitions = tokens.flatMap((_, row) =>
		tokens.map((__, column) => (row === word("a") ? 0 : column === (next.get(row) ?? id(EOS)) ? CONFIDENCE : 0)),
	);
	const colourWords = COLOURS.flatMap((colour) =>
		tokens.map((_, column) => (column === word(colour) ? CONFIDENCE : 0)),
	);
	const encoder: OnnxGraph = {
		name: "colour_encoder",
		inputs: [{ name: "pixel_values", type: "float", shape: ["batch", 3, PICTURE_SIZE, PICTURE_SIZE] }],
		outputs: [{ name: "last_hidden_state", type: "float", shape: ["batch", 1, 3] }],
		initializers: [{ name: "token_axis", type: "int64", dims: [1], values: [1] }],
		nodes: [
			{ op: "ReduceMean", inputs: ["pixel_values"], outputs: ["means"], attributes: { axes: [2, 3], keepdims: 0 } },
			{ op: "Unsqueeze", inputs: ["means", "token_axis"], outputs: ["last_hidden_state"] },
		],
	};
	const decoder: OnnxGraph = {
		name: "caption_decoder",
		inputs: [
			{ name: "input_ids", type: "int64", shape: ["batch", "decoder_sequence"] },
			{ name: "encoder_hidden_states", type: "float", shape: ["batch", 1, 3] },
		],
		outputs: [{ name: "logits", type: "float", shape: ["batch", "decoder_sequence", size] }],
		initializers: [
			{ name: "transitions", type: "float", dims: [size, size], values: transitions },
			{ name: "colour_words", type: "float", dims: [3, size], values: colourWords },
			{
				name: "colour_slot",
				type: "float",
				dims: [size, 1],
				values: tokens.map((_, row) => (row === word("a") ? 1 : 0)),
			},
		],
		nodes: [
			{ op: "Gather", inputs: ["transitions", "input_ids"], outputs: ["walk"] },
			{ op: "Gather", inputs: ["colour_slot", "input_ids"], outputs: ["slot"] },
			{ op: "MatMul", inputs: ["encoder_hidden_states", "colour_words"], outputs: ["colour"] },
			{ op: "Mul", inputs: ["slot", "colour"], outputs: ["chosen"] },
			{ op: "Add", inputs: ["walk", "chosen"], outputs: ["logits"] },
		],
	};
	const [pad, eos] = [id(PAD), id(EOS)];
	const config = {
		architectures: ["VisionEncoderDecoderModel"],
		model_type: "vision-encoder-decoder",
		is_encoder_decoder: true,
		decoder_start_token_id: pad,
		pad_token_id: pad,
		eos_token_id: eos,
		encoder: { model_type: "vit", hidden_size: 3, image_size: PICTURE_SIZE, num_channels: 3 },
		decoder: { model_type: "gpt2", vocab_size: size, n_embd: 3, n_layer: 1, n_head: 1, add_cross_attention: true },
	};
	const preprocessor = {
		image_processor_type: "ViTImageProcessor",
		do_resize: true,
		size: { height: PICTURE_SIZE, width: PICTURE_SIZE },
		resample: 2,
		do_rescale: true,
		rescale_factor: 1 / 255,
		do_normalize: false,
	};
	return [
		{ path: "config.json", content: json(config) },
		{
			path: "generation_config.json",
			content: json({ decoder_start_token_id: pad, eos_token_id: eos, pad_token_id: pad }),
		},
		{ path: "preprocessor_config.json", content: json(preprocessor) },
		{ path: "tokenizer.json", content: JSON.stringify(tokenizerJson(tokens)) },
		{
			path: "tokenizer_config.json",
			content: json({ tokenizer_class: "PreTrainedTokenizerFast", eos_token: EOS, pad_token: PAD, unk_token: UNK }),
		},
		{ path: "onnx/encoder_model.onnx", content: encodeOnnxModel(encoder) },
		{ path: "onnx/decoder_model_merged.onnx", content: encodeOnnxModel(decoder) },
	];
}
