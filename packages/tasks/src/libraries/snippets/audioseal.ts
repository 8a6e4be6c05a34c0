import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python } from "./common.js";

/** The repository's checkpoint whose name contains `part`, or the usual file name. */
function checkpoint(model: ModelData, part: string, fallback: string): string {
	return (
		fileNames(model).find((name) => name.toLowerCase().includes(part) && name.toLowerCase().endsWith(".pth")) ??
		fallback
	);
}

/** AudioSeal: watermark one second of 16 kHz audio, then detect the watermark. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const repo = pyString(model.id);
	return [
		python(
			`import torch
from audioseal import AudioSeal
from huggingface_hub import hf_hub_download

generator = AudioSeal.load_generator(hf_hub_download(${repo}, ${pyString(checkpoint(model, "generator", "generator_base.pth"))}), nbits=16)
detector = AudioSeal.load_detector(hf_hub_download(${repo}, ${pyString(checkpoint(model, "detector", "detector_base.pth"))}), nbits=16)

# Audio as a (batch, channels, samples) tensor at the model's sample rate
sample_rate = 16000
wav = torch.randn(1, 1, sample_rate)

watermark = generator.get_watermark(wav, sample_rate)
watermarked_audio = wav + watermark

result, message = detector.detect_watermark(watermarked_audio, sample_rate)
print(result)  # probability that the audio is watermarked
print(message)  # the 16-bit message`,
		),
	];
}
