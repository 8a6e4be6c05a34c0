/** Cerebras: OpenAI-compatible chat. */
import { OpenAICompatibleChatTask, type ProviderHelpers } from "./provider-helper.js";

export const helpers: ProviderHelpers = {
	conversational: new OpenAICompatibleChatTask("cerebras", "https://api.cerebras.ai"),
};
