import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** TensorFlowTTS: vocoders (MelGAN, HiFi-GAN …) turn mel spectrograms into audio; text-to-mel models come with a processor. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const id = pyString(model.id);
	if (/melgan|hifigan|hifi-gan|vocoder/i.test(model.id)) {
		return [
			python(
				`from tensorflow_tts.inference import TFAutoModel

vocoder = TFAutoModel.from_pretrained(${id})
# audio = vocoder.inference(mel_spectrogram)[0, :, 0]`,
			),
		];
	}
	const text = sampleText(model, model.pipeline_tag ?? "text-to-speech");
	return [
		python(
			`from tensorflow_tts.inference import AutoProcessor, TFAutoModel

processor = AutoProcessor.from_pretrained(${id})
model = TFAutoModel.from_pretrained(${id})
input_ids = processor.text_to_sequence(${pyString(text)})
# Pass input_ids to model.inference(...) for a mel spectrogram, then a vocoder for audio.`,
		),
	];
}
