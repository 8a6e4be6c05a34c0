import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** Mobilint: NPU-quantized transformers models behind the familiar pipeline API (needs a Mobilint NPU). */
export function snippets(model: ModelData): LibrarySnippet[] {
	const id = pyString(model.id);
	if (model.pipeline_tag === "text-generation") {
		return [
			python(
				`# pip install "mblt-model-zoo[transformers]"
from mblt_model_zoo.transformers import pipeline

pipe = pipeline("text-generation", model=${id})
messages = [{"role": "user", "content": ${pyString(sampleText(model))}}]
print(pipe(messages, max_new_tokens=128))`,
			),
		];
	}
	if (model.pipeline_tag) {
		return [
			python(
				`# pip install "mblt-model-zoo[transformers]"
from mblt_model_zoo.transformers import pipeline

pipe = pipeline(${pyString(model.pipeline_tag)}, model=${id})`,
			),
		];
	}
	return [
		python(
			`# pip install "mblt-model-zoo[transformers]"
from mblt_model_zoo.transformers import AutoModel

model = AutoModel.from_pretrained(${id})`,
		),
	];
}
