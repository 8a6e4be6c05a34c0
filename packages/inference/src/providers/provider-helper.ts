/**
 * A provider helper knows, for one provider and one task, where the request
 * goes, what it carries, and how to read what comes back. The request layer
 * (../lib/request.ts) calls these in order: makeUrl, prepareHeaders, makeBody;
 * then ../lib/http.ts sends it and getResponse reads the answer.
 */
import { invalidOutput } from "../errors.js";
import type {
	AuthMethod,
	BodyParams,
	HeaderParams,
	InferenceProvider,
	InferenceTask,
	OutputType,
	UrlParams,
} from "../types.js";

/** What getResponse may use besides the body: follow-up requests (polling) go through it. */
export interface ResponseContext {
	/** The URL the request was sent to. */
	url: string;
	/** The request's headers (with credentials), for follow-up requests. */
	headers: Record<string, string>;
	authMethod: AuthMethod;
	routerUrl: string;
	outputType?: OutputType;
	fetch: typeof fetch;
	/** Aborts when the caller's signal does or the timeout runs out. */
	signal: AbortSignal;
	/** The caller's arguments, for outputs whose shape follows the input (one text → one vector). */
	args?: Record<string, unknown>;
}

/** How the response body is read before getResponse sees it. */
export type ResponseKind = "json" | "blob";

export abstract class TaskProviderHelper {
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
		let base = this.makeBaseUrl(params);
		let route = this.makeRoute(params);
		// Most bases and routes are clean: test before paying for a regex.
		if (base.endsWith("/")) base = base.replace(/\/+$/, "");
		if (route.startsWith("/")) route = route.replace(/^\/+/, "");
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

	/**
	 * The body as sent: JSON text, or the raw input for binary tasks. Synchronous
	 * unless the payload has to wait (media read into base64 or a data URL).
	 */
	makeBody(params: BodyParams): BodyInit | Promise<BodyInit> {
		if (this.binaryInput && params.args.data instanceof Blob) {
			return params.args.data;
		}
		try {
			const payload = this.preparePayload(params);
			return payload instanceof Promise ? payload.then((value) => JSON.stringify(value)) : JSON.stringify(payload);
		} catch (error) {
			// Callers await the body: a bad input rejects, as from an async function.
			return Promise.reject(error);
		}
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

/** Whether `value` is a plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Arguments that only steer the client: never sent to a provider. */
const CLIENT_ARGS = new Set(["accessToken", "model", "provider", "endpointUrl", "data"]);

/**
 * Arguments without the ones that only steer the client, with `extra` fields
 * set last (the provider-side model id, say). One pass over the arguments: a
 * rest pattern (`{ a, ...rest }`) costs several times more per call in V8.
 */
export function omitClientArgs(
	args: Record<string, unknown>,
	extra?: Record<string, unknown>,
): Record<string, unknown> {
	const rest: Record<string, unknown> = {};
	for (const key in args) {
		if (!CLIENT_ARGS.has(key) && Object.hasOwn(args, key)) rest[key] = args[key];
	}
	return extra ? Object.assign(rest, extra) : rest;
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
		return {
			...rest,
			...(isRecord(parameters) ? parameters : {}),
			prompt: inputs,
			model: params.model,
		};
	}

	async getResponse(body: unknown): Promise<unknown> {
		const choice = isRecord(body) && Array.isArray(body.choices) ? body.choices[0] : undefined;
		if (isRecord(choice) && typeof choice.text === "string") {
			return { generated_text: choice.text };
		}
		throw invalidOutput("a completion: { choices: [{ text }] }");
	}
}
