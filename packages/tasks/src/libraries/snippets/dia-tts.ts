import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** Dia: dialogue text with [S1]/[S2] speaker tags; `save_audio` writes at Dia's own sample rate. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const sample = sampleText(model, "text-to-speech");
	const text = /^\s*\[S\d\]/.test(sample) ? sample : `[S1] ${sample}`;
	return [
		python(
			`from dia.model import Dia

model = Dia.from_pretrained(${pyString(model.id)}, compute_dtype="float16")

text = ${pyString(text)}
audio = model.generate(text)
model.save_audio("dialogue.mp3", audio)`,
		),
	];
}
