import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** VoiceCraft: load the model from the Hub inside a clone of the VoiceCraft repository. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# Run inside a clone of https://github.com/jasonppy/VoiceCraft
from models import voicecraft

model = voicecraft.VoiceCraft.from_pretrained(${pyString(model.id)})
model.eval()
# Speech editing and zero-shot TTS: see inference_tts.ipynb and inference_speech_editing.ipynb.`,
		),
	];
}
