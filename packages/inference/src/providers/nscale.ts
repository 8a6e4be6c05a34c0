/** Nscale: OpenAI-compatible chat and image generation (base64 images, `size` as "WxH"). */

import { OpenAIImageGenerationTask } from "./openai-media.js";
import { OpenAICompatibleChatTask, type ProviderHelpers } from "./provider-helper.js";

const BASE_URL = "https://inference.api.nscale.com";

export const helpers: ProviderHelpers = {
	"text-to-image": new OpenAIImageGenerationTask("nscale", BASE_URL, { responseFormat: "b64_json", size: true }),
	conversational: new OpenAICompatibleChatTask("nscale", BASE_URL),
};
