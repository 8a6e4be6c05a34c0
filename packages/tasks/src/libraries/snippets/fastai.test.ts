import { describe, expect, it } from "vitest";
import { snippets } from "./fastai.js";

describe("fastai snippets", () => {
	it("load with huggingface_hub's from_pretrained_fastai", () => {
		const [snippet] = snippets({ id: "a/b" });
		expect(snippet?.content).toContain("from huggingface_hub import from_pretrained_fastai");
		expect(snippet?.content).toContain('from_pretrained_fastai("a/b")');
	});
});
