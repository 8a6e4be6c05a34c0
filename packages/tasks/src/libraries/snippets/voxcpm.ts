import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** VoxCPM: speak a sentence and write it at the model's own sample rate. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`import soundfile as sf
from voxcpm import VoxCPM

model = VoxCPM.from_pretrained(${pyString(model.id)})

wav = model.generate(text=${pyString(sampleText(model, "text-to-speech"))})
sf.write("speech.wav", wav, model.tts_model.sample_rate)`,
		),
	];
}
