import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, hasTag, pyString, python } from "./common.js";

/** NeMo: speech recognition models only. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const isAsr = model.pipeline_tag === "automatic-speech-recognition" || hasTag(model, "automatic-speech-recognition");
	if (!isAsr) {
		return [explain("tag did not correspond to a valid NeMo domain.")];
	}
	return [
		python(
			`import nemo.collections.asr as nemo_asr

asr_model = nemo_asr.models.ASRModel.from_pretrained(${pyString(model.id)})

transcriptions = asr_model.transcribe(["sample.wav"])
print(transcriptions[0])`,
		),
	];
}
