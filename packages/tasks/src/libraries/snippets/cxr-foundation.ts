import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** CXR Foundation: TensorFlow SavedModels (image encoder and text/QFormer model) in folders of the repository. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`import os

import tensorflow as tf
import tensorflow_text  # registers the text ops the QFormer model uses
from huggingface_hub import snapshot_download

model_dir = snapshot_download(repo_id=${pyString(model.id)}, allow_patterns=["elixr-c-v2-pooled/*", "pax-elixr-b-text/*"])
image_encoder = tf.saved_model.load(os.path.join(model_dir, "elixr-c-v2-pooled"))
qformer = tf.saved_model.load(os.path.join(model_dir, "pax-elixr-b-text"))`,
		),
	];
}
