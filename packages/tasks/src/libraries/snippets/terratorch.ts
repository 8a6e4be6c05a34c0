import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, fileNames, pyString, python } from "./common.js";

/** TerraTorch: a fine-tuned model is a Lightning config plus a checkpoint; build it for inference from both. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const files = fileNames(model);
	const config = files.find((name) => name.endsWith(".yaml") || name.endsWith(".yml"));
	const checkpoint = files.find((name) => name.endsWith(".ckpt")) ?? files.find((name) => name.endsWith(".pt"));
	if (!config || !checkpoint) {
		return [explain("The repository has no TerraTorch config and checkpoint to load.")];
	}
	const repo = pyString(model.id);
	return [
		python(
			`from huggingface_hub import hf_hub_download
from terratorch.cli_tools import LightningInferenceModel

config_path = hf_hub_download(repo_id=${repo}, filename=${pyString(config)})
checkpoint_path = hf_hub_download(repo_id=${repo}, filename=${pyString(checkpoint)})

model = LightningInferenceModel.from_config(config_path, checkpoint_path)`,
		),
	];
}
