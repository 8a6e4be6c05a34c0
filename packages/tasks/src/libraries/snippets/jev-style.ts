import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { hasTag, pyString, python } from "./common.js";

/** Jev-Style: calibrated answers to typed questions about a text. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const gguf = hasTag(model, "gguf") || /-gguf$/i.test(model.id);
	const note = gguf ? "# GGUF builds also need the release's llama.cpp scorer (see the jev-style README).\n" : "";
	return [
		python(
			`from jev_style import JevStyle, choice, noul

${note}js = JevStyle.from_pretrained(${pyString(model.id)})
out = js.decide(
    "My parcel was due on Monday and still has not arrived.",
    {
        "team": choice("Which team should handle this?", ["billing", "shipping", "tech"]),
        "urgent": noul("Does this need a reply today?"),
    },
)
print(out["answers"])`,
		),
	];
}
