import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** Supertonic: load the ONNX models from this repository and speak a sentence at the library's own rate. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const text = sampleText(model, "text-to-speech");
	return [
		python(
			`from huggingface_hub import snapshot_download
from supertonic import TTS

tts = TTS(model_dir=snapshot_download(${pyString(model.id)}), auto_download=False)
style = tts.get_voice_style(tts.voice_style_names[0])

wav, duration = tts.synthesize(${pyString(text)}, voice_style=style)
tts.save_audio(wav, "speech.wav")  # written at tts.sample_rate, fixed by the model`,
		),
	];
}
