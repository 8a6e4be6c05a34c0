import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

const DEFAULT_TEXT = "Welcome aboard. The next stop is Central Station.";

/** VibeVoice: speak a one-speaker script in the voice of a reference recording. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const text =
		model.widgetData?.find((example) => typeof example.text === "string" && example.text)?.text ?? DEFAULT_TEXT;
	const repo = pyString(model.id);
	return [
		python(
			`import torch
from vibevoice.modular.modeling_vibevoice_inference import VibeVoiceForConditionalGenerationInference
from vibevoice.processor.vibevoice_processor import VibeVoiceProcessor

processor = VibeVoiceProcessor.from_pretrained(${repo})
model = VibeVoiceForConditionalGenerationInference.from_pretrained(${repo}, torch_dtype=torch.bfloat16, device_map="cuda")
model.eval()

script = ${pyString(`Speaker 1: ${text}`)}
inputs = processor(
    text=[script],
    voice_samples=[["speaker_1.wav"]],  # a short recording of the voice to use
    padding=True,
    return_tensors="pt",
    return_attention_mask=True,
)
inputs = {key: value.to("cuda") if torch.is_tensor(value) else value for key, value in inputs.items()}

outputs = model.generate(**inputs, cfg_scale=1.3, tokenizer=processor.tokenizer)
# save_audio writes the WAV at the model's own 24000 Hz rate
processor.save_audio(outputs.speech_outputs[0], output_path="output.wav")`,
		),
	];
}
