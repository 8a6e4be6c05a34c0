import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { sh, shString } from "./common.js";

/** Sample Factory is CLI-first: download the experiment into a train_dir. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		sh(
			`python -m sample_factory.huggingface.load_from_hub -r ${shString(model.id)} -d ./train_dir
# Then run the environment's enjoy script with --train_dir=./train_dir and the downloaded experiment name.`,
			"Download the experiment",
		),
	];
}
