import type { ModelData } from "../model-data.js";
import { formEncode, hasTag, isGgufModel, modelId } from "./common.js";
import type { DeeplinkLocalApp } from "./types.js";

export const unsloth = {
	prettyLabel: "Unsloth Desktop",
	docsUrl: "https://unsloth.ai/docs",
	mainTask: "text-generation",
	displayOnModelPage: (model: ModelData) => hasTag(model, "unsloth") || isGgufModel(model),
	deeplink: (model: ModelData, filepath?: string) => {
		// Both values form-encoded, as URLSearchParams writes them ("/" as %2F, spaces as +).
		const params: Record<string, string> = { model: modelId(model) };
		if (filepath) params.file = filepath;
		return new URL(`unsloth://open_from_hf?${formEncode(params)}`);
	},
} satisfies DeeplinkLocalApp;
