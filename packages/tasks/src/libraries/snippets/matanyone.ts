import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** MatAnyone: video matting from a first-frame mask. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# pip install git+https://github.com/pq-yang/MatAnyone
from matanyone import InferenceCore

processor = InferenceCore(${pyString(model.id)})

# The mask marks the target object in the video's first frame.
foreground_path, alpha_path = processor.process_video(
    input_path="video.mp4",
    mask_path="first_frame_mask.png",
    output_path="outputs",
)
print(foreground_path, alpha_path)`,
		),
	];
}
