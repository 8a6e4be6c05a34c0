import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python } from "./common.js";

/** VideoPrism configuration name for a repository, from its name (our fixed set). */
function configuration(model: ModelData): { name: string; videoText: boolean } {
	const id = model.id.toLowerCase();
	const videoText = id.includes("lvt");
	const size = id.includes("large") ? "large" : "base";
	return { name: `videoprism_${videoText ? "lvt_" : ""}public_v1_${size}`, videoText };
}

/** VideoPrism (JAX/Flax): build the encoder and load this repository's weights. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const { name, videoText } = configuration(model);
	const npz = fileNames(model).find((file) => file.toLowerCase().endsWith(".npz"));
	const weights = npz
		? `checkpoint = hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(npz)})
loaded_state = vp.load_pretrained_weights(model_name, checkpoint_path=checkpoint)`
		: `loaded_state = vp.load_pretrained_weights(model_name)`;
	const forward = videoText
		? `text_tokenizer = vp.load_text_tokenizer("c4_en")
text_ids, text_paddings = vp.tokenize_texts(text_tokenizer, ["a person playing the guitar"])

video = jnp.zeros((1, 16, 288, 288, 3))  # [batch, frames, height, width, RGB in 0..1]
video_embeddings, text_embeddings, _ = flax_model.apply(loaded_state, video, text_ids, text_paddings, train=False)`
		: `video = jnp.zeros((1, 16, 288, 288, 3))  # [batch, frames, height, width, RGB in 0..1]
embeddings, _ = flax_model.apply(loaded_state, video, train=False)`;
	return [
		python(
			`# pip install git+https://github.com/google-deepmind/videoprism.git
import jax.numpy as jnp${npz ? "\nfrom huggingface_hub import hf_hub_download" : ""}
from videoprism import models as vp

model_name = ${pyString(name)}
flax_model = vp.get_model(model_name)
${weights}

${forward}`,
		),
	];
}
