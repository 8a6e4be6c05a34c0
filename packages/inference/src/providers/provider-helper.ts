/**
 * A provider helper knows, for one provider and one task, where the request
 * goes, what it carries, and how to read what comes back. The call layer
 * (../call/) uses it in order: makeUrl, prepareHeaders, makeBody; then the
 * request is sent and getResponse reads the answer.
 */
import { invalidOutput } from "../errors.js";
import type { ResponseContext } from "../lib/response-context.js";
import { isRecord } from "../lib/validate.js";
import type { AuthMethod, InferenceProvider, InferenceProviderMappingEntry, InferenceTask } from "../types.js";

export type { ResponseContext };

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

/** How the response body is read before getResponse sees it. */
export type ResponseKind = "json" | "blob";

/** What the call layer needs of a helper: every TaskProviderHelper, and the generic route of `request()`. */
export interface RequestHelper {
	readonly provider: InferenceProvider;
	readonly binaryInput: boolean;
	readonly responseKind: ResponseKind;
	readonly clientSideRoutingOnly: boolean;
	makeUrl(params: UrlParams): string;
	prepareHeaders(params: HeaderParams, binary: boolean): Record<string, string>;
	makeBody(params: BodyParams): Promise<BodyInit>;
	getResponse(body: unknown, context: ResponseContext): Promise<unknown>;
}

/** A provider's helpers, one per task it serves. */
export type ProviderHelpers = Partial<Record<InferenceTask, TaskProviderHelper>>;

export abstract class TaskProviderHelper implements RequestHelper {
	/** Binary request bodies (raw audio or image bytes) go without a JSON content type. */
	readonly binaryInput: boolean = false;
	readonly responseKind: ResponseKind = "json";

	constructor(
		readonly provider: InferenceProvider,
		readonly task: InferenceTask,
		/** The provider's own base URL, used with a provider key. */
		readonly baseUrl: string,
		/** The provider can only be called with its own key, never through the router. */
		readonly clientSideRoutingOnly = false,
	) {}

	/** Path after the base URL, e.g. "v1/chat/completions". */
	abstract makeRoute(params: UrlParams): string;

	/** The JSON payload. May be async (inputs converted to base64, say). */
	abstract preparePayload(params: BodyParams): Record<string, unknown> | Promise<Record<string, unknown>>;

	/** Reads and shape-checks the provider's answer into the task's output. */
	abstract getResponse(body: unknown, context: ResponseContext): Promise<unknown>;

	makeBaseUrl(params: UrlParams): string {
		return params.authMethod === "provider-key" ? this.baseUrl : `${params.routerUrl}/${this.provider}`;
	}

	makeUrl(params: UrlParams): string {
		const base = this.makeBaseUrl(params).replace(/\/+$/, "");
		const route = this.makeRoute(params).replace(/^\/+/, "");
		return `${base}/${route}`;
	}

	/** Authorization for the auth method; JSON content type unless the body is binary. */
	prepareHeaders(params: HeaderParams, binary: boolean): Record<string, string> {
		const headers: Record<string, string> = {};
		if (params.accessToken && (params.authMethod === "hf-token" || params.authMethod === "provider-key")) {
			headers.Authorization = this.authorization(params.accessToken, params.authMethod);
		}
		if (!binary) headers["Content-Type"] = "application/json";
		return headers;
	}

	/** The Authorization value; providers with their own scheme override it for their keys. */
	protected authorization(token: string, _authMethod: AuthMethod): string {
		return `Bearer ${token}`;
	}

	/** The body as sent: JSON text, or the raw input for binary tasks. */
	async makeBody(params: BodyParams): Promise<BodyInit> {
		if (this.binaryInput && params.args.data instanceof Blob) return params.args.data;
		return JSON.stringify(await this.preparePayload(params));
	}
}

/**
 * A follow-up URL a provider handed back (status, result), as the caller may
 * reach it: with a hub token, through the router (`{routerUrl}/{provider}` plus
 * the URL's path and query); with a provider key, as given. `query` adds
 * parameters the router needs to pick the provider's host.
 */
