import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { hasTag, pyString, python, sh, shString } from "./common.js";

/** Moshi: the MLX builds run with moshi_mlx, the others with the PyTorch package (server or Python API). */
export function snippets(model: ModelData): LibrarySnippet[] {
	const id = model.id.toLowerCase();
	if (hasTag(model, "mlx") || id.includes("-mlx")) {
		const quantize = /-q4(\b|$)/.test(id) ? " -q 4" : /-q8(\b|$)/.test(id) ? " -q 8" : "";
		return [sh(`pip install moshi_mlx\npython -m moshi_mlx.local_web${quantize} --hf-repo ${shString(model.id)}`)];
	}
	return [
		sh(`pip install moshi\npython -m moshi.server --hf-repo ${shString(model.id)}`, "Talk to it in the browser"),
		python(
			`from moshi.models import loaders

checkpoint = loaders.CheckpointInfo.from_hf_repo(${pyString(model.id)})
mimi = checkpoint.get_mimi(device="cuda")
moshi = checkpoint.get_moshi(device="cuda")`,
			"Load the models in Python",
		),
	];
}
