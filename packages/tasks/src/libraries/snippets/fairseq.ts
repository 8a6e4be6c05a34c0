import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { hasTag, pyString, python, sampleText } from "./common.js";

/** fairseq: load the checkpoint from the Hub; text-to-speech models also speak a sentence. */
export function snippets(model: ModelData): LibrarySnippet[] {
	if (model.pipeline_tag === "text-to-speech" || hasTag(model, "text-to-speech")) {
		const text = sampleText(model, "text-to-speech");
		return [
			python(
				`import soundfile as sf
from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub
from fairseq.models.text_to_speech.hub_interface import TTSHubInterface

models, cfg, task = load_model_ensemble_and_task_from_hf_hub(
    ${pyString(model.id)},
    arg_overrides={"vocoder": "hifigan", "fp16": False},
)
model = models[0]
TTSHubInterface.update_cfg_with_data_cfg(cfg, task.data_cfg)
generator = task.build_generator([model], cfg)

sample = TTSHubInterface.get_model_input(task, ${pyString(text)})
wav, rate = TTSHubInterface.get_prediction(task, model, generator, sample)
# The vocoder fixes the sample rate: write at the rate it returns.
sf.write("speech.wav", wav.numpy(), rate)`,
				"Text-to-speech",
			),
		];
	}
	return [
		python(
			`from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub

models, cfg, task = load_model_ensemble_and_task_from_hf_hub(${pyString(model.id)})
model = models[0]
model.eval()`,
		),
	];
}
