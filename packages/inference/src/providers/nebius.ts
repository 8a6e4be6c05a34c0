/**
 * Nebius AI Studio: OpenAI-compatible chat, completions and image generation
 * (base64 images; Nebius takes `width`/`height`, `num_inference_steps` … as named).
 */

import { OpenAIImageGenerationTask } from "./openai-media.js";
import {
	OpenAICompatibleChatTask,
	OpenAICompatibleTextGenerationTask,
	type ProviderHelpers,
} from "./provider-helper.js";

const BASE_URL = "https://api.studio.nebius.ai";

export const helpers: ProviderHelpers = {
	"text-to-image": new OpenAIImageGenerationTask("nebius", BASE_URL, { responseFormat: "b64_json" }),
	conversational: new OpenAICompatibleChatTask("nebius", BASE_URL),
	"text-generation": new OpenAICompatibleTextGenerationTask("nebius", BASE_URL),
};
