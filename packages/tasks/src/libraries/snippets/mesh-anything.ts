import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** MeshAnything (V1 or V2, told apart by the repository name); run from a clone of the code repository. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const v2 = /v2/i.test(model.id.split("/").pop() ?? "");
	const [repository, module, name] = v2
		? ["https://github.com/buaacyw/MeshAnythingV2", "meshanything_v2", "MeshAnythingV2"]
		: ["https://github.com/buaacyw/MeshAnything", "meshanything", "MeshAnything"];
	return [
		python(
			`# Run from a clone of ${repository}
from MeshAnything.models.${module} import ${name}

model = ${name}.from_pretrained(${pyString(model.id)})`,
		),
	];
}
