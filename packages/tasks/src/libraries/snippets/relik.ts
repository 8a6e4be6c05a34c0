import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

const DEFAULT_TEXT = "Amina Yusuf flew from Lagos to Montreal to join Shopify.";

/** ReLiK: entity linking / relation extraction on one text. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const text =
		model.widgetData?.find((example) => typeof example.text === "string" && example.text)?.text ?? DEFAULT_TEXT;
	return [
		python(
			`from relik import Relik

relik = Relik.from_pretrained(${pyString(model.id)})

relik_out = relik(${pyString(text)})
print(relik_out)`,
		),
	];
}
