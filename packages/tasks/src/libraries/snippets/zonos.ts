import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** Zonos: clone a voice from a short recording and speak a sentence; the autoencoder sets the sample rate. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`import torchaudio
from zonos.conditioning import make_cond_dict
from zonos.model import Zonos

model = Zonos.from_pretrained(${pyString(model.id)}, device="cuda")

# A few seconds of the voice to imitate.
wav, sampling_rate = torchaudio.load("speaker.wav")
speaker = model.make_speaker_embedding(wav, sampling_rate)

cond_dict = make_cond_dict(text=${pyString(sampleText(model, "text-to-speech"))}, speaker=speaker, language="en-us")
conditioning = model.prepare_conditioning(cond_dict)
codes = model.generate(conditioning)
wavs = model.autoencoder.decode(codes).cpu()
torchaudio.save("speech.wav", wavs[0], model.autoencoder.sampling_rate)`,
		),
	];
}
