import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { hasTag, pyString, python } from "./common.js";

/** pyannote.audio: pipelines (diarization …) apply to a file; bare models run through Inference. */
export function snippets(model: ModelData): LibrarySnippet[] {
	if (hasTag(model, "pyannote-audio-model") && !hasTag(model, "pyannote-audio-pipeline")) {
		return [
			python(
				`from pyannote.audio import Inference, Model

model = Model.from_pretrained(${pyString(model.id)})
inference = Inference(model)

output = inference("audio.wav")
print(output)`,
				"Model",
			),
		];
	}
	return [
		python(
			`from pyannote.audio import Pipeline

# Gated pipelines: accept the conditions on the Hub and log in first (hf auth login).
pipeline = Pipeline.from_pretrained(${pyString(model.id)})

output = pipeline("audio.wav")
print(output)`,
			"Pipeline",
		),
	];
}
