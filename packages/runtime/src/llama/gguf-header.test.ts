import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GGMLQuantizationType } from "@hubkit/tasks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readGgufHeader } from "./gguf-header.js";
import { writeGguf } from "./gguf-writer.js";

describe("readGgufHeader", () => {
	let directory = "";
	let bytes: Uint8Array = new Uint8Array(0);
	beforeAll(async () => {
		directory = await mkdtemp(join(tmpdir(), "gguf-header-"));
		const path = join(directory, "m.gguf");
		await writeGguf(
			path,
			{
				"general.architecture": { type: "string", value: "llama" },
				"llama.context_length": { type: "uint32", value: 512 },
				"general.big": { type: "uint64", value: 5_000_000_000n },
				"tokenizer.ggml.tokens": { type: "array", items: "string", value: ["<s>", "</s>"] },
				"tokenizer.ggml.scores": { type: "array", items: "float32", value: [0, 1] },
				"general.flag": { type: "bool", value: true },
			},
			[{ name: "w", shape: [4, 2], type: GGMLQuantizationType.F16, fill: (out) => out.fill(0) }],
		);
		bytes = await readFile(path);
	});
	afterAll(async () => {
		await rm(directory, { recursive: true, force: true });
	});

	it("reads the metadata, the token texts and the tensor descriptions, skipping other arrays", () => {
		const header = readGgufHeader(bytes);
		if (header === "more" || "problem" in header) throw new Error(`not read: ${JSON.stringify(header)}`);
		expect(Object.fromEntries(header.metadata)).toEqual({
			"general.architecture": "llama",
			"llama.context_length": 512,
			"general.big": 5_000_000_000,
			"tokenizer.ggml.tokens": ["<s>", "</s>"],
			"general.flag": true,
		});
		expect(header.tensors).toEqual([{ name: "w", shape: [4, 2], type: GGMLQuantizationType.F16 }]);
	});

	it("asks for more bytes when the header is cut, and names what is not GGUF", () => {
		expect(readGgufHeader(bytes.subarray(0, 40))).toBe("more");
		expect(readGgufHeader(new Uint8Array(0))).toBe("more");
		expect(readGgufHeader(new TextEncoder().encode("not a gguf file at all"))).toEqual({
			problem: "it is not a GGUF file",
		});
	});
});
