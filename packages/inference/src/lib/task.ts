/** Runs one task call: build, send (with retries), read, and hand the body to the provider helper. */
import { InferenceClientError, InferenceClientProviderOutputError } from "../errors.js";
import type { OutputType, RequestArgs } from "../types.js";
import { abortError, deadline, readBody, send } from "./http.js";
import { prepareRequest, type RequestOptions } from "./request.js";
import { readCompletionStream } from "./sse.js";

export interface TaskCallOptions extends RequestOptions {
	outputType?: OutputType;
}

/** The call's options with its one deadline: hub look-ups, retries, reading and polling share it. */
function withDeadline<O extends RequestOptions>(options: O): { options: O; signal: AbortSignal } {
	const signal = deadline(options.signal, options.timeout);
	return { options: { ...options, signal, timeout: undefined }, signal };
}

export async function runTask<T>(args: RequestArgs, callOptions: TaskCallOptions): Promise<T> {
	const { options, signal } = withDeadline(callOptions);
	const prepared = await prepareRequest(args, options);
	const response = await send(prepared.url, prepared.init, {
		fetch: options.fetch,
		signal,
		retry_on_error: options.retry_on_error,
		secret: args.accessToken,
		chat: options.task === "conversational",
	});
	let body: unknown;
	try {
		body = prepared.helper.responseKind === "blob" ? await response.blob() : await readBody(response);
	} catch (error) {
		if (signal.aborted) throw abortError(signal, error);
		throw new InferenceClientProviderOutputError(
			`Invalid inference output: the response body could not be read (${error instanceof Error ? error.message : String(error)})`,
		);
	}
	return (await prepared.helper.getResponse(body, {
		url: prepared.url,
		headers: prepared.init.headers,
		authMethod: prepared.authMethod,
		routerUrl: prepared.routerUrl,
		outputType: options.outputType,
		fetch: options.fetch ?? fetch,
		signal,
		args: args as Record<string, unknown>,
	})) as T;
}

export async function* runStream<T>(args: RequestArgs, callOptions: RequestOptions): AsyncGenerator<T> {
	const { options, signal } = withDeadline(callOptions);
	const prepared = await prepareRequest(args, { ...options, stream: true });
	const response = await send(prepared.url, prepared.init, {
		fetch: options.fetch,
		signal,
		retry_on_error: options.retry_on_error,
		secret: args.accessToken,
		chat: options.task === "conversational",
	});
	try {
		yield* readCompletionStream<T>(response, prepared.url, args.accessToken);
	} catch (error) {
		if (signal.aborted) throw abortError(signal, error);
		if (error instanceof InferenceClientError) throw error;
		// The connection broke mid-stream (reset, truncated chunk): the stream never reached [DONE].
		throw new InferenceClientProviderOutputError(
			`Invalid inference output: the stream was interrupted before [DONE] (${error instanceof Error ? error.message : String(error)})`,
		);
	}
}
