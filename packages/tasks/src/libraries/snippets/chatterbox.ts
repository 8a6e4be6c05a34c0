import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** Chatterbox: load the checkpoint files of this repository and speak a sentence; the model sets its own sample rate. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`import torch
import torchaudio
from chatterbox.tts import ChatterboxTTS
from huggingface_hub import snapshot_download

device = "cuda" if torch.cuda.is_available() else "cpu"
checkpoint_dir = snapshot_download(repo_id=${pyString(model.id)})
model = ChatterboxTTS.from_local(checkpoint_dir, device=device)

wav = model.generate(${pyString(sampleText(model, "text-to-speech"))})
torchaudio.save("speech.wav", wav, model.sr)`,
		),
	];
}
