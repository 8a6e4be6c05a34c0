/**
 * Tiny vision models in the transformers.js layout, written rather than trained,
 * so what each answers follows from the picture a test draws. None resizes the
 * picture (`do_resize: false`): the graphs take any height and width, and pixels
 * come scaled to 0–1. Colours are told apart by channel differences: "red" is
 * R − G, "blue" is B − G, so white, grey and black are neither.
 *   - a detector (DETR's outputs): one query per colour, whose box is the mean and
 *     spread of that colour's pixels and which finds an object when they cover enough;
 *   - a depth estimator (DPT's output): depth is the pixel's brightness;
 *   - a semantic segmenter (SegFormer's output): each pixel is red, blue or background;
 *   - a CLIP-style model: an image is its mean colour, a text the sum of its words'
 *     colours, and the logits their dot products.
 */
import {
	encodeOnnxModel,
	type ModelFile,
	type OnnxGraph,
	type OnnxNode,
	type OnnxTensor,
	SPECIAL_TOKENS,
	wordPieceTokenizer,
} from "@hubkit/runtime/models";

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export const COLOUR_LABELS = ["red", "blue"];
/** Per colour, the weights of R, G and B. */
const COLOUR_WEIGHTS = [
	[1, -1, 0],
	[0, -1, 1],
];

const PIXELS = { name: "pixel_values", type: "float", shape: ["batch", 3, "height", "width"] } as const;

/** A graph built node by node: each call adds a node and names its output. */
class GraphBuilder {
	readonly nodes: OnnxNode[] = [];
	readonly initializers: OnnxTensor[] = [];
	#next = 0;

	constant(dims: number[], values: number[], type: "float" | "int64" = "float"): string {
		const name = `constant_${this.initializers.length}`;
		this.initializers.push({ name, type, dims, values });
		return name;
	}

	op(op: string, inputs: string[], attributes?: OnnxNode["attributes"], output?: string): string {
		const name = output ?? `${op.toLowerCase()}_${this.#next++}`;
		this.nodes.push({ op, inputs, outputs: [name], ...(attributes ? { attributes } : {}) });
		return name;
	}

	graph(name: string, inputs: OnnxGraph["inputs"], outputs: OnnxGraph["outputs"]): OnnxGraph {
		return { name, nodes: this.nodes, initializers: this.initializers, inputs, outputs };
	}
}

/** The preprocessor every model here uses: no resizing, pixels scaled to 0–1, not normalised. */
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

function labelConfig(labels: string[]) {
	return {
		id2label: Object.fromEntries(labels.map((label, index) => [String(index), label])),
		label2id: Object.fromEntries(labels.map((label, index) => [label, index])),
	};
}

/** Per colour, how much of each pixel is that colour: Relu of a 1×1 convolution. [1, colours, H, W] */
function colourMasks(graph: GraphBuilder): string {
	const weights = graph.constant([COLOUR_WEIGHTS.length, 3, 1, 1], COLOUR_WEIGHTS.flat());
	return graph.op("Relu", [graph.op("Conv", ["pixel_values", weights])]);
}

/**
 * Boxes in DETR's form (centre x, centre y, width, height, as fractions of the picture): the mean
 * of each colour's pixel coordinates, and the width an evenly filled span with that variance has
 * (√(12·variance), plus a pixel's width for the discrete span). Logits: a colour's query names it
 * with 200 × the share of the picture it covers against 1 for "no object", so a patch of a few
 * percent is found and none is not.
 */
export function detectorFiles(): ModelFile[] {
	const graph = new GraphBuilder();
	const masks = colourMasks(graph);
	const zero = graph.constant([], [0]);
	const one = graph.constant([], [1]);
	const half = graph.constant([], [0.5]);
	const ones = graph.op("Add", [
		graph.op("Mul", [graph.op("ReduceMean", ["pixel_values"], { axes: [1], keepdims: 1 }), zero]),
		one,
	]);
	const hw = graph.constant([2], [2, 3], "int64");
	const count = graph.op("Add", [graph.op("ReduceSum", [masks, hw], { keepdims: 1 }), graph.constant([], [1e-6])]);
	/** Centre and extent along one axis (2: y, 3: x), each [1, colours, 1, 1]. */
	const along = (axis: 2 | 3) => {
		const index = graph.op("CumSum", [ones, graph.constant([], [axis], "int64")]);
		const size = graph.op("ReduceMax", [index], { axes: [2, 3], keepdims: 1 });
		const coordinate = graph.op("Div", [graph.op("Sub", [index, half]), size]);
		const mean = (values: string) =>
			graph.op("Div", [graph.op("ReduceSum", [graph.op("Mul", [masks, values]), hw]), count]);
		const centre = mean(coordinate);
		const variance = graph.op("Relu", [
			graph.op("Sub", [mean(graph.op("Mul", [coordinate, coordinate])), graph.op("Mul", [centre, centre])]),
		]);
		const pixel = graph.op("Reciprocal", [size]);
		const extent = graph.op("Sqrt", [
			graph.op("Add", [graph.op("Mul", [variance, graph.constant([], [12])]), graph.op("Mul", [pixel, pixel])]),
		]);
		return { centre, extent };
	};
	const x = along(3);
	const y = along(2);
	const colours = COLOUR_LABELS.length;
	const boxes = graph.op("Concat", [x.centre, y.centre, x.extent, y.extent], { axis: 3 });
	graph.op("Reshape", [boxes, graph.constant([3], [1, colours, 4], "int64")], undefined, "pred_boxes");
	const share = graph.op("Reshape", [
		graph.op("ReduceMean", [masks], { axes: [2, 3], keepdims: 1 }),
		graph.constant([3], [1, colours, 1], "int64"),
	]);
	// Query q: 200 × share on label q, 1 on "no object" (the last class).
	const scale = COLOUR_LABELS.flatMap((_, query) => [
		...COLOUR_LABELS.map((_, label) => (label === query ? 200 : 0)),
		0,
	]);
	const noObject = COLOUR_LABELS.flatMap(() => [...COLOUR_LABELS.map(() => 0), 1]);
	graph.op(
		"Add",
		[
			graph.op("Mul", [share, graph.constant([1, colours, colours + 1], scale)]),
			graph.constant([1, colours, colours + 1], noObject),
		],
		undefined,
		"logits",
	);
	const model = graph.graph(
		"colour_detector",
		[PIXELS],
		[
			{ name: "logits", type: "float", shape: ["batch", colours, colours + 1] },
			{ name: "pred_boxes", type: "float", shape: ["batch", colours, 4] },
		],
	);
	const config = {
		architectures: ["DetrForObjectDetection"],
		model_type: "detr",
		num_queries: colours,
		...labelConfig(COLOUR_LABELS),
	};
	return [
		{ path: "config.json", content: json(config) },
		{ path: "preprocessor_config.json", content: preprocessor("DetrImageProcessor") },
		{ path: "onnx/model.onnx", content: encodeOnnxModel(model) },
	];
}

