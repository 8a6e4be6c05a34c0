import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, pyValue, sampleSentences } from "./common.js";

/** Model2Vec: static embeddings for a few sentences. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`from model2vec import StaticModel

model = StaticModel.from_pretrained(${pyString(model.id)})

sentences = ${pyValue(sampleSentences(model))}
embeddings = model.encode(sentences)
print(embeddings.shape)`,
		),
	];
}
