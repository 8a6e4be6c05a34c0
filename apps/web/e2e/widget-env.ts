/**
 * What the widget tests add to the sample hub's environment. The hub maps a
 * model to its own runtime only when it can run it, so on a bare sample hub
 * few models offer a widget. With keys for fal-ai (pictures, speech) and
 * featherless-ai (chat) set, their models count as served, as on a hub whose
 * operator added keys: their widgets show, and a visitor's call (no token) gets
 * the router's "token required" answer before anything is forwarded. The
 * provider URLs point at a closed loopback port all the same, so no request
 * could ever leave the machine.
 */
export const WIDGET_TEST_ENV = {
	HUBKIT_PROVIDER_KEY_FAL_AI: "e2e-placeholder-key",
	HUBKIT_PROVIDER_URL_FAL_AI: "http://127.0.0.1:9",
	// featherless-ai, for a chat widget (its one sample model maps to nothing else).
	HUBKIT_PROVIDER_KEY_FEATHERLESS_AI: "e2e-placeholder-key",
	HUBKIT_PROVIDER_URL_FEATHERLESS_AI: "http://127.0.0.1:9",
};

/** fal-ai's image-to-image model in the sample catalogue: a picture and a prompt in. */
export const IMAGE_WIDGET_MODEL = "black-forest-labs/FLUX.1-Kontext-dev";
/** fal-ai's text-to-image model: a prompt in. */
export const TOKEN_REQUIRED_MODEL = "black-forest-labs/FLUX.1-dev";
/** fal-ai's speech recognition model: a recording in. */
export const AUDIO_WIDGET_MODEL = "openai/whisper-large-v3";
/** featherless-ai's chat model. */
export const CHAT_WIDGET_MODEL = "Qwen/Qwen2.5-7B-Instruct-1M";
