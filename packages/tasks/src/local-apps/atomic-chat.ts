import type { ModelData } from "../model-data.js";
import { encodePathSegments, isGgufModel, isMlxModel, modelId } from "./common.js";
import type { DeeplinkLocalApp } from "./types.js";

export const atomicChat = {
	prettyLabel: "Atomic Chat",
	docsUrl: "https://atomic.chat",
	mainTask: "text-generation",
	displayOnModelPage: (model: ModelData) => isGgufModel(model) || isMlxModel(model),
	deeplink: (model: ModelData) => new URL(`atomic-chat://models/huggingface/${encodePathSegments(modelId(model))}`),
} satisfies DeeplinkLocalApp;
