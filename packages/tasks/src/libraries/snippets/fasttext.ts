import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python, sampleText } from "./common.js";

/** fastText: the repository's .bin model, downloaded and loaded with the fasttext package. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const file = fileNames(model).find((name) => name.endsWith(".bin")) ?? "model.bin";
	const text = pyString(sampleText(model));
	let use: string;
	switch (model.pipeline_tag) {
		case "feature-extraction":
		case "sentence-similarity":
			use = `vector = model.get_sentence_vector(${text})`;
			break;
		case "text-classification":
			use = `labels, probabilities = model.predict(${text}, k=3)`;
			break;
		default:
			use = `print(model.words[:10])`;
	}
	return [
		python(
			`import fasttext
from huggingface_hub import hf_hub_download

model = fasttext.load_model(hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(file)}))
${use}`,
		),
	];
}
