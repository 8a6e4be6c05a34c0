/** Follow-up requests for providers that answer "queued" first and the result later. */
import { InferenceClientProviderOutputError } from "../errors.js";
import { abortError, networkError, readBody, sleep } from "./http.js";
import type { ResponseContext } from "./response-context.js";
import { sendRequest } from "./send.js";

/**
 * GETs (or sends `init` to) `url` with the call's fetch, deadline and retry
 * rules; a non-2xx answer is a provider API error, a body that is not a JSON
 * object an output error.
 */
export async function fetchJson(url: string, context: ResponseContext, init: RequestInit = {}): Promise<unknown> {
	const request = { method: "GET", headers: context.headers, ...init };
	const response = await sendRequest(url, request, {
		fetch: context.fetch,
		signal: context.signal,
		maxRetries: context.maxRetries,
		errorPrefix: "Failed to fetch the status of the request",
	});
	const body = await readBody(response, context.signal);
	if (typeof body !== "object" || body === null) {
		throw new InferenceClientProviderOutputError(
			`Invalid inference output: expected a JSON status from ${new URL(url).pathname}, got ${JSON.stringify(String(body).slice(0, 200))}`,
		);
	}
	return body;
}

/** Downloads a result file (image, video, audio) as a Blob, within the call's deadline. */
export async function fetchBlob(url: string, context: ResponseContext): Promise<Blob> {
	const response = await sendRequest(
		url,
		{ method: "GET" },
		{
			fetch: context.fetch,
			signal: context.signal,
			maxRetries: context.maxRetries,
			errorPrefix: "Failed to download the result",
		},
	);
	try {
		return await response.blob();
	} catch (error) {
		if (context.signal?.aborted) throw abortError(context.signal, error);
		throw networkError(url, error);
	}
}

/**
 * Calls `check` until it returns a value, waiting `intervalMs` between calls, at
 * most `maxAttempts` times (unbounded when omitted); the call's signal ends it.
 */
export async function poll<T>(
	check: () => Promise<T | undefined>,
	options: { intervalMs: number; maxAttempts?: number; signal?: AbortSignal; what: string },
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
