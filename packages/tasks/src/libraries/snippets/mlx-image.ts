import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** mlx-image: the architecture name is the repository name without its "-mlxim" suffix. */
function architecture(model: ModelData): string {
	const name = model.id.split("/").pop() ?? model.id;
	return name.replace(/-mlxim$/, "") || name;
}

/** mlx-image: build the architecture and load this repository's weights into it. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`import mlx.core as mx
from huggingface_hub import hf_hub_download
from mlxim.model import create_model

weights = hf_hub_download(repo_id=${pyString(model.id)}, filename="model.safetensors")
model = create_model(${pyString(architecture(model))}, weights=weights)
model.eval()

# A batch of one 224x224 RGB image (MLX uses channels-last)
logits = model(mx.random.normal((1, 224, 224, 3)))
print(logits.shape)`,
		),
	];
}
