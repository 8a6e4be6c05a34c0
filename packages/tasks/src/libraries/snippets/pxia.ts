import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** pxia: PyTorchModelHubMixin models, loaded through pxia's AutoModel. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# pip install pxia
from pxia import AutoModel

model = AutoModel.from_pretrained(${pyString(model.id)})`,
		),
	];
}
