import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** Kimi-Audio: audio understanding and spoken replies (the detokenizer speaks at 24 kHz). */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# Install Kimi-Audio from https://github.com/MoonshotAI/Kimi-Audio
import soundfile as sf
from kimia_infer.api.kimia import KimiAudio

model = KimiAudio(model_path=${pyString(model.id)}, load_detokenizer=True)
sampling_params = {
    "audio_temperature": 0.8,
    "audio_top_k": 10,
    "text_temperature": 0.0,
    "text_top_k": 5,
    "audio_repetition_penalty": 1.0,
    "audio_repetition_window_size": 64,
    "text_repetition_penalty": 1.0,
    "text_repetition_window_size": 16,
}

messages = [
    {"role": "user", "message_type": "text", "content": "Please transcribe and answer the question in this recording."},
    {"role": "user", "message_type": "audio", "content": "question.wav"},
]
wav, text = model.generate(messages, **sampling_params, output_type="both")
sf.write("answer.wav", wav.detach().cpu().view(-1).numpy(), 24000)
print(text)`,
		),
	];
}
