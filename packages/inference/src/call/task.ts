/**
 * One task call, step by step: resolve (provider, mapping, LoRA) → build (URL,
 * headers, body) → send (deadline, retries) → read (body, shape check by the
 * provider helper).
 */
import { InferenceClientProviderOutputError } from "../errors.js";
import { abortError, parseBody, withDeadline } from "../lib/http.js";
import { type SendOptions, sendRequest } from "../lib/send.js";
import type { RequestHelper } from "../providers/provider-helper.js";
import type { InferenceTask, Options, OutputType, RequestArgs } from "../types.js";
import { assembleRequest, type RequestOptions, routerUrlOf } from "./request.js";
import { resolveCall } from "./resolve.js";

export interface TaskCallOptions extends RequestOptions {
	/** How a media output is returned (Blob, URL, data URL or the provider's JSON). */
	outputType?: OutputType;
}

export async function runTask<T>(args: RequestArgs, options: TaskCallOptions): Promise<T> {
	const callOptions = withDeadline(options);
	const call = await resolveCall(args, callOptions);
	const request = await assembleRequest(call, args, callOptions);
	const response = await sendRequest(request.url, request.init, sendOptions(args, callOptions));
	const body = await readBody(response, call.helper, callOptions);
	return (await call.helper.getResponse(body, {
		url: request.url,
		headers: request.init.headers,
		authMethod: call.authMethod,
		routerUrl: routerUrlOf(callOptions),
		outputType: callOptions.outputType,
		fetch: callOptions.fetch ?? fetch,
		signal: callOptions.signal,
		maxRetries: callOptions.maxRetries,
		args: args as Record<string, unknown>,
	})) as T;
}

/**
 * A call for any task, the answer as it came (parsed JSON, text or a Blob), not
 * checked against a task's output. A task the provider has a helper for is
 * built by that helper; without one (or without a task), hf-inference takes
 * the arguments at its model route.
 */
export async function request<T>(args: RequestArgs, options: Options & { task?: InferenceTask } = {}): Promise<T> {
	const callOptions = withDeadline(options);
	const call = await resolveCall(args, { ...callOptions, anyTask: true });
	const built = await assembleRequest(call, args, callOptions);
	const response = await sendRequest(built.url, built.init, sendOptions(args, callOptions));
	return (await readAnyBody(response, callOptions)) as T;
}

/** The send step's options: the call's fetch, deadline and retry policy, and the token to keep out of errors. */
export function sendOptions(args: RequestArgs, options: Options & { task?: InferenceTask }): SendOptions {
	return {
		fetch: options.fetch,
		signal: options.signal,
		retry_on_error: options.retry_on_error,
		maxRetries: options.maxRetries,
		secret: args.accessToken,
		chat: options.task === "conversational",
	};
}

/** The read step's first half: the body as the helper expects it (JSON or text, or a Blob for media). */
async function readBody(response: Response, helper: RequestHelper, options: Options): Promise<unknown> {
	try {
		return helper.responseKind === "blob" ? await response.blob() : parseBody(await response.text(), response);
	} catch (error) {
		throw unreadable(error, options);
	}
}

/** A body by its content type: JSON, text, or anything else as a Blob. */
async function readAnyBody(response: Response, options: Options): Promise<unknown> {
	const type = response.headers.get("content-type") ?? "";
	try {
		if (type.includes("json")) return parseBody(await response.text(), response);
		return type.startsWith("text/") ? await response.text() : await response.blob();
	} catch (error) {
		throw unreadable(error, options);
	}
}

function unreadable(error: unknown, options: Options): Error {
	if (options.signal?.aborted) return abortError(options.signal, error);
	return new InferenceClientProviderOutputError(
		`Invalid inference output: the response body could not be read (${error instanceof Error ? error.message : String(error)})`,
	);
}
