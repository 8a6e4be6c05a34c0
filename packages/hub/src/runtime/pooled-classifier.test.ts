/**
 * The ONNX files this hub writes, run by onnxruntime itself: the logits must be
 * the arithmetic the graph stands for, padding and all.
 */
import { describe, expect, it } from "vitest";
import { createSession } from "./onnx-session.js";
import { pooledClassifierFiles } from "./pooled-classifier.js";
import { type ClassifierModel, classify, parseClassificationRequest } from "./text-classification.js";
import { WordPieceTokenizer } from "./wordpiece.js";

async function loadModel(): Promise<ClassifierModel> {
	const files = pooledClassifierFiles({
		labels: ["A", "B"],
		vocabulary: ["up", "down", "flat"],
		vectors: { up: [1, 0], down: [0, 1] },
		weights: [
			[2, -1],
			[0, 3],
		],
		bias: [0.5, -0.5],
	});
	const file = (path: string) => files.find((entry) => entry.path === path)?.content;
	const onnx = file("onnx/model.onnx");
	if (!(onnx instanceof Uint8Array)) throw new Error("no ONNX bytes");
	return {
		id: "test/pooled",
		session: await createSession(onnx, "test model"),
		tokenizer: new WordPieceTokenizer(JSON.parse(String(file("tokenizer.json")))),
		labels: ["A", "B"],
		multiLabel: false,
	};
}

describe("a pooled classifier written by the hub, run by onnxruntime", () => {
	it("computes mean(word vectors) · weights + bias over the unmasked tokens of each row", async () => {
		const model = await loadModel();
		expect(model.session.inputNames).toEqual(["input_ids", "attention_mask"]);
		// "up up down": [CLS] up up down [SEP] → mean [0.4, 0.2] → logits [1.3, -0.3].
		// "down" is padded to the same width; the pads must not count: mean [0, 1/3] → [0.5, 0.5].
		const [first, second] = await classify(model, {
			inputs: ["up up down", "down"],
			topK: undefined,
			scoreFunction: "none",
		});
		expect(first?.map((item) => item.label)).toEqual(["A", "B"]);
		expect(first?.[0]?.score).toBeCloseTo(1.3, 5);
		expect(first?.[1]?.score).toBeCloseTo(-0.3, 5);
		expect(second?.[0]?.score).toBeCloseTo(0.5, 5);
		expect(second?.[1]?.score).toBeCloseTo(0.5, 5);
	});

	it("softmax by default, sigmoid on request, and top_k", async () => {
		const model = await loadModel();
		const [softmax] = await classify(model, parseClassificationRequest({ inputs: "up up down" }));
		expect(softmax?.[0]?.score).toBeCloseTo(1 / (1 + Math.exp(-1.6)), 5);
		expect((softmax?.[0]?.score ?? 0) + (softmax?.[1]?.score ?? 0)).toBeCloseTo(1, 10);
		const [sigmoid] = await classify(
			model,
			parseClassificationRequest({ inputs: ["up up down"], parameters: { function_to_apply: "sigmoid", top_k: 1 } }),
		);
		expect(sigmoid).toHaveLength(1);
		expect(sigmoid?.[0]).toEqual({ label: "A", score: expect.closeTo(1 / (1 + Math.exp(-1.3)), 5) });
	});

	it("refuses malformed requests with the reason", () => {
		expect(() => parseClassificationRequest([])).toThrow(/JSON object/);
		expect(() => parseClassificationRequest({ inputs: 3 })).toThrow(/string or a non-empty array/);
		expect(() => parseClassificationRequest({ inputs: [] })).toThrow(/non-empty/);
		expect(() => parseClassificationRequest({ inputs: Array(65).fill("x") })).toThrow(/At most 64/);
		expect(() => parseClassificationRequest({ inputs: "x".repeat(1_000_001) })).toThrow(/too long/);
		expect(() => parseClassificationRequest({ inputs: "x", parameters: { top_k: 0 } })).toThrow(/top_k/);
		expect(() => parseClassificationRequest({ inputs: "x", parameters: { function_to_apply: "exp" } })).toThrow(
			/function_to_apply/,
		);
	});
});
