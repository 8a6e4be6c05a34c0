import type { ModelData } from "../model-data.js";
import { encodeQueryValue, isDiffusersModel, modelId } from "./common.js";
import type { DeeplinkLocalApp } from "./types.js";

export const diffusionbee = {
	prettyLabel: "DiffusionBee",
	docsUrl: "https://diffusionbee.com",
	mainTask: "text-to-image",
	macOSOnly: true,
	displayOnModelPage: (model: ModelData) => isDiffusersModel(model) && model.pipeline_tag === "text-to-image",
	deeplink: (model: ModelData) =>
		new URL(`https://diffusionbee.com/huggingface_import?model_id=${encodeQueryValue(modelId(model))}`),
} satisfies DeeplinkLocalApp;
