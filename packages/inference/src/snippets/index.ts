/**
 * Inference snippets: how to call a model from Python, JavaScript and the shell,
 * for one provider. URL, headers and payload come from the client's own request
 * code, so a snippet sends exactly what a client call would; author-controlled
 * text only ever lands in string literals; the token is read from the
 * environment unless the caller passes one.
 */
import type { ModelData } from "@hubkit/tasks";
import type { InferenceProviderMappingEntry, InferenceProviderOrPolicy } from "../types.js";
import { jsSnippets } from "./js.js";
import { planSnippet, type SnippetOptions } from "./plan.js";
import { pythonSnippets } from "./python.js";
import { shSnippets } from "./sh.js";
import type { InferenceSnippet } from "./types.js";

export type { SnippetOptions } from "./plan.js";
export { providerKeyVariable, snippetTask } from "./plan.js";
export type { InferenceSnippet, SnippetLanguage } from "./types.js";

/**
 * Snippets for `model` served by `provider` (with its mapping entry, when the hub
 * has one), most convenient client first within each language. A provider that
 * does not serve the model's task gives `[]`; this never throws.
 */
export function getInferenceSnippets(
	model: ModelData,
	provider: InferenceProviderOrPolicy,
	mapping?: InferenceProviderMappingEntry,
	options: SnippetOptions = {},
): InferenceSnippet[] {
	try {
		const resolved = provider === "auto" ? (mapping?.provider ?? "hf-inference") : provider;
		const plan = planSnippet(model, resolved, mapping, options);
		if (!plan) return [];
		return [...pythonSnippets(plan), ...jsSnippets(plan), ...shSnippets(plan)];
	} catch {
		// A malformed record must not break a model page: no snippets rather than an error.
		return [];
	}
}
