/** Runs one task call: build, send (with retries), read, and hand the body to the provider helper. */
import { InferenceClientProviderOutputError } from "../errors.js";
import type { OutputType, RequestArgs } from "../types.js";
import { abortError, deadline, readBody, send } from "./http.js";
import { prepareRequest, type RequestOptions } from "./request.js";
import { readCompletionStream } from "./sse.js";

export interface TaskCallOptions extends RequestOptions {
	outputType?: OutputType;
}

export async function runTask<T>(args: RequestArgs, options: TaskCallOptions): Promise<T> {
	const prepared = await prepareRequest(args, options);
	// One deadline for the whole call: retries, reading and polling share it.
	const signal = deadline(options.signal, options.timeout);
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
			`Invalid inference output: the response body could not be read (${String(error)})`,
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
	})) as T;
}

export async function* runStream<T>(args: RequestArgs, options: RequestOptions): AsyncGenerator<T> {
	const prepared = await prepareRequest(args, { ...options, stream: true });
	const signal = deadline(options.signal, options.timeout);
	const response = await send(prepared.url, prepared.init, {
		fetch: options.fetch,
		signal,
		retry_on_error: options.retry_on_error,
		secret: args.accessToken,
		chat: options.task === "conversational",
	});
	try {
		yield* readCompletionStream<T>(response, prepared.url);
	} catch (error) {
		if (signal.aborted) throw abortError(signal, error);
		throw error;
	}
}
