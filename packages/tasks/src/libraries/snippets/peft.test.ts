import { describe, expect, it } from "vitest";
import type { ModelData } from "../../model-data.js";
import { snippets } from "./peft.js";

const adapter = (peft: { base_model_name_or_path?: string; task_type?: string }): ModelData => ({
	id: "org/adapter",
	library_name: "peft",
	config: { peft },
});

const text = (model: ModelData) => snippets(model).map((snippet) => snippet.content);

describe("peft snippets", () => {
	it.each([
		["CAUSAL_LM", "AutoPeftModelForCausalLM", "AutoModelForCausalLM"],
		["SEQ_2_SEQ_LM", "AutoPeftModelForSeq2SeqLM", "AutoModelForSeq2SeqLM"],
		["TOKEN_CLS", "AutoPeftModelForTokenClassification", "AutoModelForTokenClassification"],
		["SEQ_CLS", "AutoPeftModelForSequenceClassification", "AutoModelForSequenceClassification"],
	])("maps %s to %s", (taskType, peftClass, baseClass) => {
		const [auto, manual] = text(adapter({ base_model_name_or_path: "org/base", task_type: taskType }));
		expect(auto).toContain(`from peft import ${peftClass}`);
		expect(auto).toContain(`${peftClass}.from_pretrained("org/adapter")`);
		expect(manual).toContain(`base_model = ${baseClass}.from_pretrained("org/base")`);
		expect(manual).toContain(`PeftModel.from_pretrained(base_model, "org/adapter")`);
	});

	it("explains an unknown task type", () => {
		expect(text(adapter({ base_model_name_or_path: "org/base", task_type: "FEATURE_EXTRACTION" }))).toEqual([
			"# Task type is invalid.",
		]);
		expect(text(adapter({ base_model_name_or_path: "org/base", task_type: "constructor" }))).toEqual([
			"# Task type is invalid.",
		]);
		expect(text(adapter({ base_model_name_or_path: "org/base" }))).toEqual(["# Task type is invalid."]);
	});

	it("checks the base model first", () => {
		expect(text(adapter({ task_type: "NOT_A_TASK" }))).toEqual(["# Base model is not found."]);
		expect(text(adapter({ task_type: "CAUSAL_LM" }))).toEqual(["# Base model is not found."]);
		expect(text({ id: "org/bare" })).toEqual(["# Base model is not found."]);
	});
});
