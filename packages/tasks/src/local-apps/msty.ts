import type { ModelData } from "../model-data.js";
import { encodePathSegments, isGgufModel, modelId } from "./common.js";
import type { DeeplinkLocalApp } from "./types.js";

export const msty = {
	prettyLabel: "Msty",
	docsUrl: "https://msty.app",
	mainTask: "text-generation",
	displayOnModelPage: isGgufModel,
	deeplink: (model: ModelData) => new URL(`msty://models/search/hf/${encodePathSegments(modelId(model))}`),
} satisfies DeeplinkLocalApp;
