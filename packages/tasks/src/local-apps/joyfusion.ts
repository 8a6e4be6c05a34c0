import type { ModelData } from "../model-data.js";
import { encodeQueryValue, hasTag, modelId } from "./common.js";
import type { DeeplinkLocalApp } from "./types.js";

export const joyfusion = {
	prettyLabel: "JoyFusion",
	docsUrl: "https://joyfusion.app",
	mainTask: "text-to-image",
	macOSOnly: true,
	displayOnModelPage: (model: ModelData) =>
		model.pipeline_tag === "text-to-image" && hasTag(model, "coreml") && hasTag(model, "joyfusion"),
	deeplink: (model: ModelData) =>
		new URL(`https://joyfusion.app/import_from_hf?repo_id=${encodeQueryValue(modelId(model))}`),
} satisfies DeeplinkLocalApp;
