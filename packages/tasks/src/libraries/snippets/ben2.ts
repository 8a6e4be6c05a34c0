import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** BEN2: background removal (foreground segmentation) of an image. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# pip install -e "git+https://github.com/PramaLLC/BEN2.git#egg=ben2"
import torch
from PIL import Image
from ben2 import BEN_Base

device = "cuda" if torch.cuda.is_available() else "cpu"
model = BEN_Base.from_pretrained(${pyString(model.id)})
model.to(device).eval()

image = Image.open("image.jpg")
foreground = model.inference(image)
foreground.save("foreground.png")`,
		),
	];
}
