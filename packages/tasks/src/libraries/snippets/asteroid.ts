import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** Asteroid: a separation model loaded by repository id, run on a mixture file. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`from asteroid.models import BaseModel

model = BaseModel.from_pretrained(${pyString(model.id)})
# Writes the estimated sources next to the input (mixture_est1.wav, mixture_est2.wav, ...)
model.separate("mixture.wav")`,
		),
	];
}
