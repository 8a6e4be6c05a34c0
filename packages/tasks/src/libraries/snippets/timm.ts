import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** timm: create the model from the Hub and classify one image. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`import timm
import torch
from PIL import Image

model = timm.create_model(${pyString(`hf-hub:${model.id}`)}, pretrained=True)
model.eval()

config = timm.data.resolve_model_data_config(model)
transform = timm.data.create_transform(**config, is_training=False)

image = Image.open("image.jpg").convert("RGB")
with torch.no_grad():
    output = model(transform(image).unsqueeze(0))

probabilities, indices = output.softmax(dim=-1).topk(5)
print(probabilities, indices)`,
		),
	];
}
