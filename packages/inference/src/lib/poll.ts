/** Follow-up requests for providers that answer "queued" first and the result later. */
import {
	InferenceClientError,
	InferenceClientProviderApiError,
	InferenceClientProviderOutputError,
	redactRequest,
} from "../errors.js";
import type { ResponseContext } from "../providers/provider-helper.js";
import { abortError, errorMessage, fetchSignal, networkError, readBody, sleep } from "./http.js";

/** GETs (or sends `init` to) `url` with the call's fetch and deadline; non-2xx and non-JSON are typed errors. */
export async function fetchJson(url: string, context: ResponseContext, init: RequestInit = {}): Promise<unknown> {
	const request = { method: "GET", headers: context.headers, ...init };
	let response: Response;
	let body: unknown;
	try {
		response = await context.fetch(url, { ...request, signal: fetchSignal(context.signal) });
		body = await readBody(response);
	} catch (error) {
		if (context.signal.aborted) throw abortError(context.signal, error);
		throw error instanceof InferenceClientError ? error : networkError(url, error);
	}
	if (!response.ok) {
		throw new InferenceClientProviderApiError(
			`Failed to fetch the status of the request: ${errorMessage(body)}`,
			redactRequest(url, request),
			{ status: response.status, requestId: response.headers.get("x-request-id") ?? undefined, body },
		);
	}
	if (typeof body !== "object" || body === null) {
		throw new InferenceClientProviderOutputError(
			`Invalid inference output: expected a JSON status from ${new URL(url).pathname}, got ${JSON.stringify(String(body).slice(0, 200))}`,
		);
	}
	return body;
}

/** Downloads a result file (image, video, audio) as a Blob, within the call's deadline. */
export async function fetchBlob(url: string, context: ResponseContext): Promise<Blob> {
	try {
		const response = await context.fetch(url, { signal: fetchSignal(context.signal) });
		if (!response.ok) {
			throw new InferenceClientProviderApiError(
				`Failed to download the result: ${errorMessage(await readBody(response))}`,
				redactRequest(url, {}),
				{ status: response.status, body: "" },
			);
		}
		return await response.blob();
	} catch (error) {
		if (context.signal.aborted) throw abortError(context.signal, error);
		throw error instanceof InferenceClientError ? error : networkError(url, error);
	}
}

/**
 * Calls `check` until it returns a value, waiting `intervalMs` between calls, at
 * most `maxAttempts` times (unbounded when omitted); the call's signal ends it.
 */
export async function poll<T>(
	check: () => Promise<T | undefined>,
	options: { intervalMs: number; maxAttempts?: number; signal: AbortSignal; what: string },
): Promise<T> {
	for (let attempt = 1; ; attempt++) {
		const result = await check();
		if (result !== undefined) return result;
		if (options.maxAttempts !== undefined && attempt >= options.maxAttempts) {
			throw new InferenceClientProviderOutputError(
				`Invalid inference output: ${options.what} was not ready after ${options.maxAttempts} status checks`,
			);
		}
		await sleep(options.intervalMs, options.signal);
	}
}
