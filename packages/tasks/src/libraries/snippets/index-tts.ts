import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** IndexTTS 2 checkpoints load with their own class. */
function isVersion2(model: ModelData): boolean {
	return /tts-?2(?![.\d])/i.test(model.id);
}

/** IndexTTS: zero-shot voice cloning from a reference recording; the library writes the WAV itself. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const text = pyString(sampleText(model, "text-to-speech"));
	const download = `model_dir = snapshot_download(${pyString(model.id)}, local_dir="checkpoints")`;
	if (isVersion2(model)) {
		return [
			python(
				`from huggingface_hub import snapshot_download
from indextts.infer_v2 import IndexTTS2

${download}
tts = IndexTTS2(cfg_path=model_dir + "/config.yaml", model_dir=model_dir)
# reference.wav: a short recording of the voice to clone
tts.infer(spk_audio_prompt="reference.wav", text=${text}, output_path="speech.wav")`,
			),
		];
	}
	return [
		python(
			`from huggingface_hub import snapshot_download
from indextts.infer import IndexTTS

${download}
tts = IndexTTS(model_dir=model_dir, cfg_path=model_dir + "/config.yaml")
# reference.wav: a short recording of the voice to clone
tts.infer("reference.wav", ${text}, "speech.wav")`,
		),
	];
}
