/** Scaleway Generative APIs: OpenAI-compatible chat, completions and embeddings. */

import { OpenAIEmbeddingTask } from "./openai-media.js";
import {
	OpenAICompatibleChatTask,
	OpenAICompatibleTextGenerationTask,
	type ProviderHelpers,
} from "./provider-helper.js";

const BASE_URL = "https://api.scaleway.ai";

export const helpers: ProviderHelpers = {
	conversational: new OpenAICompatibleChatTask("scaleway", BASE_URL),
	"text-generation": new OpenAICompatibleTextGenerationTask("scaleway", BASE_URL),
	"feature-extraction": new OpenAIEmbeddingTask("scaleway", BASE_URL),
};
