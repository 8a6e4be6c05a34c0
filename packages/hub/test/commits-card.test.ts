/**
 * Reading a card safely (services/repo-record.ts): front matter parsed as plain data, a
 * YAML that does not parse or that would blow up (an alias bomb, an oversized block)
 * leaves the card without metadata, tags that would build objects stay inert; the first
 * paragraph of prose; the task an architecture names; the library files imply.
 */
import { describe, expect, it } from "vitest";
import { firstParagraph, libraryOfFiles, parseCard, taskOfConfig } from "../src/services/repo-record.js";

describe("card front matter", () => {
	it("reads plain data and the body after it", () => {
		expect(parseCard("---\nlicense: mit\ntags:\n- a\n---\n# Title\n")).toEqual({
			data: { license: "mit", tags: ["a"] },
			body: "# Title\n",
		});
		expect(parseCard("# No front matter\n")).toEqual({ data: undefined, body: "# No front matter\n" });
		expect(parseCard("---\n- a list\n---\nbody").data).toBeUndefined();
	});

	it("keeps the card without metadata when the YAML is bad, explosive or too large", () => {
		expect(parseCard("---\ntags: [unclosed\n---\nbody")).toEqual({ data: undefined, body: "body" });
		const bomb = [
			"a: &a [x, x, x, x, x, x, x, x, x, x]",
			...Array.from({ length: 12 }, (_, index) => {
				const previous = index === 0 ? "a" : `l${index - 1}`;
				return `l${index}: &l${index} [*${previous}, *${previous}, *${previous}, *${previous}, *${previous}, *${previous}, *${previous}, *${previous}, *${previous}, *${previous}]`;
			}),
		].join("\n");
		expect(parseCard(`---\n${bomb}\n---\nbody`).data).toBeUndefined();
		expect(parseCard(`---\nx: "${"y".repeat(70 * 1024)}"\n---\nbody`).data).toBeUndefined();
	});

	it("leaves tags that would build objects as plain values", () => {
		const { data } = parseCard('---\nrun: !!js/function "function () { return 1 }"\nwhen: 2024-01-01\n---\n');
		expect(data).toEqual({ run: "function () { return 1 }", when: "2024-01-01" });
	});
});

describe("what the files say", () => {
	it("finds the first paragraph of prose", () => {
		expect(firstParagraph("# Title\n\n<img src=x>\n\n![logo](x.png)\n\nThe model\nclassifies text.\n\nMore.")).toBe(
			"The model classifies text.",
		);
		expect(firstParagraph("# Only a title\n")).toBeNull();
	});

	it("names the task of an architecture and the library of a layout", () => {
		expect(taskOfConfig({ architectures: ["DistilBertForSequenceClassification"] })).toBe("text-classification");
		expect(taskOfConfig({ architectures: ["WhisperForConditionalGeneration"] })).toBeUndefined();
		expect(taskOfConfig({ architectures: "LlamaForCausalLM" })).toBe("text-generation");
		expect(libraryOfFiles(["config.json", "onnx/model.onnx", "tokenizer.json"])).toBe("transformers.js");
		expect(libraryOfFiles(["config.json", "pytorch_model.bin"])).toBe("transformers");
		expect(libraryOfFiles(["model-Q4_K_M.gguf"])).toBe("gguf");
		expect(libraryOfFiles(["README.md", "data.csv"])).toBeUndefined();
	});
});
