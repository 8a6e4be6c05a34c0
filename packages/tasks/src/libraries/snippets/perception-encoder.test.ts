import { describe, expect, it } from "vitest";
import { snippets } from "./perception-encoder.js";

describe("perception-encoder snippets", () => {
	it("load known checkpoint kinds by configuration name", () => {
		expect(snippets({ id: "facebook/PE-Core-L14-336" })[0]?.content).toContain(
			'pe.CLIP.from_config("PE-Core-L14-336", pretrained=True)',
		);
		expect(snippets({ id: "facebook/PE-Spatial-G14-448" })[0]?.content).toContain(
			'pe.VisionTransformer.from_config("PE-Spatial-G14-448", pretrained=True)',
		);
	});

	it("explain unknown kinds with the generic text", () => {
		expect(snippets({ id: "someone/finetune" })).toEqual([{ language: "python", content: "# Type of model unknown" }]);
	});
});
