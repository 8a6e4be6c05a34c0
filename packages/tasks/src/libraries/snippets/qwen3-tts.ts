import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

// Reference clip and transcript published with Qwen3-TTS, for the voice-cloning (Base) checkpoints.
const REFERENCE_AUDIO = "https://qianwen-res.oss-cn-beijing.aliyuncs.com/Qwen3-TTS-Repo/clone.wav";
const REFERENCE_TEXT =
	"Okay. Yeah. I resent you. I love you. I respect you. But you know what? You blew it! And thanks to you.";

/** Qwen3-TTS: the generation call depends on the checkpoint kind (custom voice, voice design, base/clone). */
export function snippets(model: ModelData): LibrarySnippet[] {
	const text = pyString(sampleText(model, model.pipeline_tag ?? "text-to-speech"));
	let call: string;
	if (/voicedesign/i.test(model.id)) {
		call = `wavs, sr = model.generate_voice_design(
    text=${text},
    language="English",
    instruct="A warm, calm female voice speaking at a relaxed pace.",
)`;
	} else if (/-base\b/i.test(model.id)) {
		call = `wavs, sr = model.generate_voice_clone(
    text=${text},
    language="English",
    ref_audio=${pyString(REFERENCE_AUDIO)},
    ref_text=${pyString(REFERENCE_TEXT)},
)`;
	} else {
		call = `wavs, sr = model.generate_custom_voice(text=${text}, language="English", speaker="Ryan")`;
	}
	return [
		python(
			`import soundfile as sf
import torch
from qwen_tts import Qwen3TTSModel

model = Qwen3TTSModel.from_pretrained(${pyString(model.id)}, device_map="cuda:0", dtype=torch.bfloat16)
${call}
sf.write("output.wav", wavs[0], sr)  # sr: the model's own sampling rate`,
		),
	];
}
