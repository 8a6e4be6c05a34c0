/**
 * The build step: URL, headers and body of a resolved call, built fresh for
 * every call from its own arguments. One source of truth for what is sent:
 * the task functions, the snippet generator and the tests all build here.
 */
import { HEADER_BILL_TO, HF_HUB_URL, HF_ROUTER_URL } from "../config.js";
import { withDeadline } from "../lib/http.js";
import type { BodyParams } from "../providers/provider-helper.js";
import type { InferenceTask, Options, RequestArgs } from "../types.js";
import { PACKAGE_NAME, PACKAGE_VERSION } from "../version.js";
import { type ResolvedCall, resolveCall } from "./resolve.js";

export interface RequestOptions extends Options {
	/** The task the call performs; decides the provider helper. */
	task: InferenceTask;
	/** Ask for a server-sent-events stream. */
	stream?: boolean;
}

/** What the build step reads besides the resolved call and the arguments. */
export type BuildOptions = Omit<RequestOptions, "task">;

export interface BuiltRequest {
	url: string;
	init: RequestInit & { headers: Record<string, string> };
}

/**
 * The URL, headers and body the client would send for this call, without
 * sending anything (it may ask the hub for the model's mapping).
 */
export async function buildRequest(args: RequestArgs, options: RequestOptions): Promise<BuiltRequest> {
	const callOptions = withDeadline(options);
	return assembleRequest(await resolveCall(args, callOptions), args, callOptions);
}

/** The request for a resolved call. */
export async function assembleRequest(
	call: ResolvedCall,
	args: RequestArgs,
	options: BuildOptions,
): Promise<BuiltRequest> {
	const url = requestUrl(call, args, options);
	const headers = requestHeaders(call, args, options);
	const body = await call.helper.makeBody(bodyParams(call, args, options));
	// A multipart body sets its own Content-Type, with the boundary.
	if (body instanceof FormData) delete headers["Content-Type"];
	const init: BuiltRequest["init"] = { method: "POST", headers, body };
	if (call.authMethod === "credentials-include") {
		init.credentials =
			typeof options.includeCredentials === "string" ? (options.includeCredentials as RequestCredentials) : "include";
	}
	return { url, init };
}

/** Where the call goes: a dedicated endpoint, or the provider's route (through the router with a hub token). */
export function requestUrl(call: ResolvedCall, args: RequestArgs, options: BuildOptions): string {
	if (args.endpointUrl) return endpointFor(args.endpointUrl, call.task);
	return call.helper.makeUrl({
		authMethod: call.authMethod,
		model: call.providerModel,
		task: call.task,
		routerUrl: routerUrlOf(options),
	});
}

/** Authorization, content type (none for a raw binary body), User-Agent and billing. */
export function requestHeaders(call: ResolvedCall, args: RequestArgs, options: BuildOptions): Record<string, string> {
	const binary = call.helper.binaryInput && (args as { data?: unknown }).data instanceof Blob;
	const headers = call.helper.prepareHeaders({ accessToken: args.accessToken, authMethod: call.authMethod }, binary);
	headers["User-Agent"] = userAgent();
	if (options.billTo) headers[HEADER_BILL_TO] = options.billTo;
	return headers;
}

/** What the provider helper builds the body from. */
export function bodyParams(call: ResolvedCall, args: RequestArgs, options: BuildOptions): BodyParams {
	const fields = args as Record<string, unknown>;
	return {
		args: options.stream ? { ...fields, stream: true } : fields,
		model: call.providerModel,
		mapping: call.mapping,
		task: call.task,
		hubUrl: trimSlashes(options.hubUrl ?? HF_HUB_URL),
	};
}

export function routerUrlOf(options: Options): string {
	return trimSlashes(options.routerUrl ?? HF_ROUTER_URL);
}

export function trimSlashes(url: string): string {
	return url.replace(/\/+$/, "");
}

/** A dedicated endpoint speaks the OpenAI chat route for chat; other tasks post to the URL itself. */
function endpointFor(endpointUrl: string, task: InferenceTask | undefined): string {
	const base = trimSlashes(endpointUrl);
	if (task === "conversational" && !base.endsWith("/chat/completions")) return `${base}/v1/chat/completions`;
	return base;
}

/** `@hubkit/inference/<version>`, followed in a browser by the browser's own agent. */
function userAgent(): string {
	const own = `${PACKAGE_NAME}/${PACKAGE_VERSION}`;
	const browser = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent;
	// Node 21+ defines navigator too; only a browser's agent is worth adding.
	return browser && !browser.startsWith("Node.js") ? `${own} ${browser}` : own;
}
