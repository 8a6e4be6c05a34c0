import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** SAM 3D Objects: download the checkpoints where the repository's code expects them, then reconstruct one object. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# Run from a clone of https://github.com/facebookresearch/sam-3d-objects
import shutil
import sys

from huggingface_hub import snapshot_download

snapshot_download(repo_id=${pyString(model.id)}, local_dir="checkpoints/hf-download")
shutil.move("checkpoints/hf-download/checkpoints", "checkpoints/hf")

sys.path.append("notebook")
from inference import Inference, load_image, load_single_mask

inference = Inference("checkpoints/hf/pipeline.yaml", compile=False)

image = load_image("path/to/image.png")
mask = load_single_mask("path/to/masks", index=0)
output = inference(image, mask, seed=42)

# Export the gaussian splat
output["gs"].save_ply("splat.ply")`,
		),
	];
}
