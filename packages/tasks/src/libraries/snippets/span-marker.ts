import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** SpanMarker: named entities of a sentence. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`from span_marker import SpanMarkerModel

model = SpanMarkerModel.from_pretrained(${pyString(model.id)})
entities = model.predict(${pyString(sampleText(model, "token-classification"))})
print(entities)`,
		),
	];
}
