import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, hasTag, pyString, python, sampleText } from "./common.js";

/** Sana: diffusers-format repositories load with SanaPipeline; .pth checkpoints with the Sana code repository. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const files = fileNames(model);
	const prompt = pyString(sampleText(model, "text-to-image"));
	if (hasTag(model, "diffusers") || files.includes("model_index.json") || /_diffusers$/i.test(model.id)) {
		return [
			python(
				`import torch
from diffusers import SanaPipeline

pipe = SanaPipeline.from_pretrained(${pyString(model.id)}, torch_dtype=torch.bfloat16).to("cuda")
image = pipe(prompt=${prompt}, num_inference_steps=20).images[0]
image.save("sana.png")`,
			),
		];
	}
	const name = model.id.split("/").pop() ?? model.id;
	const checkpoint =
		files.find((file) => file.startsWith("checkpoints/") && file.endsWith(".pth")) ??
		files.find((file) => file.endsWith(".pth")) ??
		`checkpoints/${name}.pth`;
	const size = /(^|[^0-9])600M/i.test(name) ? "600M" : "1600M";
	const resolution = /512px/i.test(name) ? "512" : "1024";
	return [
		python(
			`# Run from a clone of https://github.com/NVlabs/Sana
import torch
from app.sana_pipeline import SanaPipeline
from torchvision.utils import save_image

# Use the config in configs/sana_config/ that matches this checkpoint's size and resolution.
sana = SanaPipeline("configs/sana_config/${resolution}ms/Sana_${size}_img${resolution}.yaml")
sana.from_pretrained(${pyString(`hf://${model.id}/${checkpoint}`)})

generator = torch.Generator(device="cuda").manual_seed(42)
image = sana(prompt=${prompt}, height=${resolution}, width=${resolution}, guidance_scale=4.5, num_inference_steps=20, generator=generator)
save_image(image, "sana.png", nrow=1, normalize=True, value_range=(-1, 1))`,
		),
	];
}
