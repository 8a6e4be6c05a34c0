/**
 * A record's provider mappings, from its `providers` entries: which providers
 * serve the model, under which id, for which task, live or staging.
 */
import type { SeedProviderMapping } from "../types.js";
import type { Spec } from "./spec.js";

/** The id a provider gives the model, by each provider's naming habits. */
function providerIdFor(provider: string, id: string): string {
	const name = id.slice(id.indexOf("/") + 1);
	const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
	switch (provider) {
		case "hf-inference":
		case "together":
		case "nebius":
		case "featherless-ai":
		case "hyperbolic":
		case "nscale":
		case "deepinfra":
		case "scaleway":
		case "ovhcloud":
		case "publicai":
		case "baseten":
			return id;
		case "fal-ai":
			return `fal-ai/${slug}`;
		case "wavespeed":
			return `wavespeed-ai/${slug}`;
		case "fireworks-ai":
			return `accounts/fireworks/models/${slug.replace(/-(\d)-(\d)/g, "-$1p$2")}`;
		case "replicate":
		case "novita":
			return id.toLowerCase();
		default:
			return slug;
	}
}

/**
 * `"together"`, `"novita:staging"`, `"fal-ai=fal-ai/flux/dev"`, `"wavespeed>image-to-image=…"`:
 * provider, `:staging`, `>task` when the provider serves the model for another task
 * than its own (a page lists it as that task's widget model), `=` the provider's id.
 */
export function mappings(spec: Spec): SeedProviderMapping[] {
	return (spec.providers ?? []).map((entry) => {
		const [head = "", explicit] = entry.split("=", 2);
		const [providerAndStatus = "", otherTask] = head.split(">", 2);
		const [provider = "", status] = providerAndStatus.split(":", 2);
		const task = otherTask ?? (spec.chat ? "conversational" : spec.task);
		const mapping: SeedProviderMapping = {
			provider,
			providerId: explicit ?? providerIdFor(provider, spec.id),
			task,
			status: status === "staging" ? "staging" : "live",
		};
		if (spec.loraWeights) {
			mapping.adapter = "lora";
			mapping.adapterWeightsPath = spec.loraWeights;
		}
		return mapping;
	});
}
