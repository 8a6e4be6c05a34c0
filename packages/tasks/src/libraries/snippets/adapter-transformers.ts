import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** Adapters: load the base model, then the adapter from this repository on top of it. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const base = model.config?.adapter_transformers?.model_name;
	const loadBase = base
		? `model = AutoAdapterModel.from_pretrained(${pyString(base)})`
		: `# The adapter's config names no base model: put the one it was trained on here.\nmodel = AutoAdapterModel.from_pretrained("FacebookAI/roberta-base")`;
	return [
		python(
			`from adapters import AutoAdapterModel

${loadBase}
adapter_name = model.load_adapter(${pyString(model.id)}, set_active=True)`,
		),
	];
}
