/**
 * What the router needs from the rest of the hub: the hooks it calls, and the request context it
 * reads (`HubEnv`, declared once in src/deps.ts).
 */
import type { PipelineType } from "@hubkit/tasks";
import type { Context } from "hono";
import type { HubEnv } from "../deps.js";
import type { InferenceEndpoints } from "./endpoints.js";
import type { FollowUpStore } from "./follow-ups.js";
import type { ProviderKeys } from "./provider-keys.js";
import type { UpstreamTimeouts } from "./upstream.js";

/** A hub user, as the token check knows them. */
export interface RouterUser {
	user: string;
}

/** Plain-text lines; the router never passes it tokens, keys or request bodies. */
export interface RouterLogger {
	info(message: string): void;
	warn(message: string): void;
	/** `fields` carry the request id, so a failure can be found from the client's `X-Request-Id`. */
	error(message: string, error?: unknown, fields?: Record<string, string | undefined>): void;
}

/** One task call for the local runtime: the body as the client sent it. */
export interface LocalTaskRequest {
	model: string;
	/** The authenticated caller's user name: private models are theirs alone. Undefined: anonymous, public models only. */
	user: string | undefined;
	/** From the URL (`…/pipeline/{task}`); otherwise the runtime takes the model's own pipeline tag. */
	task: PipelineType | undefined;
	body: Uint8Array;
	contentType: string | undefined;
	/** Told the task the runtime ran when `task` is undefined (the model's own pipeline tag), for the metrics. */
	ranTask?(task: string): void;
	signal: AbortSignal;
}

/** An OpenAI-style chat or text completion: the parsed JSON body and the model it is for. */
export interface LocalCompletionRequest {
	model: string;
	/** The authenticated caller's user name; undefined for an anonymous caller. */
	user: string | undefined;
	body: Record<string, unknown>;
	signal: AbortSignal;
}

/**
 * The hub's own inference (hf-inference). It answers with a complete Response,
 * streams included, and itself says why a model cannot run (a 400; it loads models on first call).
 */
export interface LocalRuntime {
	run(request: LocalTaskRequest): Promise<Response>;
	/** `/v1/chat/completions`. */
	chat(request: LocalCompletionRequest): Promise<Response>;
	/** `/v1/completions` (the client's text-generation route). */
	complete(request: LocalCompletionRequest): Promise<Response>;
}

/** One inference call, for the host's metrics: no model id, user or token in it, so labels stay bounded. */
export interface InferenceCall {
	/** `hf-inference` for the local runtime, otherwise the provider's id. */
	provider: string;
	task: string;
	status: number;
	/** Until the answer's head was ready. */
	seconds: number;
}

/**
 * A request's context as the router sees it: the hub's variables (deps.ts `HubEnv`), so the
 * caller its middleware identified is `c.get("caller")` (undefined when no host set one).
 */
export type RouterContext = Context<HubEnv>;

export interface RouterDeps {
	/** The operator's keys, e.g. from `loadProviderKeys(process.env, configPath)`. */
	providerKeys: ProviderKeys;
	/**
	 * Base URLs that replace the built-in ones, by provider id; `{provider}.{subdomain}`
	 * (e.g. `fal-ai.queue`) replaces one `_subdomain` host. Wins over `providerKeys[id].baseUrl`.
	 */
	providerBaseUrls?: Partial<Record<string, string>>;
	/** Resolves a hub access token to its user, or undefined when it is unknown or revoked. */
	/** `c` lets a host that has already identified this request's token answer without a second look-up. */
	authenticate(token: string, c?: RouterContext): Promise<RouterUser | undefined>;
	/** Deadlines for provider calls (connect, first byte, idle); DEFAULT_UPSTREAM_TIMEOUTS otherwise. */
	upstreamTimeouts?: UpstreamTimeouts;
	/** Who started which queued provider request; in memory when left out (a hub passes its database). */
	followUps?: FollowUpStore;
	/** A provider's non-streamed answer is read whole before it is passed on; above this it is a 502. */
	maxResponseBytes?: number;
	/**
	 * Lets a request without an Authorization header use hf-inference (public models only):
	 * undefined admits it, a Response (a 429) is sent instead. Without it those routes need a token.
	 */
	admitAnonymous?: (c: RouterContext) => Promise<Response | undefined>;
	/**
	 * The user of a browser session the host has already identified (and checked against cross-site
	 * requests) for a request without an Authorization header; hf-inference runs as that user, so a
	 * signed-in person's private models work from the site's widgets. Provider calls still need a token.
	 */
	sessionUser?: (c: RouterContext) => RouterUser | undefined;
	/**
	 * Aborted when the hub shuts down: provider calls in flight stop waiting, so their callers get
	 * an answer (502 HubShuttingDown) before the shutdown deadline instead of a cut connection.
	 */
	shutdownSignal?: AbortSignal;
	/** hf-inference; without it those routes answer 400 ProviderNotConfigured. */
	localRuntime?: LocalRuntime;
	/**
	 * Models the operator sent to OpenAI-compatible servers (`HUBKIT_ENDPOINTS`): their chat,
	 * completion and text-generation calls go there, before (and without) the local runtime.
	 */
	endpoints?: InferenceEndpoints;
	/**
	 * What the hub holds of a model an endpoint serves, for the caller of `request` (`user`:
	 * undefined when anonymous): undefined when the hub has no such model. Without it every
	 * mapped model counts as public and its task as text-generation.
	 */
	lookUpModel?(model: string, c: RouterContext, user: string | undefined): Promise<EndpointModelFacts | undefined>;
	logger?: RouterLogger;
	/** Hears every inference call once answered (the hub counts them in its metrics). */
	onInference?: (call: InferenceCall) => void;
	/** Request bodies above this many bytes get a 413. Default: DEFAULT_MAX_BODY_BYTES. */
	maxBodyBytes?: number;
}

/** A model the hub holds, as an endpoint call needs to know it. */
export interface EndpointModelFacts {
	/** False for a private model the caller may not see: it is as missing as an unknown one. */
	visible: boolean;
	pipelineTag: string | undefined;
}

/** Large enough for an image or a minute of audio sent base64-encoded inside JSON. */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

/** Room for base64 images and audio in a provider's JSON answer. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
