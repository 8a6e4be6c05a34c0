/**
 * HTTP utilities every request uses: one deadline per call, typed errors for
 * aborts and unreachable servers, and response bodies read into JSON or text
 * and error bodies into a readable message.
 */
import { InferenceClientAbortError, InferenceClientError } from "../errors.js";
import type { Options } from "../types.js";
import { isRecord } from "./validate.js";

/**
 * One signal for the whole call: it fires when the caller's signal does or when
 * `timeout` milliseconds have passed. Undefined when there is neither.
 */
export function deadline(signal: AbortSignal | undefined, timeout: number | undefined): AbortSignal | undefined {
	if (timeout === undefined) return signal;
	const timer = AbortSignal.timeout(timeout);
	return signal ? AbortSignal.any([signal, timer]) : timer;
}

/** The options with their deadline as `signal`: what every step of one call (look-ups, retries, reading) shares. */
export function withDeadline<O extends Options>(options: O): O {
	if (options.timeout === undefined) return options;
	return { ...options, signal: deadline(options.signal, options.timeout), timeout: undefined };
}

/** The typed error for an abort: the timeout's, or the caller's own signal's. */
export function abortError(signal: AbortSignal, cause?: unknown): InferenceClientAbortError {
	const reason = signal.reason as { name?: string } | undefined;
	return new InferenceClientAbortError(reason?.name === "TimeoutError" ? "timeout" : "aborted", cause);
}

/** A request that got no answer at all. The URL is reduced to its origin: no path, no query, no credentials. */
export function networkError(url: string, cause: unknown): InferenceClientError {
	let origin = "the server";
	try {
		origin = new URL(url).origin;
	} catch {
		// not a URL: keep the generic name
	}
	const detail = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : "";
	return new InferenceClientError(`Failed to reach ${origin}${detail ? `: ${detail}` : ""}`);
}

/**
 * Connection errors that happen before a request's first byte is written: no
 * server listening, no such host, no route to it. Anything else (a reset, a
 * socket closed mid-way) may come after the server got the request.
 */
const NOT_SENT_CODES = new Set([
	"ECONNREFUSED",
	"ENOTFOUND",
	"EAI_AGAIN",
	"EHOSTUNREACH",
	"ENETUNREACH",
	"UND_ERR_CONNECT_TIMEOUT",
]);

/** Whether a failed fetch never sent the request (so sending it again cannot run it twice). */
export function failedBeforeSending(error: unknown): boolean {
	for (let cause = error, depth = 0; cause && typeof cause === "object" && depth < 5; depth++) {
		const code = (cause as { code?: unknown }).code;
		if (typeof code === "string" && NOT_SENT_CODES.has(code)) return true;
		cause = (cause as { cause?: unknown }).cause;
	}
	return false;
}

/**
 * One fetch: an abort (the caller's signal or the timeout) becomes the typed
 * abort error, a network failure a typed error naming the host.
 */
export async function fetchOrAbort(
	doFetch: typeof fetch,
	url: string,
	init: RequestInit,
	signal: AbortSignal | undefined,
): Promise<Response> {
	try {
		return await doFetch(url, signal ? { ...init, signal } : init);
	} catch (error) {
		throw signal?.aborted ? abortError(signal, error) : networkError(url, error);
	}
}

/** Waits `ms`, or rejects with the abort error as soon as `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(abortError(signal));
		const onAbort = () => {
			clearTimeout(timer);
			reject(abortError(signal as AbortSignal));
		};
		const timer = setTimeout(() => {
			signal?.removeEventListener("abort", onAbort);
			resolve();
		}, ms);
		signal?.addEventListener("abort", onAbort, { once: true });
	});
}

/**
 * Reads a body as JSON when it says (or looks) so, else as text. Never throws
 * on a bad body; a read cut by `signal` throws the typed abort error.
 */
export async function readBody(response: Response, signal?: AbortSignal): Promise<unknown> {
	let text: string;
	try {
		text = await response.text();
	} catch (error) {
		if (signal?.aborted) throw abortError(signal, error);
		throw networkError(response.url, error);
	}
	return parseBody(text, response);
}

/** A body's text as JSON when its type says so or it starts like an object or array; the text otherwise. */
export function parseBody(text: string, response: Response): unknown {
	const first = text.trimStart()[0];
	const json = first === "{" || first === "[" || (response.headers.get("content-type") ?? "").includes("json");
	if (!json) return text;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/** The most useful message a provider put in an error body. */
export function errorMessage(body: unknown): string {
	if (typeof body === "string") {
		const text = body.trim();
		// An HTML error page says nothing a caller can use but its title.
		const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1];
		if (title) return title.trim();
		return text ? text.slice(0, 500) : "An error occurred while fetching the blob";
	}
	if (isRecord(body)) {
		const { error, detail, message } = body;
		if (typeof error === "string") return error;
		if (isRecord(error) && typeof error.message === "string") return error.message;
		if (typeof detail === "string") return detail;
		if (Array.isArray(detail)) return JSON.stringify(detail);
		if (typeof message === "string") return message;
	}
	return "An error occurred while fetching the blob";
}
