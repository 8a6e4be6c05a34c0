import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

const IMAGE_TASKS = new Set(["text-to-image", "image-to-image", "unconditional-image-generation"]);

/** Pruna: load the optimized ("smashed") model; image pipelines also generate an image. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const load = `from pruna import PrunaModel

model = PrunaModel.from_pretrained(${pyString(model.id)})`;
	if (model.pipeline_tag === "text-to-image") {
		const prompt =
			model.widgetData?.find((example) => typeof example.text === "string" && example.text)?.text ??
			"A lighthouse on a rocky cliff at sunset, flat illustration";
		return [
			python(
				`${load}

image = model(${pyString(prompt)}).images[0]
image.save("image.png")`,
			),
		];
	}
	const note = IMAGE_TASKS.has(model.pipeline_tag ?? "")
		? "# Call the model with the same arguments as the original diffusers pipeline."
		: "# Use the model as you would use the original one it was optimized from.";
	return [python(`${load}\n\n${note}`)];
}
