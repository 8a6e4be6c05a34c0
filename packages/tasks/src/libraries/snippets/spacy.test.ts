import { describe, expect, it } from "vitest";
import { snippets } from "./spacy.js";

describe("spacy snippets", () => {
	it("install the wheel named after the repository, then spacy.load it", () => {
		const out = snippets({ id: "spacy/en_core_web_sm" });
		expect(out).toHaveLength(1);
		const content = out[0]?.content ?? "";
		expect(out[0]?.language).toBe("python");
		expect(content).toContain(
			'"install", "https://huggingface.co/spacy/en_core_web_sm/resolve/main/en_core_web_sm-any-py3-none-any.whl"',
		);
		expect(content).toContain('spacy.load("en_core_web_sm")');
		expect(content.indexOf("pip")).toBeLessThan(content.indexOf("spacy.load"));
	});

	it("use the repository's wheel file when it lists one", () => {
		const content =
			snippets({ id: "spacy/en_core_web_trf", siblings: [{ rfilename: "en_core_web_trf-3.8.0-py3-none-any.whl" }] })[0]
				?.content ?? "";
		expect(content).toContain("/resolve/main/en_core_web_trf-3.8.0-py3-none-any.whl");
		expect(content).toContain('spacy.load("en_core_web_trf")');
	});
});
