/**
 * Two picture models the e2e hub runs itself, in the transformers.js layout,
 * with hand-set ONNX graphs (written by the hub's built onnx-writer, as the
 * hub's own tests write theirs) so what they answer follows from the picture:
 *   - depth: each pixel's brightness (the mean of its channels), so a white
 *     square on black is the near thing;
 *   - segmentation: a pixel is "red" by R − G, "blue" by B − G, and
 *     "background" at a flat 0.5, so a clear red or blue patch is its own label.
 * Neither resizes (`do_resize: false`): the graphs take any height and width.
 */
import type { SeedModel } from "@hubkit/hub";
// @ts-expect-error the hub's built ONNX writer, outside the package's exports (as chat-model.ts loads tiny-llama)
import { encodeOnnxModel } from "@hubkit/runtime/models";

export const DEPTH_MODEL = "hubkit-test/brightness-depth";
export const SEGMENTATION_MODEL = "hubkit-test/colour-segmenter";
export const SEGMENT_LABELS = ["background", "red", "blue"];

const PIXELS = { name: "pixel_values", type: "float", shape: ["batch", 3, "height", "width"] };

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Pixels scaled to 0–1, nothing else: the graphs see the picture as it is. */
function preprocessor(type: string): string {
	return json({
		image_processor_type: type,
		do_resize: false,
		do_rescale: true,
		rescale_factor: 1 / 255,
		do_normalize: false,
		do_pad: false,
		do_center_crop: false,
	});
}

function seedRecord(id: string, task: string, summary: string, files: SeedModel["files"]): SeedModel {
	return {
		id,
		author: "hubkit-test",
		pipeline_tag: task,
		library_name: "transformers.js",
		tags: ["transformers.js", "onnx", task, "license:mit"],
		downloads: 1,
		likes: 0,
		createdAt: "2025-01-01T00:00:00.000Z",
		lastModified: "2025-01-02T00:00:00.000Z",
		cardData: { license: "mit" },
		readme: `# ${id}\n\n${summary}\n`,
		files,
		inferenceProviderMapping: [],
	};
}

export function depthModel(): SeedModel {
	const graph = {
		name: "brightness_depth",
		nodes: [
			{
				op: "ReduceMean",
				inputs: ["pixel_values"],
				outputs: ["predicted_depth"],
				attributes: { axes: [1], keepdims: 0 },
			},
		],
		initializers: [],
		inputs: [PIXELS],
		outputs: [{ name: "predicted_depth", type: "float", shape: ["batch", "height", "width"] }],
	};
	return seedRecord(DEPTH_MODEL, "depth-estimation", "Depth is brightness: bright pixels are near.", [
		{ path: "config.json", content: json({ architectures: ["DPTForDepthEstimation"], model_type: "dpt" }) },
		{ path: "preprocessor_config.json", content: preprocessor("DPTImageProcessor") },
		{ path: "onnx/model.onnx", content: encodeOnnxModel(graph) },
	]);
}

export function segmentationModel(): SeedModel {
	// One 1×1 convolution: per label, the weights of R, G and B, and a bias.
	const weights = [0, 0, 0, 1, -1, 0, 0, -1, 1];
	const graph = {
		name: "colour_segmenter",
		nodes: [{ op: "Conv", inputs: ["pixel_values", "weights", "bias"], outputs: ["logits"] }],
		initializers: [
			{ name: "weights", type: "float", dims: [SEGMENT_LABELS.length, 3, 1, 1], values: weights },
			{ name: "bias", type: "float", dims: [SEGMENT_LABELS.length], values: [0.5, 0, 0] },
		],
		inputs: [PIXELS],
		outputs: [{ name: "logits", type: "float", shape: ["batch", SEGMENT_LABELS.length, "height", "width"] }],
	};
	const config = {
		architectures: ["SegformerForSemanticSegmentation"],
		model_type: "segformer",
		id2label: Object.fromEntries(SEGMENT_LABELS.map((label, index) => [String(index), label])),
		label2id: Object.fromEntries(SEGMENT_LABELS.map((label, index) => [label, index])),
	};
	return seedRecord(SEGMENTATION_MODEL, "image-segmentation", "Red, blue and everything else.", [
		{ path: "config.json", content: json(config) },
		{ path: "preprocessor_config.json", content: preprocessor("SegformerImageProcessor") },
		{ path: "onnx/model.onnx", content: encodeOnnxModel(graph) },
	]);
}
