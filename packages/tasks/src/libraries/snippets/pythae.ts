import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** pythae: load the autoencoder and draw a few samples from its prior. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`from pythae.models import AutoModel
from pythae.samplers import NormalSampler

model = AutoModel.load_from_hf_hub(hf_hub_path=${pyString(model.id)})

sampler = NormalSampler(model=model)
samples = sampler.sample(num_samples=4)`,
		),
	];
}
