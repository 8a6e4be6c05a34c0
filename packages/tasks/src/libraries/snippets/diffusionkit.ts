import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

const IMAGE_SIZE = 512;
const LATENT_SIZE = IMAGE_SIZE / 8;

/** Whether the model id or one of its tags names FLUX (case-insensitive). */
function isFlux(model: ModelData): boolean {
	const names = [model.id, ...(model.tags ?? []), ...(model.cardData?.tags ?? [])];
	return names.some((name) => typeof name === "string" && name.toLowerCase().includes("flux"));
}

/** DiffusionKit (MLX): FLUX models use FluxPipeline, the others DiffusionPipeline (Stable Diffusion 3). */
export function snippets(model: ModelData): LibrarySnippet[] {
	const flux = isFlux(model);
	const prompt =
		model.widgetData?.find((example) => typeof example.text === "string" && example.text)?.text ??
		"A lighthouse on a rocky cliff at sunset, flat illustration";
	const pipeline = flux
		? `from diffusionkit.mlx import FluxPipeline

pipeline = FluxPipeline(
    shift=1.0,
    model_version=${pyString(model.id)},
    low_memory_mode=True,
    a16=True,
    w16=True,
)`
		: `from diffusionkit.mlx import DiffusionPipeline

pipeline = DiffusionPipeline(
    shift=3.0,
    use_t5=False,
    model_version=${pyString(model.id)},
    low_memory_mode=True,
    a16=True,
    w16=True,
)`;
	return [
		python(
			`${pipeline}

# A ${IMAGE_SIZE}x${IMAGE_SIZE} image: the latent is 1/8 of the image size
image, _ = pipeline.generate_image(
    ${pyString(prompt)},
    cfg_weight=${flux ? "0.0" : "5.0"},
    num_steps=${flux ? 4 : 50},
    latent_size=(${LATENT_SIZE}, ${LATENT_SIZE}),
)
image.save("image.png")`,
		),
	];
}
