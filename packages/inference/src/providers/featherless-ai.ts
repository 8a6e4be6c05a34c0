/** Featherless AI: OpenAI-compatible chat and completions. */
import type { ProviderHelpers } from "./index.js";
import { OpenAICompatibleChatTask, OpenAICompatibleTextGenerationTask } from "./provider-helper.js";

const BASE_URL = "https://api.featherless.ai";

export const helpers: ProviderHelpers = {
	conversational: new OpenAICompatibleChatTask("featherless-ai", BASE_URL),
	"text-generation": new OpenAICompatibleTextGenerationTask("featherless-ai", BASE_URL),
};
