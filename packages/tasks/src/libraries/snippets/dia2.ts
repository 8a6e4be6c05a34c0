import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** Dia2: dialogue text-to-speech; the script marks speakers with [S1] / [S2]. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const text = sampleText(model, model.pipeline_tag ?? "text-to-speech");
	const script = /^\s*\[S\d\]/.test(text) ? text : `[S1] ${text}`;
	return [
		python(
			`from dia2 import Dia2, GenerationConfig, SamplingConfig

dia = Dia2.from_repo(${pyString(model.id)}, device="cuda", dtype="bfloat16")
config = GenerationConfig(cfg_scale=2.0, audio=SamplingConfig(temperature=0.8, top_k=50))
# Writes the audio at the model's own sampling rate
result = dia.generate(${pyString(script)}, config=config, output_wav="output.wav")`,
		),
	];
}
