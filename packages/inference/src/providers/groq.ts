/**
 * Groq: OpenAI-compatible chat under /openai. Text generation goes through the
 * same chat route (Groq serves no plain completions): the prompt becomes one user
 * message and the reply comes back as `{ generated_text }`.
 */

import { ChatTextGenerationTask } from "./openai-media.js";
import { OpenAICompatibleChatTask, type ProviderHelpers } from "./provider-helper.js";

const BASE_URL = "https://api.groq.com";
const CHAT_ROUTE = "/openai/v1/chat/completions";

export const helpers: ProviderHelpers = {
	conversational: new OpenAICompatibleChatTask("groq", BASE_URL, CHAT_ROUTE),
	"text-generation": new ChatTextGenerationTask("groq", BASE_URL, CHAT_ROUTE),
};
