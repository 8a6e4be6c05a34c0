import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

const DEFAULT_PASSAGE = "The old town lies on both banks of the Vltava, which runs north through the city.";

/** AllenNLP: load the predictor from the Hub; question answering gets a passage and a question. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const load = `from allennlp.predictors.predictor import Predictor

predictor = Predictor.from_path(${pyString(`hf://${model.id}`)})`;
	if (model.pipeline_tag === "question-answering") {
		const example = model.widgetData?.find((item) => typeof item.text === "string" && typeof item.context === "string");
		const question = example?.text || "Which river runs through the old town?";
		const passage = example?.context || DEFAULT_PASSAGE;
		return [
			python(
				`${load}

prediction = predictor.predict_json({
    "passage": ${pyString(passage)},
    "question": ${pyString(question)},
})
print(prediction["best_span_str"])`,
			),
		];
	}
	return [
		python(
			`${load}

prediction = predictor.predict_json({"sentence": ${pyString(sampleText(model))}})
print(prediction)`,
		),
	];
}
