import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python } from "./common.js";

/** Depth Pro: download the checkpoint, build the model with it and estimate metric depth. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const checkpoint = fileNames(model).find((name) => name.endsWith(".pt")) ?? "depth_pro.pt";
	return [
		python(
			`import dataclasses

import depth_pro
from depth_pro.depth_pro import DEFAULT_MONODEPTH_CONFIG_DICT
from huggingface_hub import hf_hub_download

checkpoint = hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(checkpoint)})
config = dataclasses.replace(DEFAULT_MONODEPTH_CONFIG_DICT, checkpoint_uri=checkpoint)
model, transform = depth_pro.create_model_and_transforms(config=config)
model.eval()

image, _, f_px = depth_pro.load_rgb("image.jpg")
prediction = model.infer(transform(image), f_px=f_px)
depth = prediction["depth"]  # depth in meters
focal_length_px = prediction["focallength_px"]`,
		),
	];
}
