import { describe, expect, it } from "vitest";
import { snippets } from "./transformers-js.js";

describe("transformers.js snippets", () => {
	it("use the model's pipeline task on a sample text, as an ES module", () => {
		const [snippet] = snippets({ id: "Xenova/sst2", pipeline_tag: "text-classification" });
		expect(snippet?.language).toBe("js");
		expect(snippet?.content).toContain('import { pipeline } from "@huggingface/transformers";');
		expect(snippet?.content).toContain('await pipeline("text-classification", "Xenova/sst2")');
		expect(snippet?.content).toContain('"This update made the app so much faster, thank you!"');
	});

	it("prefer the widget text", () => {
		const content =
			snippets({ id: "Xenova/gpt2", pipeline_tag: "text-generation", widgetData: [{ text: "Once upon" }] })[0]
				?.content ?? "";
		expect(content).toContain('await pipe("Once upon"');
	});

	it("fall back to AutoModel with a fixed comment when no pipeline covers the task", () => {
		for (const model of [{ id: "org/x" }, { id: "org/x", pipeline_tag: "time-series-forecasting" as const }]) {
			const content = snippets(model)[0]?.content ?? "";
			expect(content.startsWith("// ")).toBe(true);
			expect(content).toContain('import { AutoModel } from "@huggingface/transformers";');
			expect(content).toContain('await AutoModel.from_pretrained("org/x")');
		}
	});
});