export function followUpUrl(
	provider: string,
	url: string,
	context: ResponseContext,
	query: Record<string, string> = {},
): string {
	if (context.authMethod !== "hf-token") return url;
	const routerBase = `${context.routerUrl}/${provider}`;
	if (url.startsWith(`${routerBase}/`)) return url;
	const parsed = new URL(url);
	for (const [name, value] of Object.entries(query)) parsed.searchParams.set(name, value);
	return `${routerBase}${parsed.pathname}${parsed.search}`;
}

/** Arguments that only steer the client: never sent to a provider. */
const CLIENT_ARGS = new Set(["accessToken", "model", "provider", "endpointUrl", "data"]);

/** Arguments without the ones that only steer the client, with `extra` fields set last (the provider-side model id, say). */
export function omitClientArgs(
	args: Record<string, unknown>,
	extra: Record<string, unknown> = {},
): Record<string, unknown> {
	const rest: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(args)) {
		if (!CLIENT_ARGS.has(key)) rest[key] = value;
	}
	return Object.assign(rest, extra);
}

/**
 * OpenAI-compatible chat completion: POST {base}/v1/chat/completions with the
 * caller's messages and parameters and the provider-side model id. Most
 * providers are this with another base URL or route.
 */
export class OpenAICompatibleChatTask extends TaskProviderHelper {
	constructor(
		provider: InferenceProvider,
		baseUrl: string,
		protected readonly route = "v1/chat/completions",
		clientSideRoutingOnly = false,
	) {
		super(provider, "conversational", baseUrl, clientSideRoutingOnly);
	}

	makeRoute(): string {
		return this.route;
	}

	preparePayload(params: BodyParams): Record<string, unknown> {
		return omitClientArgs(params.args, { model: params.model });
	}

	async getResponse(body: unknown): Promise<unknown> {
		if (
			isRecord(body) &&
			Array.isArray(body.choices) &&
			typeof body.created === "number" &&
			typeof body.model === "string" &&
			typeof body.id === "string"
		) {
			return body;
		}
		throw invalidOutput("a chat completion: { id, created, model, choices[] }");
	}
}

/** The text-generation task's parameter names that the OpenAI routes spell differently. */
const OPENAI_NAMES: Record<string, string> = { max_new_tokens: "max_tokens", stop_sequences: "stop" };

/** Parameters of the text-generation task that an OpenAI route has no use for. */
const TASK_API_ONLY = new Set(["do_sample", "details", "decoder_input_details", "watermark", "return_full_text"]);

/**
 * The text-generation task's parameters as an OpenAI route names them
 * (`max_new_tokens` → `max_tokens`, `stop_sequences` → `stop`), without the
 * ones only the task API knows; on the completions route `return_full_text`
 * is `echo` (the prompt before the generated text).
 */
export function generationParameters(parameters: unknown, route: "chat" | "completions"): Record<string, unknown> {
	const fields: Record<string, unknown> = {};
	for (const [name, value] of Object.entries(isRecord(parameters) ? parameters : {})) {
		if (name === "return_full_text" && route === "completions") fields.echo = value;
		else if (!TASK_API_ONLY.has(name)) fields[OPENAI_NAMES[name] ?? name] = value;
	}
	return fields;
}

/**
 * OpenAI-compatible text completion: POST {base}/v1/completions; the answer's
 * first choice becomes `{ generated_text }`.
 */
export class OpenAICompatibleTextGenerationTask extends TaskProviderHelper {
	constructor(
		provider: InferenceProvider,
		baseUrl: string,
		protected readonly route = "v1/completions",
	) {
		super(provider, "text-generation", baseUrl);
	}

	makeRoute(): string {
		return this.route;
	}

	preparePayload(params: BodyParams): Record<string, unknown> {
		const { inputs, parameters, ...rest } = omitClientArgs(params.args);
		return { ...rest, ...generationParameters(parameters, "completions"), prompt: inputs, model: params.model };
	}

	async getResponse(body: unknown): Promise<unknown> {
		const choice = isRecord(body) && Array.isArray(body.choices) ? body.choices[0] : undefined;
		if (isRecord(choice) && typeof choice.text === "string") {
			return { generated_text: choice.text };
		}
		throw invalidOutput("a completion: { choices: [{ text }] }");
	}
}
