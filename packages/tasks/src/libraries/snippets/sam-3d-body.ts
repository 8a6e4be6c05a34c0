import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** SAM 3D Body: full-body human mesh recovery from a single image. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`from sam_3d_body import SAM3DBodyEstimator, load_sam_3d_body_hf

model, model_cfg = load_sam_3d_body_hf(${pyString(model.id)})
estimator = SAM3DBodyEstimator(sam_3d_body_model=model, model_cfg=model_cfg)
outputs = estimator.process_one_image("person.jpg")`,
		),
	];
}
