/**
 * The classifier files this hub writes, run by the transformers.js engine in
 * this thread: the logits must be the arithmetic the graph stands for, padding
 * and all, and the scores what the request asks for.
 */
import { describe, expect, it } from "vitest";
import { memoryModelFiles } from "./memory-files.js";
import { pooledClassifierFiles } from "./pooled-classifier.js";
import { transformersEngine } from "./transformers-engine.js";

const engine = transformersEngine("text-classification");

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

type Ranked = { label: string; score: number }[];

async function classify(body: unknown): Promise<Ranked[]> {
	const model = await engine.load(memoryModelFiles("test/pooled", files), () => undefined);
	try {
		return (await engine.run(model, engine.parseRequest(body))) as Ranked[];
	} finally {
		await engine.release(model);
	}
}

describe("a pooled classifier written by the hub, run by transformers.js", () => {
	it("computes mean(word vectors) · weights + bias over the unmasked tokens of each row", async () => {
		// "up up down": [CLS] up up down [SEP] → mean [0.4, 0.2] → logits [1.3, -0.3].
		// "down" is padded to the same width; the pads must not count: mean [0, 1/3] → [0.5, 0.5].
		const [first, second] = await classify({
			inputs: ["up up down", "down"],
			parameters: { function_to_apply: "none" },
		});
		expect(first?.map((item) => item.label)).toEqual(["A", "B"]);
		expect(first?.[0]?.score).toBeCloseTo(1.3, 5);
		expect(first?.[1]?.score).toBeCloseTo(-0.3, 5);
		expect(second?.[0]?.score).toBeCloseTo(0.5, 5);
		expect(second?.[1]?.score).toBeCloseTo(0.5, 5);
	});

	it("softmax by default, sigmoid on request, and top_k", async () => {
		const [softmax] = await classify({ inputs: "up up down" });
		expect(softmax?.[0]?.score).toBeCloseTo(1 / (1 + Math.exp(-1.6)), 5);
		expect((softmax?.[0]?.score ?? 0) + (softmax?.[1]?.score ?? 0)).toBeCloseTo(1, 10);
		const [sigmoid] = await classify({
			inputs: ["up up down"],
			parameters: { function_to_apply: "sigmoid", top_k: 1 },
		});
		expect(sigmoid).toHaveLength(1);
		expect(sigmoid?.[0]).toEqual({ label: "A", score: expect.closeTo(1 / (1 + Math.exp(-1.3)), 5) });
	});

	it("refuses malformed requests with the reason", () => {
		const parse = (body: unknown) => () => engine.parseRequest(body);
		expect(parse([])).toThrow(/JSON object/);
		expect(parse({ inputs: 3 })).toThrow(/string or a non-empty array/);
		expect(parse({ inputs: [] })).toThrow(/non-empty/);
		expect(parse({ inputs: Array(65).fill("x") })).toThrow(/At most 64/);
		expect(parse({ inputs: "x".repeat(1_000_001) })).toThrow(/too long/);
		expect(parse({ inputs: "x", parameters: { top_k: 0 } })).toThrow(/top_k/);
		expect(parse({ inputs: "x", parameters: { function_to_apply: "exp" } })).toThrow(/function_to_apply/);
	});
});
