import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python } from "./common.js";

/** FlexTab: fetch the checkpoint; FlexTab's own code (SAP-samples/flextab) builds the model from it. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const checkpoint = fileNames(model).find((name) => name.toLowerCase().endsWith(".pt"));
	const download = checkpoint
		? `from huggingface_hub import hf_hub_download

checkpoint_path = hf_hub_download(${pyString(model.id)}, ${pyString(checkpoint)})`
		: `from huggingface_hub import snapshot_download

checkpoint_dir = snapshot_download(${pyString(model.id)})`;
	return [
		python(
			`# FlexTab: https://github.com/SAP-samples/flextab
${download}
# Load the downloaded checkpoint with FlexTab's model code (see the repository's README).`,
		),
	];
}
