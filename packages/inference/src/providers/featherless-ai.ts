/** Featherless AI: OpenAI-compatible chat and completions. */
import {
	OpenAICompatibleChatTask,
	OpenAICompatibleTextGenerationTask,
	type ProviderHelpers,
} from "./provider-helper.js";

const BASE_URL = "https://api.featherless.ai";

export const helpers: ProviderHelpers = {
	conversational: new OpenAICompatibleChatTask("featherless-ai", BASE_URL),
	"text-generation": new OpenAICompatibleTextGenerationTask("featherless-ai", BASE_URL),
};
