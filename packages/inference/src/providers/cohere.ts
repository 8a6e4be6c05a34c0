/** Cohere: chat through its OpenAI compatibility API. */
import type { ProviderHelpers } from "./index.js";
import { OpenAICompatibleChatTask } from "./provider-helper.js";

export const helpers: ProviderHelpers = {
	conversational: new OpenAICompatibleChatTask(
		"cohere",
		"https://api.cohere.com",
		"/compatibility/v1/chat/completions",
	),
};
