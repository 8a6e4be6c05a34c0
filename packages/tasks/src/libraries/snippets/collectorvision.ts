import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python } from "./common.js";

/** The catalog to load: a .npz file of the repository when it has one, else the repo's default catalog. */
function loadCatalog(model: ModelData): { imports: string; load: string } {
	const npz = fileNames(model).find((name) => name.toLowerCase().endsWith(".npz"));
	if (npz) {
		return {
			imports: "\nfrom huggingface_hub import hf_hub_download",
			load: `catalog = cvg.Catalog.load(hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(npz)}))`,
		};
	}
	return { imports: "", load: `catalog = cvg.Catalog.load(${pyString(`hf://${model.id}/scryfall-mtg`)})` };
}

/** CollectorVision: identify collectible cards from photos (ONNX, CPU). */
export function snippets(model: ModelData): LibrarySnippet[] {
	const { imports, load } = loadCatalog(model);
	const header = `# pip install git+https://github.com/HanClinto/CollectorVision.git
import collector_vision as cvg`;
	return [
		python(
			`${header}
import cv2${imports}

${load}

image = cv2.imread("photo.jpg")
detection = cvg.NeuralCornerDetector().detect(image)
crop = detection.dewarp(image)

embedding = catalog.embedder.embed(crop)
score, card_id = catalog.search(embedding, top_k=5)[0]
print(card_id, score)`,
			"Identify a card in a photo",
		),
		python(
			`${header}
from PIL import Image${imports}

${load}

crop = Image.open("crop.jpg")
hits = catalog.search(catalog.embedder.embed(crop))
print(hits[:5])`,
			"Identify an already cropped card",
		),
	];
}
