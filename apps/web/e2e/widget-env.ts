/**
 * What the widget tests add to the sample hub's environment. The hub maps a
 * model to its own runtime only when it can run it (today: text
 * classification), so on a bare sample hub no model offers an image widget.
 * With a fal-ai key set, fal-ai's models (image-to-image, text-to-image …)
 * count as served, as on a hub whose operator added one: their widgets show,
 * and a visitor's call (no token) gets the router's "token required" answer
 * before anything is forwarded. The provider URL points at a closed loopback
 * port all the same, so no request could ever leave the machine.
 */
export const WIDGET_TEST_ENV = {
	HUBKIT_PROVIDER_KEY_FAL_AI: "e2e-placeholder-key",
	HUBKIT_PROVIDER_URL_FAL_AI: "http://127.0.0.1:9",
};

/** fal-ai's image-to-image model in the sample catalogue: a picture and a prompt in. */
export const IMAGE_WIDGET_MODEL = "black-forest-labs/FLUX.1-Kontext-dev";
/** fal-ai's text-to-image model: a prompt in. */
export const TOKEN_REQUIRED_MODEL = "black-forest-labs/FLUX.1-dev";
/** fal-ai's speech recognition model: a recording in. */
export const AUDIO_WIDGET_MODEL = "openai/whisper-large-v3";
