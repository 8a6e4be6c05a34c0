import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python } from "./common.js";

/** SAELens: each SAE of the repository lives in a folder (its sae_id) holding a cfg.json. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const saeIds = fileNames(model)
		.filter((name) => name.endsWith("/cfg.json"))
		.map((name) => name.slice(0, -"/cfg.json".length));
	const saeId = saeIds[0] ? pyString(saeIds[0]) : `"blocks.0.hook_resid_pre"`;
	const note = saeIds[0] ? "" : "# sae_id: the folder of one SAE in this repository.\n";
	return [
		python(
			`from sae_lens import SAE

# SAELens before 6.0 returns a tuple: sae, cfg_dict, sparsity
${note}sae = SAE.from_pretrained(
    release=${pyString(model.id)},
    sae_id=${saeId},
)`,
		),
	];
}
