import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, pyValue } from "./common.js";

/** Candidate labels for zero-shot classification: the widget's, or our own. */
function labels(model: ModelData): string[] {
	const fromWidget = model.widgetData
		?.find((example) => typeof example.candidate_labels === "string")
		?.candidate_labels?.split(",")
		.map((label) => label.trim())
		.filter((label) => label.length > 0);
	return fromWidget && fromWidget.length > 0 ? fromWidget : ["a photo of a cat", "a photo of a dog", "a diagram"];
}

/** OpenCLIP: load the model and transforms from the Hub, then classify an image zero-shot. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const hubName = pyString(`hf-hub:${model.id}`);
	return [
		python(
			`import open_clip
import torch
from PIL import Image

model, _, preprocess = open_clip.create_model_and_transforms(${hubName})
tokenizer = open_clip.get_tokenizer(${hubName})
model.eval()

labels = ${pyValue(labels(model))}
image = preprocess(Image.open("image.jpg")).unsqueeze(0)
text = tokenizer(labels)

with torch.no_grad():
    image_features = model.encode_image(image)
    text_features = model.encode_text(text)
    image_features /= image_features.norm(dim=-1, keepdim=True)
    text_features /= text_features.norm(dim=-1, keepdim=True)
    probs = (100.0 * image_features @ text_features.T).softmax(dim=-1)

print(dict(zip(labels, probs[0].tolist())))`,
		),
	];
}
