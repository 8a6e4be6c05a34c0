/** Fireworks AI: OpenAI-compatible chat under /inference. */
import { OpenAICompatibleChatTask, type ProviderHelpers } from "./provider-helper.js";

export const helpers: ProviderHelpers = {
	conversational: new OpenAICompatibleChatTask(
		"fireworks-ai",
		"https://api.fireworks.ai",
		"/inference/v1/chat/completions",
	),
};
