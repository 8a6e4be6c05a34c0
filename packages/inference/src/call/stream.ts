/**
 * Streamed calls: resolve, build with `stream: true`, send, then the answer's
 * server-sent events as parsed JSON payloads up to `[DONE]`. The request is
 * sent on the first `next()`. A stream cut before `[DONE]`, an error event and
 * a broken connection are typed errors; leaving the loop early closes the
 * connection.
 */
import {
	InferenceClientError,
	InferenceClientProviderApiError,
	InferenceClientProviderOutputError,
	redactRequest,
	redactSecret,
} from "../errors.js";
import { abortError, withDeadline } from "../lib/http.js";
import { sendRequest } from "../lib/send.js";
import { SseDecoder } from "../lib/sse.js";
import { isRecord } from "../lib/validate.js";
import type { InferenceTask, Options, RequestArgs } from "../types.js";
import { assembleRequest, type RequestOptions } from "./request.js";
import { type ResolveOptions, resolveCall } from "./resolve.js";
import { sendOptions } from "./task.js";

/** A task's stream (`chatCompletionStream`, `textGenerationStream`). */
export function runStream<T>(args: RequestArgs, options: RequestOptions): AsyncGenerator<T> {
	return streamCall<T>(args, { ...options, anyTask: false });
}

/** A stream for any task (see `request`): the payloads as they came. */
export function streamingRequest<T>(
	args: RequestArgs,
	options: Options & { task?: InferenceTask } = {},
): AsyncGenerator<T> {
	return streamCall<T>(args, { ...options, anyTask: true });
}

async function* streamCall<T>(args: RequestArgs, options: ResolveOptions): AsyncGenerator<T> {
	const callOptions = withDeadline(options);
	const call = await resolveCall(args, callOptions);
	const { url, init } = await assembleRequest(call, args, { ...callOptions, stream: true });
	const response = await sendRequest(url, init, sendOptions(args, callOptions));
	if (!response.body) {
		throw new InferenceClientProviderOutputError("Invalid inference output: expected a streamed response body");
	}
	const { signal } = callOptions;
	const { status } = response;
	const reader = response.body.getReader();
	const decoder = new SseDecoder();
	let finished = false;
	try {
		for (;;) {
			let chunk: ReadableStreamReadResult<Uint8Array>;
			try {
				chunk = await reader.read();
			} catch (error) {
				throw interrupted(error, signal);
			}
			const { done, value } = chunk;
			for (const { data, event } of done ? decoder.end() : decoder.push(value)) {
				if (data === "[DONE]") {
					// The server ends the response here: cancelling would close a connection that is about to go back to the pool.
					finished = true;
					return;
				}
				yield completionPayload(data, event, url, status, args.accessToken) as T;
			}
			if (done) {
				finished = true;
				throw new InferenceClientProviderOutputError("Invalid inference output: the stream ended before [DONE]");
			}
		}
	} finally {
		// Closes the connection when the loop is left before the stream's end (an error, a break).
		if (!finished) await reader.cancel().catch(() => undefined);
		reader.releaseLock();
	}
}

/** What a failed read becomes: an abort, or a connection broken mid-stream (it never reached [DONE]). */
function interrupted(error: unknown, signal: AbortSignal | undefined): unknown {
	if (signal?.aborted) return abortError(signal, error);
	if (error instanceof InferenceClientError) return error;
	return new InferenceClientProviderOutputError(
		`Invalid inference output: the stream was interrupted before [DONE] (${error instanceof Error ? error.message : String(error)})`,
	);
}

/** One event's JSON payload. Error events, and payloads carrying an `error`, become typed errors. */
function completionPayload(
	data: string,
	event: string,
	url: string,
	status: number,
	secret: string | undefined,
): unknown {
	if (event === "error") throw streamError(data, url, status, secret);
	let payload: unknown;
	try {
		payload = JSON.parse(data);
	} catch {
		throw new InferenceClientProviderOutputError(
			`Invalid inference output: expected JSON in a stream event, got ${JSON.stringify(redactSecret(data, secret).slice(0, 200))}`,
		);
	}
	if (isRecord(payload) && payload.error != null) {
		throw streamError(data, url, status, secret);
	}
	return payload;
}

function streamError(
	data: string,
	url: string,
	status: number,
	secret: string | undefined,
): InferenceClientProviderApiError {
	let detail: unknown = data;
	try {
		const parsed: unknown = JSON.parse(data);
		detail = isRecord(parsed) && parsed.error !== undefined ? parsed.error : parsed;
	} catch {
		// plain-text error event
	}
	detail = redactSecret(detail, secret);
	const text =
		typeof detail === "string"
			? detail
			: isRecord(detail) && typeof detail.message === "string"
				? detail.message
				: JSON.stringify(detail);
	return new InferenceClientProviderApiError(
		`Error forwarded from backend: ${text}`,
		redactRequest(url, { method: "POST" }, secret),
		{ status, body: detail },
	);
}
