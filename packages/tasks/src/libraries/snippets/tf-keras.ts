import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** TF-Keras (Keras 2) models saved to the Hub with huggingface_hub's Keras mixin. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# pip install tensorflow tf-keras huggingface_hub
from huggingface_hub import from_pretrained_keras

model = from_pretrained_keras(${pyString(model.id)})
model.summary()`,
		),
	];
}
