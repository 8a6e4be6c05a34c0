/** OVHcloud AI Endpoints: OpenAI-compatible chat and completions. */
import type { ProviderHelpers } from "./index.js";
import { OpenAICompatibleChatTask, OpenAICompatibleTextGenerationTask } from "./provider-helper.js";

const BASE_URL = "https://oai.endpoints.kepler.ai.cloud.ovh.net";

export const helpers: ProviderHelpers = {
	conversational: new OpenAICompatibleChatTask("ovhcloud", BASE_URL),
	"text-generation": new OpenAICompatibleTextGenerationTask("ovhcloud", BASE_URL),
};
