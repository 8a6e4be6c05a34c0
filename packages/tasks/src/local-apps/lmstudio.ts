import type { ModelData } from "../model-data.js";
import { encodeQueryValue, isGgufModel, isMlxModel, modelId } from "./common.js";
import type { DeeplinkLocalApp } from "./types.js";

export const lmstudio = {
	prettyLabel: "LM Studio",
	docsUrl: "https://lmstudio.ai",
	mainTask: "text-generation",
	displayOnModelPage: (model: ModelData) => isGgufModel(model) || isMlxModel(model),
	deeplink: (model: ModelData, filepath?: string) => {
		const file = filepath ? `&file=${encodeQueryValue(filepath)}` : "";
		return new URL(`lmstudio://open_from_hf?model=${encodeQueryValue(modelId(model))}${file}`);
	},
} satisfies DeeplinkLocalApp;
