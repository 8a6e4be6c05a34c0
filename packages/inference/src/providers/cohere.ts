/** Cohere: chat through its OpenAI compatibility API. */
import { OpenAICompatibleChatTask, type ProviderHelpers } from "./provider-helper.js";

export const helpers: ProviderHelpers = {
	conversational: new OpenAICompatibleChatTask(
		"cohere",
		"https://api.cohere.com",
		"/compatibility/v1/chat/completions",
	),
};
