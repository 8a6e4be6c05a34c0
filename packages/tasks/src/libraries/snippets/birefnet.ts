import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** BiRefNet: the repositories ship their modelling code, loaded through transformers. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`import torch
from PIL import Image
from torchvision import transforms
from transformers import AutoModelForImageSegmentation

model = AutoModelForImageSegmentation.from_pretrained(${pyString(model.id)}, trust_remote_code=True)
model.eval()

image = Image.open("image.jpg").convert("RGB")
prepare = transforms.Compose([
    transforms.Resize((1024, 1024)),
    transforms.ToTensor(),
    transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
])
with torch.no_grad():
    prediction = model(prepare(image).unsqueeze(0))[-1].sigmoid()[0, 0]
mask = transforms.ToPILImage()(prediction).resize(image.size)
image.putalpha(mask)
image.save("foreground.png")`,
		),
	];
}
