import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

const DEFAULT_TEXT = "Amina Yusuf flew from Lagos to Montreal to join Shopify.";

/** GLiNER2: extract entities of a few types from one text. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const text =
		model.widgetData?.find((example) => typeof example.text === "string" && example.text)?.text ?? DEFAULT_TEXT;
	return [
		python(
			`from gliner2 import GLiNER2

extractor = GLiNER2.from_pretrained(${pyString(model.id)})

text = ${pyString(text)}
result = extractor.extract_entities(text, ["person", "organization", "location"])
print(result)`,
		),
	];
}
