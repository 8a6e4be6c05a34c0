import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** GLiNER: zero-shot named entities for labels chosen at call time. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const text = sampleText(model, "token-classification");
	return [
		python(
			`from gliner import GLiNER

model = GLiNER.from_pretrained(${pyString(model.id)})
text = ${pyString(text)}
labels = ["person", "location", "organization"]
entities = model.predict_entities(text, labels, threshold=0.5)
for entity in entities:
    print(entity["text"], "=>", entity["label"])`,
		),
	];
}
