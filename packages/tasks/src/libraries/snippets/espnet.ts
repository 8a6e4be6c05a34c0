import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, hasTag, pyString, python, sampleText } from "./common.js";

const TTS = "text-to-speech";
const ASR = "automatic-speech-recognition";

function textToSpeech(model: ModelData): LibrarySnippet {
	const text = sampleText(model, TTS);
	return python(
		`import soundfile as sf
from espnet2.bin.tts_inference import Text2Speech

text2speech = Text2Speech.from_pretrained(${pyString(model.id)})

speech = text2speech(${pyString(text)})["wav"]
# ESPnet fixes the sample rate of each model: write at text2speech.fs.
sf.write("speech.wav", speech.numpy(), text2speech.fs)`,
		"Text-to-speech",
	);
}

function speechRecognition(model: ModelData): LibrarySnippet {
	return python(
		`import soundfile as sf
from espnet2.bin.asr_inference import Speech2Text

speech2text = Speech2Text.from_pretrained(${pyString(model.id)})

speech, rate = sf.read("speech.wav")
text, *_ = speech2text(speech)[0]
print(text)`,
		"Speech recognition",
	);
}

/** ESPnet: text-to-speech or speech recognition, chosen by the model's task. */
export function snippets(model: ModelData): LibrarySnippet[] {
	if (model.pipeline_tag === TTS) return [textToSpeech(model)];
	if (model.pipeline_tag === ASR) return [speechRecognition(model)];
	const out: LibrarySnippet[] = [];
	if (hasTag(model, TTS)) out.push(textToSpeech(model));
	if (hasTag(model, ASR)) out.push(speechRecognition(model));
	if (out.length > 0) return out;
	return [explain("Unknown model type: ESPnet snippets cover text-to-speech and automatic-speech-recognition models.")];
}
