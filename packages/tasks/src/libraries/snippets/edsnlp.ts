import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** EDS-NLP: load a packaged clinical NLP pipeline from the Hub and annotate a text. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# pip install edsnlp
import edsnlp

nlp = edsnlp.load(${pyString(model.id)})
doc = nlp(${pyString(sampleText(model))})
for ent in doc.ents:
    print(ent.text, ent.label_)`,
		),
	];
}
