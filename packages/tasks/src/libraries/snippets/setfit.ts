import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** SetFit: few-shot sentence-transformer classifiers. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# pip install setfit
from setfit import SetFitModel

model = SetFitModel.from_pretrained(${pyString(model.id)})
predictions = model.predict([${pyString(sampleText(model, model.pipeline_tag ?? "text-classification"))}])
print(predictions)`,
		),
	];
}
