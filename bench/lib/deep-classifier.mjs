/**
 * A text classifier whose run, not the HTTP around it, takes the time: the sample
 * sentiment model's tokenizer and config, with a graph that puts every token
 * through `layers` dense layers of `width` (ReLU) before the masked mean and the
 * classifier. Weights are small pseudo-random numbers from a fixed seed: the
 * answers mean nothing, the arithmetic is a small encoder's.
 */
import { prng } from "./harness.mjs";

const dist = new URL("../../packages/hub/dist/", import.meta.url);
const runtimeDist = new URL("../../packages/runtime/dist/", import.meta.url);
const { tinySentiment } = await import(new URL("seed/catalogue/local-models.js", dist).href);
const { encodeOnnxModel } = await import(new URL("models.js", runtimeDist).href);

export const DEEP_MODEL = "bench/deep-classifier";

export function deepClassifier({ width = 512, layers = 8 } = {}) {
	const record = tinySentiment();
	const config = JSON.parse(record.files.find((file) => file.path === "config.json").content);
	const vocab = config.vocab_size;
	const random = prng(7);
	const matrix = (rows, columns) => Array.from({ length: rows * columns }, () => (random() * 2 - 1) / Math.sqrt(rows));
	const initializers = [
		{ name: "embeddings", type: "float", dims: [vocab, width], values: matrix(vocab, width) },
		{ name: "classifier", type: "float", dims: [width, 2], values: matrix(width, 2) },
		{ name: "axis_1", type: "int64", dims: [1], values: [1] },
		{ name: "axis_2", type: "int64", dims: [1], values: [2] },
		{ name: "one_token", type: "float", dims: [], values: [1] },
	];
	const nodes = [
		{ op: "Gather", inputs: ["embeddings", "input_ids"], outputs: ["hidden_0"] },
		{ op: "Cast", inputs: ["attention_mask"], outputs: ["mask"], attributes: { to: 1 } },
		{ op: "Unsqueeze", inputs: ["mask", "axis_2"], outputs: ["mask_3d"] },
	];
	for (let layer = 0; layer < layers; layer++) {
		initializers.push({ name: `dense_${layer}`, type: "float", dims: [width, width], values: matrix(width, width) });
		nodes.push(
			{ op: "MatMul", inputs: [`hidden_${layer}`, `dense_${layer}`], outputs: [`projected_${layer}`] },
			{ op: "Relu", inputs: [`projected_${layer}`], outputs: [`hidden_${layer + 1}`] },
		);
	}
	nodes.push(
		{ op: "Mul", inputs: [`hidden_${layers}`, "mask_3d"], outputs: ["masked"] },
		{ op: "ReduceSum", inputs: ["masked", "axis_1"], outputs: ["summed"], attributes: { keepdims: 0 } },
		{ op: "ReduceSum", inputs: ["mask_3d", "axis_1"], outputs: ["counts"], attributes: { keepdims: 0 } },
		{ op: "Max", inputs: ["counts", "one_token"], outputs: ["safe_counts"] },
		{ op: "Div", inputs: ["summed", "safe_counts"], outputs: ["pooled"] },
		{ op: "MatMul", inputs: ["pooled", "classifier"], outputs: ["logits"] },
	);
	const graph = {
		name: "deep_classifier",
		inputs: [
			{ name: "input_ids", type: "int64", shape: ["batch", "sequence"] },
			{ name: "attention_mask", type: "int64", shape: ["batch", "sequence"] },
		],
		outputs: [{ name: "logits", type: "float", shape: ["batch", 2] }],
		initializers,
		nodes,
	};
	const files = record.files.map((file) =>
		file.path === "onnx/model.onnx" ? { path: file.path, content: encodeOnnxModel(graph) } : file,
	);
	return {
		...record,
		id: DEEP_MODEL,
		author: "bench",
		files,
		inferenceProviderMapping: [
			{ provider: "hf-inference", providerId: DEEP_MODEL, task: "text-classification", status: "live" },
		],
	};
}
