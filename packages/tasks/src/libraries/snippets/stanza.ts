import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, pyString, python, sampleText } from "./common.js";

/** The language code of a Stanza model: from a "stanza-<code>" repository name, else the card. */
function language(model: ModelData): string | undefined {
	const name = model.id.split("/").pop() ?? "";
	const fromName = /^stanza-([a-z]{2,3}(?:-[a-z]{4})?)$/i.exec(name)?.[1];
	if (fromName) return fromName;
	const card = model.cardData?.language;
	const first = Array.isArray(card) ? card[0] : card;
	return typeof first === "string" && first.length > 0 ? first : undefined;
}

/** Stanza: download the language's models and run the default pipeline. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const lang = language(model);
	if (!lang) {
		return [explain("Type of model unknown")];
	}
	return [
		python(
			`# pip install stanza
import stanza

stanza.download(${pyString(lang)})
nlp = stanza.Pipeline(${pyString(lang)})
doc = nlp(${pyString(sampleText(model))})
print(doc)`,
		),
	];
}
