import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** KittenTTS: speak a sentence; the model produces 24 kHz audio. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const text = sampleText(model, "text-to-speech");
	return [
		python(
			`import soundfile as sf
from kittentts import KittenTTS

model = KittenTTS(${pyString(model.id)})

audio = model.generate(${pyString(text)}, voice="expr-voice-2-f")
sf.write("speech.wav", audio, 24000)`,
		),
	];
}
