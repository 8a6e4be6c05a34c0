import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, pyString, python } from "./common.js";

/** Scikit-learn: download the model file named in config.json and load it with skops or joblib. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const file = model.config?.sklearn?.model?.file;
	if (typeof file !== "string" || file.length === 0) {
		return [explain("Model filename not specified in config.json")];
	}
	const download = `hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(file)})`;
	if (model.config?.sklearn?.model_format === "skops") {
		return [
			python(
				`from huggingface_hub import hf_hub_download
from skops.io import get_untrusted_types, load

path = ${download}
# Check these types before trusting them: loading may instantiate them.
untrusted_types = get_untrusted_types(file=path)
model = load(path, trusted=untrusted_types)`,
			),
		];
	}
	return [
		python(
			`import joblib
from huggingface_hub import hf_hub_download

# Unpickling can run arbitrary code: only load files from authors you trust.
model = joblib.load(${download})`,
		),
	];
}
