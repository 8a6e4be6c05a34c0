import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** fastai: huggingface_hub loads the exported Learner. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`from huggingface_hub import from_pretrained_fastai

learn = from_pretrained_fastai(${pyString(model.id)})`,
		),
	];
}
