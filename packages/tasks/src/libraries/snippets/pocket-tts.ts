import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** Pocket TTS: Kyutai's CPU-friendly text-to-speech with a built-in voice. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const text = sampleText(model, model.pipeline_tag ?? "text-to-speech");
	return [
		python(
			`import scipy.io.wavfile
from pocket_tts import TTSModel

tts_model = TTSModel.load_model()  # fetches the Pocket TTS weights from the Hub
voice_state = tts_model.get_state_for_audio_prompt("alba")
audio = tts_model.generate_audio(voice_state, ${pyString(text)})
scipy.io.wavfile.write("output.wav", tts_model.sample_rate, audio.numpy())`,
		),
	];
}
