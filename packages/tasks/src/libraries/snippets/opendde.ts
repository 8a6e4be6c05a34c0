import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, sh, shString } from "./common.js";

/** OpenDDE: a CLI; download a checkpoint of this repository and fold a small protein with it. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const checkpoints = fileNames(model).filter((name) => name.endsWith(".pt"));
	const file = checkpoints.find((name) => name === "opendde.pt") ?? checkpoints[0] ?? "opendde.pt";
	return [
		sh(
			`pip install opendde
hf download ${shString(model.id)} ${shString(file)} --local-dir opendde_checkpoints

cat > input.json <<'JSON'
[{"name": "tiny", "modelSeeds": [101], "sequences": [{"proteinChain": {"sequence": "ACDEFGHIK", "count": 1}}]}]
JSON

opendde pred -i input.json -o ./output \\
  --load_checkpoint_path ${shString(`opendde_checkpoints/${file}`)} \\
  --use_msa false --use_template false --use_rna_msa false`,
		),
	];
}
