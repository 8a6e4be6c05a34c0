import { describe, expect, it } from "vitest";
import { snippets } from "./keras-hub.js";

describe("keras-hub snippets", () => {
	it("load the preset into every known task of the config", () => {
		const out = snippets({ id: "keras/bert", config: { keras_hub: { tasks: ["TextClassifier", "MaskedLM"] } } });
		expect(out.map((snippet) => snippet.title)).toEqual(["TextClassifier", "MaskedLM"]);
		expect(out[0]?.content).toContain('keras_hub.models.TextClassifier.from_preset("hf://keras/bert")');
		expect(out[1]?.content).toContain('keras_hub.models.MaskedLM.from_preset("hf://keras/bert")');
	});

	it("fall back to the backbone without known tasks", () => {
		for (const config of [undefined, {}, { keras_hub: {} }, { keras_hub: { tasks: ["Unknown", "os.system"] } }]) {
			const out = snippets({ id: "keras/x", config });
			expect(out).toHaveLength(1);
			expect(out[0]?.content).toContain('keras_hub.models.Backbone.from_preset("hf://keras/x")');
		}
	});

	it("never emit unknown class names and quote the id", () => {
		const out = snippets({ id: 'evil/x"); boom() #', config: { keras_hub: { tasks: ['x"); boom() #', "CausalLM"] } } });
		expect(out).toHaveLength(1);
		expect(out[0]?.content).toContain('keras_hub.models.CausalLM.from_preset("hf://evil/x\\"); boom() #")');
	});
});
