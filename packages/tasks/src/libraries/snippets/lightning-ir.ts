import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { hasTag, pyString, python, pyValue, sampleSentences } from "./common.js";

function isCrossEncoder(model: ModelData): boolean {
	const type = typeof model.config?.model_type === "string" ? model.config.model_type : "";
	return (
		model.pipeline_tag === "text-ranking" ||
		hasTag(model, "cross-encoder") ||
		/cross-encoder|mono|set-encoder/i.test(type)
	);
}

/** Lightning IR: score documents against a query with a bi-encoder or a cross-encoder. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const moduleClass = isCrossEncoder(model) ? "CrossEncoderModule" : "BiEncoderModule";
	const [query, ...docs] = sampleSentences(model);
	return [
		python(
			`from lightning_ir import ${moduleClass}

model = ${moduleClass}(${pyString(model.id)})
query = ${pyString(query ?? "")}
docs = ${pyValue(docs)}
output = model.score(query, docs)
print(output.scores)`,
		),
	];
}
