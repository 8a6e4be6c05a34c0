/**
 * One source of truth for what is sent: provider, URL, headers and body for a
 * call, built without sending anything. The task functions, the snippet
 * generator and the tests all go through `buildRequest`.
 */
import { HEADER_BILL_TO, HF_HUB_URL, HF_ROUTER_URL } from "../config.js";
import { InferenceClientInputError } from "../errors.js";
import { getProviderHelper } from "../providers/index.js";
import type { TaskProviderHelper } from "../providers/provider-helper.js";
import type {
	AuthMethod,
	BodyParams,
	InferenceProviderMappingEntry,
	InferenceTask,
	Options,
	RequestArgs,
} from "../types.js";
import { PACKAGE_NAME, PACKAGE_VERSION } from "../version.js";
import { getDefaultModel } from "./default-model.js";
import { deadline } from "./http.js";
import { adapterWeightsPath } from "./lora.js";
import { getProviderMapping, resolveProvider } from "./mapping.js";
import { andThen, type MaybePromise } from "./shared.js";

export interface RequestOptions extends Options {
	/** The task the call performs; decides the provider helper. */
	task: InferenceTask;
	/** Ask for a server-sent-events stream. */
	stream?: boolean;
}

export interface BuiltRequest {
	url: string;
	init: RequestInit & { headers: Record<string, string> };
}

/** Everything the task layer needs after building: the request and who reads its answer. */
export interface PreparedRequest extends BuiltRequest {
	helper: TaskProviderHelper;
	authMethod: AuthMethod;
	routerUrl: string;
	mapping: InferenceProviderMappingEntry | undefined;
}

/** hf_ tokens go through the router; other tokens are the provider's own keys. */
export function authMethodFor(
	accessToken: string | undefined,
	includeCredentials: Options["includeCredentials"],
): AuthMethod {
	if (accessToken) return accessToken.startsWith("hf_") ? "hf-token" : "provider-key";
	return includeCredentials ? "credentials-include" : "none";
}

/** Computed once: the agent does not change while the page or process lives. */
let agent: string | undefined;

function userAgent(): string {
	if (agent !== undefined) return agent;
	const browser = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent;
	const own = `${PACKAGE_NAME}/${PACKAGE_VERSION}`;
	// Node 21+ defines navigator too; only a browser's agent is worth adding.
	agent = browser && !browser.startsWith("Node.js") ? `${own} ${browser}` : own;
	return agent;
}

/** Who answers a call and with which model id: everything a request needs from the hub. */
export interface ResolvedCall {
	provider: string;
	helper: TaskProviderHelper;
	authMethod: AuthMethod;
	mapping: InferenceProviderMappingEntry | undefined;
	/** The model id as the provider knows it (or the endpoint URL). */
	providerModel: string;
}

/** The request's parts, built synchronously from a resolved call; only the body may still be pending. */
export interface AssembledRequest {
	url: string;
	headers: Record<string, string>;
	/** What the helper's makeBody / preparePayload take. */
	bodyParams: BodyParams;
}

/**
 * Resolves provider, default model, mapping and LoRA weights: the steps that may
 * ask the hub. Everything after this is pure (see `assembleRequest`). When every
 * answer it needs is cached (the usual case after a model's first call), it
 * returns synchronously: no promise and no microtask per step.
 */
export function resolveCall(args: RequestArgs, options: RequestOptions): MaybePromise<ResolvedCall> {
	const { accessToken, endpointUrl } = args;
	const task = options.task;
	if (typeof args.model === "string" && /^https?:\/\//.test(args.model)) {
		throw new InferenceClientInputError("Model URLs are not model ids: pass the URL as `endpointUrl` instead.");
	}
	// Hub look-ups end with the call's signal or timeout like everything else.
	const hubOptions: Options =
		options.signal || options.timeout !== undefined
			? { ...options, signal: deadline(options.signal, options.timeout), timeout: undefined }
			: options;
	return andThen(resolveProvider(args.provider, args.model, endpointUrl, accessToken, hubOptions), (provider) => {
		const helper = getProviderHelper(provider, task);
		const authMethod = authMethodFor(accessToken, options.includeCredentials);
		if (helper.clientSideRoutingOnly && authMethod === "hf-token") {
			throw new InferenceClientInputError(
				`Provider ${provider} is closed-source and does not accept Hugging Face-style tokens: use its own API key.`,
			);
		}
		const resolved = (model: string | undefined, mapping: InferenceProviderMappingEntry | undefined) => ({
			provider,
			helper,
			authMethod,
			mapping,
			providerModel: mapping?.providerId ?? model ?? endpointUrl ?? "",
		});
		const withMapping = (model: string | undefined): MaybePromise<ResolvedCall> => {
			if (endpointUrl || !model) return resolved(model, undefined);
			if (helper.clientSideRoutingOnly) return resolved(model, closedSourceMapping(provider, model, task));
			return andThen(getProviderMapping({ modelId: model, provider, task, accessToken }, hubOptions), (mapping) =>
				mapping?.adapter === "lora" && !mapping.adapterWeightsPath
					? adapterWeightsPath(mapping, hubOptions).then((path) =>
							resolved(model, { ...mapping, adapterWeightsPath: path }),
						)
					: resolved(model, mapping),
			);
		};
		if (!args.model && !endpointUrl) {
			if (provider !== "hf-inference") {
				throw new InferenceClientInputError(`A model is required for provider ${provider}.`);
			}
			return getDefaultModel(task, hubOptions).then(withMapping);
		}
		return withMapping(args.model);
	});
}

