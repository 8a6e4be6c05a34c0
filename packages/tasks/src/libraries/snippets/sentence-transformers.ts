import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { hasTag, pyString, python, pyValue, sampleSentences } from "./common.js";

/** sentence-transformers: embed a few sentences and compare them. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const remote = hasTag(model, "custom_code") ? ", trust_remote_code=True" : "";
	const sentences = sampleSentences(model);
	return [
		python(
			`from sentence_transformers import SentenceTransformer

model = SentenceTransformer(${pyString(model.id)}${remote})

sentences = ${pyValue(sentences)}
embeddings = model.encode(sentences)

similarities = model.similarity(embeddings, embeddings)
print(similarities.shape)  # [${sentences.length}, ${sentences.length}]`,
		),
	];
}
