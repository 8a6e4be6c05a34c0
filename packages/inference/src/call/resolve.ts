/**
 * The resolve step: who answers a call and under which model id. It may ask
 * the hub (the model's provider mapping, the task's default model, a LoRA
 * adapter's weights); everything after it is built without asking anyone.
 */
import { InferenceClientInputError } from "../errors.js";
import { getProviderHelper, getRequestHelper } from "../providers/index.js";
import type { RequestHelper } from "../providers/provider-helper.js";
import type {
	AuthMethod,
	InferenceProvider,
	InferenceProviderMappingEntry,
	InferenceTask,
	Options,
	RequestArgs,
} from "../types.js";
import { getDefaultModel } from "./default-model.js";
import { adapterWeightsPath } from "./lora.js";
import { firstMappedProvider, getProviderMapping } from "./mapping.js";

/** Everything a request needs from the hub. */
export interface ResolvedCall {
	provider: InferenceProvider;
	/** The task; none for a `request()` that names none. */
	task: InferenceTask | undefined;
	helper: RequestHelper;
	authMethod: AuthMethod;
	mapping: InferenceProviderMappingEntry | undefined;
	/** The model id as the provider knows it (or the endpoint URL). */
	providerModel: string;
}

/** What the resolve step reads besides the arguments: the task, the hub, the deadline (`signal`). */
export type ResolveOptions = Options &
	(
		| { task: InferenceTask; anyTask?: false }
		/** `request()`: any task, or none; a task without a helper goes to hf-inference's model route. */
		| { task?: InferenceTask; anyTask: true }
	);

/** hf_ tokens go through the router; other tokens are the provider's own keys. */
export function authMethodFor(
	accessToken: string | undefined,
	includeCredentials: Options["includeCredentials"],
): AuthMethod {
	if (accessToken) return accessToken.startsWith("hf_") ? "hf-token" : "provider-key";
	return includeCredentials ? "credentials-include" : "none";
}

/** Provider, then model, then the mapping entry (with LoRA weights) for this call. */
export async function resolveCall(args: RequestArgs, options: ResolveOptions): Promise<ResolvedCall> {
	const { accessToken, endpointUrl } = args;
	if (typeof args.model === "string" && /^https?:\/\//.test(args.model)) {
		throw new InferenceClientInputError("Model URLs are not model ids: pass the URL as `endpointUrl` instead.");
	}
	const { task } = options;
	const provider = await resolveProvider(args, options);
	const helper = options.anyTask ? getRequestHelper(provider, task) : getProviderHelper(provider, options.task);
	const authMethod = authMethodFor(accessToken, options.includeCredentials);
	if (helper.clientSideRoutingOnly && authMethod === "hf-token") {
		throw new InferenceClientInputError(
			`Provider ${provider} is closed-source and does not accept Hugging Face-style tokens: use its own API key.`,
		);
	}
	const model = args.model ?? (endpointUrl ? undefined : await defaultModel(provider, options));
	const mapping = model && !endpointUrl ? await mappingFor(provider, helper, model, args, options) : undefined;
	const providerModel = mapping?.providerId ?? model ?? endpointUrl ?? "";
	return { provider, task, helper, authMethod, mapping, providerModel };
}

/**
 * The provider: hf-inference for an endpoint, the one named, or with "auto" the
 * first one the model's mapping lists. With no model and no provider, the
 * task's default model on hf-inference, as the public client always did.
 */
async function resolveProvider(args: RequestArgs, options: Options): Promise<InferenceProvider> {
	const { provider, model, endpointUrl, accessToken } = args;
	if (endpointUrl) {
		if (provider && provider !== "auto" && provider !== "hf-inference") {
			throw new InferenceClientInputError("Cannot use endpointUrl with a third-party provider.");
		}
		return "hf-inference";
	}
	if (provider && provider !== "auto") return provider;
	if (!model) {
		if (provider === "auto") {
			throw new InferenceClientInputError("Specifying a model is required when provider is 'auto'");
		}
		return "hf-inference";
	}
	return (await firstMappedProvider(model, accessToken, options)) as InferenceProvider;
}

/** Only hf-inference serves a task's default model (the hub names it, the hub runs it). */
async function defaultModel(provider: InferenceProvider, options: ResolveOptions): Promise<string> {
	if (provider !== "hf-inference" || !options.task) {
		throw new InferenceClientInputError(`A model is required for provider ${provider}.`);
	}
	return getDefaultModel(options.task, options);
}

/** The mapping entry, with the LoRA adapter's weights path filled in from the hub when it is missing. */
async function mappingFor(
	provider: InferenceProvider,
	helper: RequestHelper,
	model: string,
	args: RequestArgs,
	options: ResolveOptions,
): Promise<InferenceProviderMappingEntry | undefined> {
	if (helper.clientSideRoutingOnly) return closedSourceMapping(provider, model, options.task ?? "");
	const entry = await getProviderMapping(
		{ modelId: model, provider, task: options.task, accessToken: args.accessToken },
		options,
	);
	if (entry?.adapter === "lora" && !entry.adapterWeightsPath) {
		return { ...entry, adapterWeightsPath: await adapterWeightsPath(entry, options) };
	}
	return entry;
}

/** Closed-source providers are not on the hub: the model id is theirs, `provider/` prefix optional. */
export function closedSourceMapping(provider: string, model: string, task: string): InferenceProviderMappingEntry {
	const providerId = model.startsWith(`${provider}/`) ? model.slice(provider.length + 1) : model;
	return { provider, providerId, hfModelId: model, task, status: "live" };
}
