/** Runs one task call: build, send (with retries), read, and hand the body to the provider helper. */
import { InferenceClientProviderOutputError } from "../errors.js";
import type { InferenceTask, Options, OutputType, RequestArgs } from "../types.js";
import { CompletionStream, type OpenedStream } from "./completion-stream.js";
import { abortError, afterFailure, deadline, fetchSignal, networkError, parseBody, send } from "./http.js";
import { prepareRequest, type RequestOptions } from "./request.js";

export interface TaskCallOptions extends RequestOptions {
	outputType?: OutputType;
}

/**
 * A task call's options, field by field. Every call makes one, so it is a
 * literal of one fixed shape: V8 reads it through monomorphic inline caches, where
 * `{ ...options, task }` (a copy of whatever shape the caller passed, plus a
 * property stored out of line) cost about 1.5 % of a loopback request in
 * bench/inference-alternating.mjs. Only the options below reach a task.
 */
export function taskOptions(options: TaskCallOptions | Options | undefined, task: InferenceTask): TaskCallOptions {
	// Every key spelled out (the type says so): an option added to Options and forgotten here fails to compile.
	const copy: { [K in keyof Required<TaskCallOptions>]: TaskCallOptions[K] } = {
		task,
		stream: undefined,
		hubUrl: options?.hubUrl,
		routerUrl: options?.routerUrl,
		billTo: options?.billTo,
		fetch: options?.fetch,
		signal: options?.signal,
		timeout: options?.timeout,
		retry_on_error: options?.retry_on_error,
		includeCredentials: options?.includeCredentials,
		outputType: (options as TaskCallOptions | undefined)?.outputType,
	};
	return copy;
}

/** The call's options with its one deadline: hub look-ups, retries, reading and polling share it. */
function withDeadline<O extends RequestOptions>(options: O): { options: O; signal: AbortSignal } {
	const signal = deadline(options.signal, options.timeout);
	// Without a signal or timeout there is nothing to bind: no copy of the options.
	if (options.timeout === undefined) return { options, signal };
	return { options: { ...options, signal, timeout: undefined }, signal };
}

export async function runTask<T>(args: RequestArgs, callOptions: TaskCallOptions): Promise<T> {
	const { options, signal } = withDeadline(callOptions);
	const pending = prepareRequest(args, options);
	const prepared = pending instanceof Promise ? await pending : pending;
	const { url, init, helper } = prepared;
	// The first send inline (no wrapper promise: an await in a try is free); the retry/error path,
	// and its options object, only when it is needed.
	let response: Response;
	const active = fetchSignal(signal);
	try {
		response = await (options.fetch ?? fetch)(url, active ? { ...init, signal: active } : init);
	} catch (error) {
		throw signal.aborted ? abortError(signal, error) : networkError(url, error);
	}
	if (!response.ok) {
		response = await afterFailure(
			response,
			url,
			init,
			{
				fetch: options.fetch,
				retry_on_error: options.retry_on_error,
				secret: args.accessToken,
				chat: options.task === "conversational",
			},
			signal,
		);
	}
	let body: unknown;
	try {
		body = helper.responseKind === "blob" ? await response.blob() : parseBody(await response.text(), response);
	} catch (error) {
		if (signal.aborted) throw abortError(signal, error);
		throw new InferenceClientProviderOutputError(
			`Invalid inference output: the response body could not be read (${error instanceof Error ? error.message : String(error)})`,
		);
	}
	const output = helper.getResponse(body, {
		url,
		headers: init.headers,
		authMethod: prepared.authMethod,
		routerUrl: prepared.routerUrl,
		outputType: options.outputType,
		fetch: options.fetch ?? fetch,
		signal,
		args: args as Record<string, unknown>,
	});
	return (output instanceof Promise ? await output : output) as T;
}

/** Sends a streamed call: the response whose body is the event stream, once its status is a success. */
async function openStream(args: RequestArgs, callOptions: RequestOptions): Promise<OpenedStream> {
	const { options, signal } = withDeadline(callOptions);
	const prepared = await prepareRequest(args, { ...options, stream: true });
	const response = await send(prepared.url, prepared.init, {
		fetch: options.fetch,
		signal,
		retry_on_error: options.retry_on_error,
		secret: args.accessToken,
		chat: options.task === "conversational",
	});
	if (!response.body) {
		throw new InferenceClientProviderOutputError("Invalid inference output: expected a streamed response body");
	}
	return { response, url: prepared.url, signal };
}

/**
 * A completion stream: parsed JSON payloads up to `[DONE]`, read as they
 * arrive. The request is sent on the first `next()`. A stream cut before
 * `[DONE]`, an error event and a broken connection are typed errors; leaving the
 * loop early cancels the response body.
 */
export function runStream<T>(args: RequestArgs, callOptions: RequestOptions): AsyncGenerator<T> {
	return new CompletionStream<T>(() => openStream(args, callOptions), args.accessToken);
}
