/**
 * OpenAI: chat only, and only with an OpenAI key. The router does not forward to
 * OpenAI, so the request layer rejects `hf_` tokens for it (clientSideRoutingOnly).
 */
import { OpenAICompatibleChatTask, type ProviderHelpers } from "./provider-helper.js";

export const helpers: ProviderHelpers = {
	conversational: new OpenAICompatibleChatTask("openai", "https://api.openai.com", "v1/chat/completions", true),
};
