import type { PipelineType } from "@hubkit/tasks";

/** Every inference provider the client can call. */
export const INFERENCE_PROVIDERS = [
	"baseten",
	"black-forest-labs",
	"cerebras",
	"cohere",
	"deepinfra",
	"fal-ai",
	"featherless-ai",
	"fireworks-ai",
	"groq",
	"hf-inference",
	"hyperbolic",
	"nebius",
	"novita",
	"nscale",
	"openai",
	"ovhcloud",
	"publicai",
	"replicate",
	"sambanova",
	"scaleway",
	"together",
	"wavespeed",
	"zai-org",
] as const;

export type InferenceProvider = (typeof INFERENCE_PROVIDERS)[number];

/** A provider, or "auto": the first provider the model's mapping lists. */
export type InferenceProviderOrPolicy = InferenceProvider | "auto";

/** Pipeline tags, plus "conversational" (chat completion). */
export type InferenceTask = PipelineType | "conversational";

/** How the request is authorised, decided from the token. */
export type AuthMethod = "hf-token" | "provider-key" | "credentials-include" | "none";

/** Options of every call; an `InferenceClient` holds defaults for them. */
export interface Options {
	/** Where hub look-ups (mappings, default models) go. Default: the public hub. */
	hubUrl?: string;
	/** The router that forwards `hf_` token requests to providers. */
	routerUrl?: string;
	/** Bill an organisation instead of the token's user (`X-HF-Bill-To`). */
	billTo?: string;
	/** A fetch to use instead of the global one (browsers, proxies, tests). */
	fetch?: typeof fetch;
	signal?: AbortSignal;
	/** Give up after this many milliseconds: hub look-ups, retries, reading and polling included. */
	timeout?: number;
	/** False: no automatic retries at all. Default true (see `maxRetries` and the README's retry rules). */
	retry_on_error?: boolean;
	/** Tries after a 429 with Retry-After, a 502/504 of a GET, or a connection never made. Default 2. */
	maxRetries?: number;
	/** Send cookies (browser, same-site hub) when there is no token. */
	includeCredentials?: string | boolean;
}

/** Arguments every task accepts besides its inputs. */
export interface BaseArgs {
	/** `hf_…` hub token (routed through the router) or a provider's own key (sent straight to it). */
	accessToken?: string;
	/** Model id on the hub. Default, with no provider either: the task's default model, on hf-inference. */
	model?: string;
	provider?: InferenceProviderOrPolicy;
	/** Send to this URL instead (a dedicated endpoint); the model then only labels the request. */
	endpointUrl?: string;
}

/** A task's arguments: the base ones plus its inputs and parameters. */
export type RequestArgs = BaseArgs & object;

/** One provider's entry in a model's mapping, as the hub returns it. */
export interface InferenceProviderMappingEntry {
	provider: string;
	/** The model's id on the provider's side. */
	providerId: string;
	hfModelId: string;
	task: string;
	status: "live" | "staging";
	adapter?: string;
	adapterWeightsPath?: string;
	type?: string;
}

/** How an image-producing task returns its result. */
export type OutputType = "blob" | "url" | "dataUrl" | "json";
