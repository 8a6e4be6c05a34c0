/**
 * A small image classifier in the transformers.js layout, written rather than
 * trained (tests, benches): the logits are the image's mean red, green and
 * blue (pixels scaled to 0–1 by its preprocessor) times `scale`, so a red
 * picture is "red" and the answer is known in advance.
 */
import { encodeOnnxModel, type OnnxGraph } from "./onnx-writer.js";
import type { ModelFile } from "./pooled-classifier.js";

const SIZE = 8;
const LABELS = ["red", "green", "blue"];
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function colourClassifierFiles(scale = 10): ModelFile[] {
	const graph: OnnxGraph = {
		name: "colour_classifier",
		inputs: [{ name: "pixel_values", type: "float", shape: ["batch", 3, SIZE, SIZE] }],
		outputs: [{ name: "logits", type: "float", shape: ["batch", 3] }],
		initializers: [
			{
				name: "weights",
				type: "float",
				dims: [3, 3],
				values: [scale, 0, 0, 0, scale, 0, 0, 0, scale],
			},
		],
		nodes: [
			{ op: "ReduceMean", inputs: ["pixel_values"], outputs: ["means"], attributes: { axes: [2, 3], keepdims: 0 } },
			{ op: "MatMul", inputs: ["means", "weights"], outputs: ["logits"] },
		],
	};
	const config = {
		architectures: ["ViTForImageClassification"],
		model_type: "vit",
		image_size: SIZE,
		num_channels: 3,
		id2label: Object.fromEntries(LABELS.map((label, index) => [String(index), label])),
		label2id: Object.fromEntries(LABELS.map((label, index) => [label, index])),
	};
	const preprocessor = {
		image_processor_type: "ViTImageProcessor",
		do_resize: true,
		size: { height: SIZE, width: SIZE },
		resample: 2,
		do_rescale: true,
		rescale_factor: 1 / 255,
		do_normalize: false,
	};
	return [
		{ path: "config.json", content: json(config) },
		{ path: "preprocessor_config.json", content: json(preprocessor) },
		{ path: "onnx/model.onnx", content: encodeOnnxModel(graph) },
	];
}
