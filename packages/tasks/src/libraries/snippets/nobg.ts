import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** nobg: remove the background of one image. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`from nobg import AutoModel

model = AutoModel.from_pretrained(${pyString(model.id)})
model.process("input.jpg").save("output.png")`,
		),
	];
}
