/** Baseten: OpenAI-compatible chat. */
import type { ProviderHelpers } from "./index.js";
import { OpenAICompatibleChatTask } from "./provider-helper.js";

export const helpers: ProviderHelpers = {
	conversational: new OpenAICompatibleChatTask("baseten", "https://inference.baseten.co"),
};
