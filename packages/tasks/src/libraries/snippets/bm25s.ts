import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** BM25S: a sparse index (and its corpus) loaded from the Hub, queried with BM25. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`import bm25s
from bm25s.hf import BM25HF

retriever = BM25HF.load_from_hub(${pyString(model.id)}, load_corpus=True)
query_tokens = bm25s.tokenize(${pyString(sampleText(model))})
results, scores = retriever.retrieve(query_tokens, k=3)
for rank in range(results.shape[1]):
    print(rank + 1, scores[0, rank], results[0, rank])`,
		),
	];
}
