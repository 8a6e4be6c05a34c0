import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, pyString, python } from "./common.js";

/** PEFT task type → [PEFT auto class, transformers auto class for the base model]. */
const TASK_CLASSES = new Map<string, [string, string]>([
	["CAUSAL_LM", ["AutoPeftModelForCausalLM", "AutoModelForCausalLM"]],
	["SEQ_2_SEQ_LM", ["AutoPeftModelForSeq2SeqLM", "AutoModelForSeq2SeqLM"]],
	["TOKEN_CLS", ["AutoPeftModelForTokenClassification", "AutoModelForTokenClassification"]],
	["SEQ_CLS", ["AutoPeftModelForSequenceClassification", "AutoModelForSequenceClassification"]],
]);

/** PEFT adapters: load with the matching AutoPeftModel class, or on top of the base model. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const base = model.config?.peft?.base_model_name_or_path;
	const taskType = model.config?.peft?.task_type;
	if (typeof base !== "string" || base.length === 0) {
		return [explain("Base model is not found.")];
	}
	const classes = typeof taskType === "string" ? TASK_CLASSES.get(taskType) : undefined;
	if (!classes) {
		return [explain("Task type is invalid.")];
	}
	const [peftClass, baseClass] = classes;
	return [
		python(
			`from peft import ${peftClass}
from transformers import AutoTokenizer

model = ${peftClass}.from_pretrained(${pyString(model.id)})
tokenizer = AutoTokenizer.from_pretrained(${pyString(base)})`,
			"Load the adapter with its base model",
		),
		python(
			`from peft import PeftModel
from transformers import ${baseClass}

base_model = ${baseClass}.from_pretrained(${pyString(base)})
model = PeftModel.from_pretrained(base_model, ${pyString(model.id)})`,
			"Load the base model, then the adapter",
		),
	];
}
