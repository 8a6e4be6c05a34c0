import type { ModelData } from "../model-data.js";
import { encodeQueryValue, hasTag, isDiffusersModel, modelId } from "./common.js";
import type { DeeplinkLocalApp } from "./types.js";

export const drawthings = {
	prettyLabel: "Draw Things",
	docsUrl: "https://drawthings.ai",
	mainTask: "text-to-image",
	macOSOnly: true,
	displayOnModelPage: (model: ModelData) =>
		isDiffusersModel(model) && (model.pipeline_tag === "text-to-image" || hasTag(model, "lora")),
	deeplink: (model: ModelData) => {
		// LoRAs are loaded on top of a pipeline; anything else is a pipeline of its own.
		const method = hasTag(model, "lora") ? "pipeline.load_lora_weights" : "pipeline.from_pretrained";
		return new URL(`https://drawthings.ai/import/diffusers/${method}?repo_id=${encodeQueryValue(modelId(model))}`);
	},
} satisfies DeeplinkLocalApp;
