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
	/** Give up after this many milliseconds, retries and polling included. */
	timeout?: number;
	/** Retry 503 ("model loading") answers with backoff. Default true. */
	retry_on_error?: boolean;
	/** Send cookies (browser, same-site hub) when there is no token. */
	includeCredentials?: string | boolean;
}

/** Arguments every task accepts besides its inputs. */
export interface BaseArgs {
	/** `hf_…` hub token (routed through the router) or a provider's own key (sent straight to it). */
	accessToken?: string;
	/** Model id on the hub. Default: the task's default model (hf-inference only). */
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

/** What a provider helper needs to build a URL. */
export interface UrlParams {
	authMethod: AuthMethod;
	/** Provider-side model id (after mapping). */
	model: string;
	task?: InferenceTask;
	routerUrl: string;
}

/** What a provider helper needs to build a body. */
export interface BodyParams {
	args: Record<string, unknown>;
	/** Provider-side model id (after mapping). */
	model: string;
	mapping: InferenceProviderMappingEntry | undefined;
	task?: InferenceTask;
	/** The hub the call uses (LoRA weights are files on it). */
	hubUrl: string;
}

export interface HeaderParams {
	accessToken: string | undefined;
	authMethod: AuthMethod;
}

/** How an image-producing task returns its result. */
export type OutputType = "blob" | "url" | "dataUrl" | "json";
