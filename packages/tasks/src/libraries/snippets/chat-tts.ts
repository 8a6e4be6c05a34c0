import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** ChatTTS: load the checkpoint from this repository and speak a sentence (24 kHz). */
export function snippets(model: ModelData): LibrarySnippet[] {
	const text = sampleText(model, "text-to-speech");
	return [
		python(
			`import ChatTTS
import soundfile as sf
from huggingface_hub import snapshot_download

chat = ChatTTS.Chat()
chat.load(source="custom", custom_path=snapshot_download(${pyString(model.id)}), compile=False)

wavs = chat.infer([${pyString(text)}])
sf.write("speech.wav", wavs[0].squeeze(), 24000)`,
		),
	];
}
