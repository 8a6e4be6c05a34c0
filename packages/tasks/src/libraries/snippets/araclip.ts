import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, pyValue } from "./common.js";

/** Our own Arabic labels: "a cat", "a dog", "a horse". */
const DEFAULT_LABELS = ["قطة", "كلب", "حصان"];

/** The widget's candidate labels ("a, b, c"), or ours. */
function labels(model: ModelData): string[] {
	const given = model.widgetData?.find((example) => typeof example.candidate_labels === "string")?.candidate_labels;
	const split = (given ?? "")
		.split(",")
		.map((label) => label.trim())
		.filter((label) => label.length > 0);
	return split.length >= 2 ? split : DEFAULT_LABELS;
}

/** AraClip: embed an image and Arabic labels, and pick the closest label. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`import numpy as np
from araclip import AraClip
from PIL import Image

model = AraClip.from_pretrained(${pyString(model.id)})

labels = ${pyValue(labels(model))}
image_features = model.embed(image=Image.open("image.jpg"))
text_features = np.stack([model.embed(text=label) for label in labels])
print(labels[int(np.argmax(text_features @ image_features))])`,
		),
	];
}
