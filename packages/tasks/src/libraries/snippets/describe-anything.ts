import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { hasTag, pyString, python } from "./common.js";

const DESCRIBE = `image = Image.open("image.jpg").convert("RGB")
mask = Image.open("mask.png").convert("L")  # white pixels mark the region to describe

description = dam.get_description(
    image,
    mask,
    "<image>\\nDescribe the masked region in detail.",
    temperature=0.2,
    top_p=0.5,
    num_beams=1,
    max_new_tokens=512,
)
print(description)`;

/** Describe Anything (DAM): describe the region of an image that a mask selects. */
export function snippets(model: ModelData): LibrarySnippet[] {
	if (hasTag(model, "custom_code")) {
		return [
			python(
				`import torch
from PIL import Image
from transformers import AutoModel

model = AutoModel.from_pretrained(${pyString(model.id)}, trust_remote_code=True, torch_dtype=torch.float16).to("cuda")
dam = model.init_dam(conv_mode="v1", prompt_mode="full+focal_crop")

${DESCRIBE}`,
			),
		];
	}
	return [
		python(
			`# pip install git+https://github.com/NVlabs/describe-anything
from PIL import Image
from dam import DescribeAnythingModel, disable_torch_init

disable_torch_init()
dam = DescribeAnythingModel(
    model_path=${pyString(model.id)},
    conv_mode="v1",
    prompt_mode="full+focal_crop",
).to("cuda")

${DESCRIBE}`,
		),
	];
}
