/**
 * DeepInfra: its OpenAI-compatible API lives under `v1/openai/` — chat,
 * completions, embeddings, image generation (`size` as "WxH", base64 images),
 * speech and transcriptions.
 */

import {
	OpenAIEmbeddingTask,
	OpenAIImageGenerationTask,
	OpenAISpeechTask,
	OpenAITranscriptionTask,
} from "./openai-media.js";
import {
	OpenAICompatibleChatTask,
	OpenAICompatibleTextGenerationTask,
	type ProviderHelpers,
} from "./provider-helper.js";

const BASE_URL = "https://api.deepinfra.com";

export const helpers: ProviderHelpers = {
	"automatic-speech-recognition": new OpenAITranscriptionTask("deepinfra", BASE_URL, "v1/openai/audio/transcriptions"),
	conversational: new OpenAICompatibleChatTask("deepinfra", BASE_URL, "v1/openai/chat/completions"),
	"feature-extraction": new OpenAIEmbeddingTask("deepinfra", BASE_URL, "v1/openai/embeddings"),
	"text-generation": new OpenAICompatibleTextGenerationTask("deepinfra", BASE_URL, "v1/openai/completions"),
	"text-to-image": new OpenAIImageGenerationTask("deepinfra", BASE_URL, {
		route: "v1/openai/images/generations",
		responseFormat: "b64_json",
		size: true,
	}),
	"text-to-speech": new OpenAISpeechTask("deepinfra", BASE_URL, "v1/openai/audio/speech"),
};