/** Closed-source providers are not on the hub: the model id is theirs, `provider/` prefix optional. */
export function closedSourceMapping(
	provider: string,
	model: string,
	task: InferenceTask,
): InferenceProviderMappingEntry {
	const providerId = model.startsWith(`${provider}/`) ? model.slice(provider.length + 1) : model;
	return { provider, providerId, hfModelId: model, task, status: "live" };
}

/** URL, headers and body parameters of a resolved call: pure, so snippets render exactly what a call sends. */
export function assembleRequest(call: ResolvedCall, args: RequestArgs, options: RequestOptions): AssembledRequest {
	const { helper, authMethod } = call;
	const fields = args as Record<string, unknown>;
	const routerUrl = trimSlashes(options.routerUrl ?? HF_ROUTER_URL);
	const url = args.endpointUrl
		? endpointFor(args.endpointUrl, options.task)
		: helper.makeUrl({ authMethod, model: call.providerModel, task: options.task, routerUrl });
	const binary = helper.binaryInput && fields.data instanceof Blob;
	const headers = helper.prepareHeaders({ accessToken: args.accessToken, authMethod }, binary);
	headers["User-Agent"] = userAgent();
	if (options.billTo) headers[HEADER_BILL_TO] = options.billTo;
	const bodyParams: BodyParams = {
		args: options.stream ? { ...fields, stream: true } : fields,
		model: call.providerModel,
		mapping: call.mapping,
		task: options.task,
		hubUrl: trimSlashes(options.hubUrl ?? HF_HUB_URL),
	};
	return { url, headers, bodyParams };
}

export function trimSlashes(url: string): string {
	return url.endsWith("/") ? url.replace(/\/+$/, "") : url;
}

/** The request and who reads its answer; synchronous when `resolveCall` and the body are. */
export function prepareRequest(args: RequestArgs, options: RequestOptions): MaybePromise<PreparedRequest> {
	return andThen(resolveCall(args, options), (call) => {
		const { url, headers, bodyParams } = assembleRequest(call, args, options);
		const routerUrl = trimSlashes(options.routerUrl ?? HF_ROUTER_URL);
		return finishRequest(call, url, headers, bodyParams, routerUrl, options);
	});
}

function finishRequest(
	call: ResolvedCall,
	url: string,
	headers: Record<string, string>,
	bodyParams: BodyParams,
	routerUrl: string,
	options: RequestOptions,
): MaybePromise<PreparedRequest> {
	const { helper, authMethod, mapping } = call;
	return andThen(helper.makeBody(bodyParams), (body) => {
		// A multipart body sets its own Content-Type (with the boundary); a JSON one would be wrong.
		if (body instanceof FormData) delete headers["Content-Type"];
		const init: PreparedRequest["init"] = { method: "POST", headers, body };
		if (authMethod === "credentials-include") {
			init.credentials =
				typeof options.includeCredentials === "string" ? (options.includeCredentials as RequestCredentials) : "include";
		}
		return { url, init, helper, authMethod, routerUrl, mapping };
	});
}

/** A dedicated endpoint speaks the OpenAI chat route for chat; other tasks post to the URL itself. */
function endpointFor(endpointUrl: string, task: InferenceTask): string {
	const base = endpointUrl.replace(/\/+$/, "");
	if (task === "conversational" && !base.endsWith("/chat/completions")) return `${base}/v1/chat/completions`;
	return base;
}

/**
 * The URL and init the client would send for this call, without sending anything.
 * Generic so that a task's own arguments (`messages`, `inputs` …) pass as a literal.
 */
export async function buildRequest<A extends RequestArgs>(args: A, options: RequestOptions): Promise<BuiltRequest> {
	const { url, init } = await prepareRequest(args, options);
	return { url, init };
}
