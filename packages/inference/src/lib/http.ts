/**
 * Sending: one fetch with a deadline, 503 retries with backoff, and error
 * bodies turned into readable, typed errors.
 */
import { RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS } from "../config.js";
import {
	InferenceClientAbortError,
	InferenceClientError,
	InferenceClientProviderApiError,
	redactRequest,
	redactSecret,
} from "../errors.js";

/**
 * Reads a body as JSON when it says (or looks) so, else as text. Never throws on
 * a bad body; a read cut by `signal` throws the typed abort error.
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

/** A body's text as JSON when it looks or says so (JSON.parse failing leaves the text). */
export function parseBody(text: string, response: Response): unknown {
	// An object or array is tried without asking the headers: the usual answer costs no header look-up.
	if (looksLikeJson(text) || (response.headers.get("content-type") ?? "").includes("json")) {
		try {
			return JSON.parse(text);
		} catch {
			return text;
		}
	}
	return text;
}

function looksLikeJson(text: string): boolean {
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		// space, tab, CR, LF
		if (code === 32 || code === 9 || code === 13 || code === 10) continue;
		return code === 123 || code === 91; // { or [
	}
	return false;
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
	if (body && typeof body === "object") {
		const fields = body as Record<string, unknown>;
		const error = fields.error;
		if (typeof error === "string") return error;
		if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
			return (error as { message: string }).message;
		}
		if (typeof fields.detail === "string") return fields.detail;
		if (Array.isArray(fields.detail)) return JSON.stringify(fields.detail);
		if (typeof fields.message === "string") return fields.message;
	}
	return "An error occurred while fetching the blob";
}

export interface SendOptions {
	fetch?: typeof fetch;
	signal?: AbortSignal;
	timeout?: number;
	retry_on_error?: boolean;
	/** The access token, so it can be kept out of errors. */
	secret?: string;
	/** Extra words for a failed chat call ("Server does not seem to support chat completion"). */
	chat?: boolean;
}

/** A signal that fires on the caller's abort or when the timeout runs out. */
export function deadline(signal: AbortSignal | undefined, timeout: number | undefined): AbortSignal {
	if (timeout === undefined) return signal ?? NEVER;
	const timer = AbortSignal.timeout(timeout);
	return signal ? AbortSignal.any([signal, timer]) : timer;
}

/** A signal that never fires, shared: calls without a signal or timeout allocate none. */
const NEVER: AbortSignal = new AbortController().signal;

/**
 * The signal to hand to `fetch`: none for the shared never-firing one. fetch
 * keeps an abort listener on its signal for as long as the response lives, so a
 * shared signal would gather listeners from every call.
 */
export function fetchSignal(signal: AbortSignal | undefined): AbortSignal | undefined {
	return signal === NEVER ? undefined : signal;
}

/** The typed error for an abort: timeout or the caller's own signal. */
export function abortError(signal: AbortSignal, cause?: unknown): InferenceClientAbortError {
	const reason = signal.reason as { name?: string } | undefined;
	return new InferenceClientAbortError(reason?.name === "TimeoutError" ? "timeout" : "aborted", cause);
}

/**
 * One fetch: an abort (caller's signal or timeout) becomes the typed abort error,
 * a network failure (refused, reset, DNS) a typed error naming the host.
 */
export function fetchOrAbort(
	doFetch: typeof fetch,
	url: string,
	init: RequestInit,
	signal: AbortSignal | undefined,
): Promise<Response> {
	const typed = (error: unknown) => (signal?.aborted ? abortError(signal, error) : networkError(url, error));
	// Not an async function: one promise per call instead of two, on every request's path.
	try {
		const active = fetchSignal(signal);
		return doFetch(url, active ? { ...init, signal: active } : init).then(undefined, (error: unknown) => {
			throw typed(error);
		});
	} catch (error) {
		return Promise.reject(typed(error));
	}
}

/** A request that got no answer at all. The URL is reduced to its origin: no query, no credentials. */
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

/** Waits `ms`, or rejects with the abort error when `signal` fires first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
	if (signal === NEVER) return new Promise((resolve) => setTimeout(resolve, ms));
	return new Promise((resolve, reject) => {
		if (signal.aborted) return reject(abortError(signal));
		const timer = setTimeout(() => {
			signal.removeEventListener("abort", onAbort);
			resolve();
		}, ms);
		const onAbort = () => {
			clearTimeout(timer);
			reject(abortError(signal));
		};
		signal.addEventListener("abort", onAbort, { once: true });
	});
}

/** How long to wait before retry number `attempt` (0-based): Retry-After when given, else backoff. */
export function retryDelay(attempt: number, retryAfter: string | null): number {
	if (retryAfter) {
		const seconds = Number(retryAfter);
		const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
		if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), RETRY_MAX_DELAY_MS);
	}
	return Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
}

/**
 * Sends the request; answers 503 by waiting and sending again (unless
 * `retry_on_error` is false) until success, another status, or the deadline.
 * Returns the first response that is not a 503; throws a typed error for any
 * non-2xx status.
 */
export async function send(url: string, init: RequestInit, options: SendOptions): Promise<Response> {
	const signal = deadline(options.signal, options.timeout);
	const response = await fetchOrAbort(options.fetch ?? fetch, url, init, signal);
	return response.ok ? response : afterFailure(response, url, init, options, signal);
}

/**
 * What follows a first answer that is not 2xx: retries of a 503, else the typed
 * error. Kept apart from the first send so that a successful call pays for none of it.
 */
export async function afterFailure(
	failed: Response,
	url: string,
	init: RequestInit,
	options: SendOptions,
	signal: AbortSignal,
): Promise<Response> {
	const doFetch = options.fetch ?? fetch;
	let response = failed;
	for (let attempt = 0; !response.ok; attempt++) {
		if (response.status !== 503 || options.retry_on_error === false)
			throw await failure(response, url, init, options, signal);
		await response.body?.cancel();
		await sleep(retryDelay(attempt, response.headers.get("retry-after")), signal);
		response = await fetchOrAbort(doFetch, url, init, signal);
	}
	return response;
}

/** The typed error for a non-2xx answer, with the provider's own message and the token kept out. */
async function failure(
	response: Response,
	url: string,
	init: RequestInit,
	options: SendOptions,
	signal: AbortSignal,
): Promise<InferenceClientProviderApiError> {
	let body: unknown;
	try {
		body = redactSecret(await readBody(response), options.secret);
	} catch (error) {
		if (signal.aborted) throw abortError(signal, error);
		body = "";
	}
	let message = redactSecret(errorMessage(body), options.secret);
	if (options.chat && [400, 404, 422, 500].includes(response.status)) {
		message = `Server does not seem to support chat completion. Error: ${message}`;
	}
	return new InferenceClientProviderApiError(
		`Failed to perform inference: ${message}`,
		redactRequest(url, init, options.secret),
		{
			status: response.status,
			requestId: response.headers.get("x-request-id") ?? undefined,
			body,
		},
	);
}
