import type { ModelData } from "../model-data.js";
import { encodePathSegments, hasTag, isDiffusersModel, isGgufModel, modelId } from "./common.js";
import type { DeeplinkLocalApp } from "./types.js";

/** Diffusers weights in safetensors, for text-to-image or as a LoRA. */
function isJellyboxImageModel(model: ModelData): boolean {
	return (
		isDiffusersModel(model) &&
		hasTag(model, "safetensors") &&
		(model.pipeline_tag === "text-to-image" || hasTag(model, "lora"))
	);
}

export const jellybox = {
	prettyLabel: "Jellybox",
	docsUrl: "https://jellybox.com",
	mainTask: "text-generation",
	displayOnModelPage: (model: ModelData) => isGgufModel(model) || isJellyboxImageModel(model),
	deeplink: (model: ModelData) => {
		const id = encodePathSegments(modelId(model));
		if (isGgufModel(model)) return new URL(`jellybox://llm/models/huggingface/LLM/${id}`);
		if (hasTag(model, "lora")) return new URL(`jellybox://image/models/huggingface/ImageLora/${id}`);
		return new URL(`jellybox://image/models/huggingface/Image/${id}`);
	},
} satisfies DeeplinkLocalApp;
