import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** SAM 2: promptable segmentation of images and videos. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const id = pyString(model.id);
	return [
		python(
			`# pip install git+https://github.com/facebookresearch/sam2.git
import numpy as np
import torch
from PIL import Image
from sam2.sam2_image_predictor import SAM2ImagePredictor

predictor = SAM2ImagePredictor.from_pretrained(${id})

image = np.array(Image.open("image.jpg").convert("RGB"))
with torch.inference_mode():
    predictor.set_image(image)
    # One foreground click at (x, y) = (500, 375).
    masks, scores, _ = predictor.predict(point_coords=np.array([[500, 375]]), point_labels=np.array([1]))
print(masks.shape, scores)`,
			"Segment an image",
		),
		python(
			`# pip install git+https://github.com/facebookresearch/sam2.git
import numpy as np
import torch
from sam2.sam2_video_predictor import SAM2VideoPredictor

predictor = SAM2VideoPredictor.from_pretrained(${id})

with torch.inference_mode():
    state = predictor.init_state("video.mp4")
    # Mark object 1 with a click on the first frame, then follow it through the video.
    predictor.add_new_points_or_box(state, frame_idx=0, obj_id=1, points=np.array([[210, 350]]), labels=np.array([1]))
    for frame_idx, object_ids, masks in predictor.propagate_in_video(state):
        print(frame_idx, object_ids, masks.shape)`,
			"Track an object through a video",
		),
	];
}
