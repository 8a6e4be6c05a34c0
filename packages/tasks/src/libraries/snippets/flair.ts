import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

const DEFAULT_SENTENCE = "Amina Yusuf flew from Lagos to Montreal to join Shopify.";

/** Flair: load the tagger or classifier and run it on one sentence. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const text =
		model.widgetData?.find((example) => typeof example.text === "string" && example.text)?.text ?? DEFAULT_SENTENCE;
	return [
		python(
			`from flair.data import Sentence
from flair.nn import Classifier

tagger = Classifier.load(${pyString(model.id)})

sentence = Sentence(${pyString(text)})
tagger.predict(sentence)
print(sentence)`,
		),
	];
}
