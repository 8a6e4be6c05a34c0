import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, pyString, python, safeIdentifier, sampleText } from "./common.js";

/** Interfaces whose audio-to-audio method enhances one recording instead of separating sources. */
const ENHANCERS = new Set(["SpectralMaskEnhancement", "WaveformEnhancement"]);

/** The inference call for the model's task, or undefined when the task has none here. */
function inferenceCall(model: ModelData, interfaceName: string): string | undefined {
	switch (model.pipeline_tag) {
		case "automatic-speech-recognition":
			return `# a 16 kHz mono recording
print(model.transcribe_file("speech.wav"))`;
		case "audio-classification":
			return `out_prob, score, index, text_lab = model.classify_file("speech.wav")
print(text_lab)`;
		case "audio-to-audio":
			if (ENHANCERS.has(interfaceName)) {
				return `enhanced = model.enhance_file("noisy.wav")`;
			}
			return `est_sources = model.separate_file("mixture.wav")`;
		case "text-to-speech":
			return `mel_output, mel_length, alignment = model.encode_text(${pyString(sampleText(model))})`;
		default:
			return undefined;
	}
}

/** SpeechBrain: the `speechbrain.inference` interface named in the model's config. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const declared = model.config?.speechbrain?.interface;
	if (typeof declared !== "string" || declared.length === 0) {
		return [explain("interface not specified in config.json")];
	}
	const interfaceName = safeIdentifier(declared, "Pretrained");
	const call = inferenceCall(model, interfaceName);
	if (call === undefined) {
		return [explain("Unknown pipeline tag")];
	}
	return [
		python(
			`from speechbrain.inference import ${interfaceName}

model = ${interfaceName}.from_hparams(source=${pyString(model.id)})
${call}`,
		),
	];
}
