import { describe, expect, it } from "vitest";
import { readReference } from "../test/reference.js";
import {
	findNearestQuantType,
	GGMLFileQuantizationType,
	GGMLQuantizationType,
	GGUF_QUANT_ORDER,
	parseGGUFQuantLabel,
} from "./gguf.js";

const reference = readReference("gguf.json")["0.21.54"];

function enumEntries(enumObject: Record<string, string | number>): Record<string, number> {
	return Object.fromEntries(Object.entries(enumObject).filter(([, value]) => typeof value === "number")) as Record<
		string,
		number
	>;
}

describe("GGUF quantisation types", () => {
	it("match the format's numbering", () => {
		expect(enumEntries(GGMLQuantizationType)).toEqual(reference.GGMLQuantizationType);
		expect(GGMLQuantizationType.F32).toBe(0);
		expect(GGMLQuantizationType.BF16).toBe(30);
		expect(enumEntries(GGMLFileQuantizationType)).toEqual(reference.GGMLFileQuantizationType);
	});

	it("orders file types from best to most compressed", () => {
		expect(GGUF_QUANT_ORDER).toEqual(reference.GGUF_QUANT_ORDER_numbers);
		expect(new Set(GGUF_QUANT_ORDER).size).toBe(GGUF_QUANT_ORDER.length);
	});
});

describe("parseGGUFQuantLabel", () => {
	const examples = Object.entries(reference.parseGGUFQuantLabelExamples) as [string, string | null][];
	it.each(examples)("%s → %s", (filename, label) => {
		expect(parseGGUFQuantLabel(filename)).toBe(label ?? undefined);
	});

	it("reads labels inside folders and shards", () => {
		expect(parseGGUFQuantLabel("Q8_0/model-Q8_0-00002-of-00003.gguf")).toBe("Q8_0");
		expect(parseGGUFQuantLabel("")).toBeUndefined();
	});
});

describe("findNearestQuantType", () => {
	const parse = (name: string) => GGMLFileQuantizationType[name as keyof typeof GGMLFileQuantizationType];
	const examples = Object.entries(reference.findNearestQuantTypeExamples) as [string, string][];
	it.each(examples)("%s → %s", (question, answer) => {
		const [, wanted, list] = question.match(/^(\S+) in \[(.*)\]$/) ?? [];
		const available = (list ?? "").split(",").map(parse);
		expect(findNearestQuantType(parse(wanted ?? ""), available)).toBe(parse(answer));
	});

	it("returns undefined when nothing is available", () => {
		expect(findNearestQuantType(GGMLFileQuantizationType.Q4_K_M, [])).toBeUndefined();
	});
});
