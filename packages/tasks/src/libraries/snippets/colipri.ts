import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { python } from "./common.js";

/**
 * COLIPRI: zero-shot classification of a chest CT scan with text prompts.
 * The package's `get_model()` downloads the published COLIPRI weights itself
 * (it takes no repository id), so nothing from the record enters the snippet.
 */
export function snippets(_model: ModelData): LibrarySnippet[] {
	return [
		python(
			`from colipri import ZeroShotImageClassificationPipeline, get_model, get_processor, load_sample_ct

model = get_model().eval()
processor = get_processor()
pipeline = ZeroShotImageClassificationPipeline(model, processor)

image = load_sample_ct()
print(pipeline(image, ["No lung nodules", "Lung nodules"]))`,
		),
	];
}
