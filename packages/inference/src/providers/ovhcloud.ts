/** OVHcloud AI Endpoints: OpenAI-compatible chat and completions. */
import {
	OpenAICompatibleChatTask,
	OpenAICompatibleTextGenerationTask,
	type ProviderHelpers,
} from "./provider-helper.js";

const BASE_URL = "https://oai.endpoints.kepler.ai.cloud.ovh.net";

export const helpers: ProviderHelpers = {
	conversational: new OpenAICompatibleChatTask("ovhcloud", BASE_URL),
	"text-generation": new OpenAICompatibleTextGenerationTask("ovhcloud", BASE_URL),
};
