import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** SwarmFormer: the model class is a Hub mixin, installed from the code repository. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# pip install git+https://github.com/takara-ai/SwarmFormer
from swarmformer import SwarmFormerModel

model = SwarmFormerModel.from_pretrained(${pyString(model.id)})
model.eval()`,
		),
	];
}
