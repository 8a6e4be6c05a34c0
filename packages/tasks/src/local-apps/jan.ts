import type { ModelData } from "../model-data.js";
import { encodePathSegments, isGgufModel, modelId } from "./common.js";
import type { DeeplinkLocalApp } from "./types.js";

export const jan = {
	prettyLabel: "Jan",
	docsUrl: "https://jan.ai",
	mainTask: "text-generation",
	displayOnModelPage: isGgufModel,
	deeplink: (model: ModelData) => new URL(`jan://models/huggingface/${encodePathSegments(modelId(model))}`),
} satisfies DeeplinkLocalApp;
