import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** Derm Foundation: a TensorFlow SavedModel that embeds skin images. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# pip install tensorflow tf-keras huggingface_hub
from io import BytesIO

import tensorflow as tf
from huggingface_hub import from_pretrained_keras
from PIL import Image

model = from_pretrained_keras(${pyString(model.id)})
infer = model.signatures["serving_default"]

buffer = BytesIO()
Image.open("skin.png").convert("RGB").save(buffer, format="PNG")
example = tf.train.Example(
    features=tf.train.Features(
        feature={"image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[buffer.getvalue()]))}
    )
)
output = infer(inputs=tf.constant([example.SerializeToString()]))
embedding = output["embedding"].numpy()
print(embedding.shape)`,
		),
	];
}
