import type { ModelData } from "../model-data.js";
import { encodePathSegments, isGgufModel, modelId } from "./common.js";
import type { DeeplinkLocalApp } from "./types.js";

export const backyard = {
	prettyLabel: "Backyard AI",
	docsUrl: "https://backyard.ai",
	mainTask: "text-generation",
	displayOnModelPage: isGgufModel,
	deeplink: (model: ModelData) => new URL(`https://backyard.ai/hf/model/${encodePathSegments(modelId(model))}`),
} satisfies DeeplinkLocalApp;
