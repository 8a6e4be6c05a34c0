/**
 * Model ids from before namespaces that the task pages still use → the model's
 * namespaced id. Every id the hub stores has an `author/` prefix, so the routes
 * answer an old bare id with a redirect to the namespaced one, as the public hub
 * does. Data the routes read; the sample catalogue holds the target records.
 */
export const LEGACY_ID_ALIASES: Readonly<Record<string, string>> = {
	"distilroberta-base": "distilbert/distilroberta-base",
};
