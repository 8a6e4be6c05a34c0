/**
 * A small natural-language-inference model (what zero-shot classification runs
 * on), written rather than trained: the premise (segment A) and the hypothesis
 * (segment B, "This example is {label}.") are each summed from their words'
 * vectors, and their dot product is the entailment logit (its negative the
 * contradiction logit, 0 for neutral). So a hypothesis whose label word points
 * where the premise's words point is entailed; the answer is known in advance.
 */
import type { OnnxGraph } from "./onnx-writer.js";
import type { ModelFile } from "./pooled-classifier.js";
import { SPECIAL_TOKENS } from "./pooled-classifier.js";
import { bertFolder } from "./text-models.js";

export const NLI_LABELS = ["contradiction", "neutral", "entailment"];

export function entailmentFiles(spec: { vocabulary: string[]; vectors: Record<string, number[]> }): ModelFile[] {
	const tokens = [...SPECIAL_TOKENS, ...spec.vocabulary];
	const dimensions = Object.values(spec.vectors)[0]?.length ?? 1;
	const segment = (name: string, mask: string) => [
		{ op: "Unsqueeze", inputs: [mask, "axis_2"], outputs: [`${name}_mask_3d`] },
		{ op: "Mul", inputs: ["vectors", `${name}_mask_3d`], outputs: [`${name}_vectors`] },
		{ op: "ReduceSum", inputs: [`${name}_vectors`, "axis_1"], outputs: [name], attributes: { keepdims: 0 } },
	];
	const graph: OnnxGraph = {
		name: "entailment_model",
		inputs: [
			{ name: "input_ids", type: "int64", shape: ["batch", "sequence"] },
			{ name: "attention_mask", type: "int64", shape: ["batch", "sequence"] },
			{ name: "token_type_ids", type: "int64", shape: ["batch", "sequence"] },
		],
		outputs: [{ name: "logits", type: "float", shape: ["batch", 3] }],
		initializers: [
			{
				name: "embeddings",
				type: "float",
				dims: [tokens.length, dimensions],
				values: tokens.flatMap((token) => spec.vectors[token] ?? Array(dimensions).fill(0)),
			},
			{ name: "axis_1", type: "int64", dims: [1], values: [1] },
			{ name: "axis_2", type: "int64", dims: [1], values: [2] },
			{ name: "zero", type: "float", dims: [], values: [0] },
		],
		nodes: [
			{ op: "Gather", inputs: ["embeddings", "input_ids"], outputs: ["vectors"] },
			{ op: "Cast", inputs: ["attention_mask"], outputs: ["mask"], attributes: { to: 1 } },
			{ op: "Cast", inputs: ["token_type_ids"], outputs: ["types"], attributes: { to: 1 } },
			{ op: "Mul", inputs: ["mask", "types"], outputs: ["hypothesis_mask"] },
			{ op: "Sub", inputs: ["mask", "hypothesis_mask"], outputs: ["premise_mask"] },
			...segment("premise", "premise_mask"),
			...segment("hypothesis", "hypothesis_mask"),
			{ op: "Mul", inputs: ["premise", "hypothesis"], outputs: ["products"] },
			{ op: "ReduceSum", inputs: ["products", "axis_1"], outputs: ["entailment"], attributes: { keepdims: 1 } },
			{ op: "Neg", inputs: ["entailment"], outputs: ["contradiction"] },
			{ op: "Mul", inputs: ["entailment", "zero"], outputs: ["neutral"] },
			{
				op: "Concat",
				inputs: ["contradiction", "neutral", "entailment"],
				outputs: ["logits"],
				attributes: { axis: 1 },
			},
		],
	};
	return bertFolder(
		tokens,
		"BertForSequenceClassification",
		{
			id2label: Object.fromEntries(NLI_LABELS.map((label, index) => [String(index), label])),
			label2id: Object.fromEntries(NLI_LABELS.map((label, index) => [label, index])),
		},
		graph,
	);
}
