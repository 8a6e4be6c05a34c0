import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python } from "./common.js";

function pick(model: ModelData, pattern: RegExp, fallback: string): string {
	return fileNames(model).find((name) => pattern.test(name)) ?? fallback;
}

/** 3DTopia-XL: fetch the DiT and VAE weights, then run the repository's inference script on them. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const dit = pick(model, /dit[^/]*\.pt$/i, "model_sview_dit_fp16.pt");
	const vae = pick(model, /vae[^/]*\.pt$/i, "model_vae_fp16.pt");
	return [
		python(
			`# Inference code: https://github.com/3DTopia/3DTopia-XL (run this from a clone of it)
from huggingface_hub import hf_hub_download

dit_path = hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(dit)})
vae_path = hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(vae)})
# Point the checkpoint paths of configs/inference_dit.yml at these files, then run:
#   python inference.py ./configs/inference_dit.yml`,
		),
	];
}
