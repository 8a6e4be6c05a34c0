import type { ModelData } from "../model-data.js";
import { encodeQueryValue, isGgufModel, modelId } from "./common.js";
import type { DeeplinkLocalApp } from "./types.js";

export const recursechat = {
	prettyLabel: "RecurseChat",
	docsUrl: "https://recurse.chat",
	mainTask: "text-generation",
	macOSOnly: true,
	displayOnModelPage: isGgufModel,
	deeplink: (model: ModelData) =>
		new URL(`recursechat://new-hf-gguf-model?hf-model-id=${encodeQueryValue(modelId(model))}`),
} satisfies DeeplinkLocalApp;
