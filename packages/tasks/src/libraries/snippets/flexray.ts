import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python, sh, shString } from "./common.js";

/** FleXray: anatomy segmentation of X-ray images, from Python or with the \`flexify\` CLI. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const ensemble = fileNames(model).includes("ensemble.json");
	const load = ensemble
		? `segmenter = FleXraySegmenter.from_pretrained(${pyString(model.id)})
# Or the full ensemble declared in ensemble.json:
# segmenter = FleXraySegmenter.from_pretrained(${pyString(model.id)}, ensemble=True)`
		: `segmenter = FleXraySegmenter.from_pretrained(${pyString(model.id)})`;
	return [
		python(
			`# pip install flexray
from fxr.inference import FleXraySegmenter

${load}
prediction = segmenter.predict("image.png")

print(prediction.masks.shape)  # one channel per anatomical label
print(segmenter.label_names)`,
			"Segment an X-ray in Python",
		),
		sh(
			`pip install flexray
flexify --model-id ${shString(model.id)} --input ./image.png --output-dir ./predictions`,
			"Segment an X-ray from the command line",
		),
	];
}
