import { describe, expect, it } from "vitest";
import { pathFilter, pathPattern } from "./path-patterns.js";

describe("path patterns (fnmatch, as huggingface_hub matches allow/ignore patterns)", () => {
	it("matches * across folders, ? as one character, and sets", () => {
		expect(pathPattern("*.json").test("config.json")).toBe(true);
		expect(pathPattern("*.json").test("onnx/config.json")).toBe(true);
		expect(pathPattern("*.json").test("config.json.bak")).toBe(false);
		expect(pathPattern("model-?.bin").test("model-1.bin")).toBe(true);
		expect(pathPattern("model-?.bin").test("model-12.bin")).toBe(false);
		expect(pathPattern("part[0-2].bin").test("part1.bin")).toBe(true);
		expect(pathPattern("part[!0-2].bin").test("part1.bin")).toBe(false);
		expect(pathPattern("part[!0-2].bin").test("part7.bin")).toBe(true);
		expect(pathPattern("a.b").test("axb")).toBe(false);
		expect(pathPattern("[x").test("[x")).toBe(true);
	});

	it("takes a pattern ending in / as the folder and everything under it", () => {
		expect(pathPattern("onnx/").test("onnx/model.onnx")).toBe(true);
		expect(pathPattern("onnx/").test("onnx-old/model.onnx")).toBe(false);
	});

	it("keeps what an include matches and no exclude does", () => {
		const wanted = pathFilter(["*.json", "onnx/*"], ["tokenizer*"]);
		expect(["config.json", "tokenizer.json", "onnx/model.onnx", "README.md"].filter(wanted)).toEqual([
			"config.json",
			"onnx/model.onnx",
		]);
		expect(pathFilter([], ["*.md"])("README.md")).toBe(false);
		expect(pathFilter([], [])("anything")).toBe(true);
	});
});