/** Depth is each pixel's brightness (the mean of its channels): bright is near. */
export function depthFiles(): ModelFile[] {
	const graph = new GraphBuilder();
	graph.op("ReduceMean", ["pixel_values"], { axes: [1], keepdims: 0 }, "predicted_depth");
	const model = graph.graph(
		"brightness_depth",
		[PIXELS],
		[{ name: "predicted_depth", type: "float", shape: ["batch", "height", "width"] }],
	);
	return [
		{ path: "config.json", content: json({ architectures: ["DPTForDepthEstimation"], model_type: "dpt" }) },
		{ path: "preprocessor_config.json", content: preprocessor("DPTImageProcessor") },
		{ path: "onnx/model.onnx", content: encodeOnnxModel(model) },
	];
}

export const SEGMENT_LABELS = ["background", ...COLOUR_LABELS];

/** Per pixel: background scores 0.5, a colour its channel difference, so a clear red or blue wins. */
export function segmenterFiles(): ModelFile[] {
	const graph = new GraphBuilder();
	const weights = graph.constant([SEGMENT_LABELS.length, 3, 1, 1], [0, 0, 0, ...COLOUR_WEIGHTS.flat()]);
	const bias = graph.constant([SEGMENT_LABELS.length], [0.5, ...COLOUR_LABELS.map(() => 0)]);
	graph.op("Conv", ["pixel_values", weights, bias], undefined, "logits");
	const model = graph.graph(
		"colour_segmenter",
		[PIXELS],
		[{ name: "logits", type: "float", shape: ["batch", SEGMENT_LABELS.length, "height", "width"] }],
	);
	const config = {
		architectures: ["SegformerForSemanticSegmentation"],
		model_type: "segformer",
		...labelConfig(SEGMENT_LABELS),
	};
	return [
		{ path: "config.json", content: json(config) },
		{ path: "preprocessor_config.json", content: preprocessor("SegformerImageProcessor") },
		{ path: "onnx/model.onnx", content: encodeOnnxModel(model) },
	];
}

/** Words with a colour (R, G, B); every other token is colourless. */
const WORD_COLOURS: Record<string, number[]> = { red: [1, 0, 0], green: [0, 1, 0], blue: [0, 0, 1] };
const CLIP_WORDS = ["this", "is", "a", "photo", "of", ".", "dog", ...Object.keys(WORD_COLOURS)];

/** logits_per_image = 10 × (the image's mean colour · the sum of its words' colours), per text. */
export function clipFiles(): ModelFile[] {
	const tokens = [...SPECIAL_TOKENS, ...CLIP_WORDS];
	const graph = new GraphBuilder();
	const table = graph.constant(
		[tokens.length, 3],
		tokens.flatMap((token) => WORD_COLOURS[token] ?? [0, 0, 0]),
	);
	const text = graph.op(
		"ReduceSum",
		[graph.op("Gather", [table, "input_ids"], { axis: 0 }), graph.constant([1], [1], "int64")],
		{ keepdims: 0 },
	);
	const image = graph.op("ReduceMean", ["pixel_values"], { axes: [2, 3], keepdims: 0 });
	const similarity = graph.op("MatMul", [image, graph.op("Transpose", [text], { perm: [1, 0] })]);
	graph.op("Mul", [similarity, graph.constant([], [10])], undefined, "logits_per_image");
	const model = graph.graph(
		"colour_clip",
		[{ name: "input_ids", type: "int64", shape: ["texts", "sequence"] }, PIXELS],
		[{ name: "logits_per_image", type: "float", shape: ["batch", "texts"] }],
	);
	const tokenizerConfig = {
		tokenizer_class: "BertTokenizer",
		do_lower_case: true,
		model_max_length: 77,
		unk_token: "[UNK]",
		pad_token: "[PAD]",
		cls_token: "[CLS]",
		sep_token: "[SEP]",
	};
	return [
		{ path: "config.json", content: json({ architectures: ["CLIPModel"], model_type: "clip" }) },
		{ path: "preprocessor_config.json", content: preprocessor("CLIPImageProcessor") },
		{ path: "tokenizer.json", content: JSON.stringify(wordPieceTokenizer(tokens, true, 77)) },
		{ path: "tokenizer_config.json", content: json(tokenizerConfig) },
		{ path: "onnx/model.onnx", content: encodeOnnxModel(model) },
	];
}
