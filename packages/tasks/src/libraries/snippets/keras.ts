import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** Keras 3: models load straight from the Hub through an hf:// URI. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`import keras

model = keras.saving.load_model(${pyString(`hf://${model.id}`)})
model.summary()`,
		),
	];
}
