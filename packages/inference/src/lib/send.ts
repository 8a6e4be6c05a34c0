/**
 * The send step: one request, sent again as the retry rules allow
 * (./retry.ts), within the call's deadline. A success is returned as it is;
 * any other answer becomes an `InferenceClientProviderApiError` carrying the
 * provider's message, with the token kept out.
 */
import { InferenceClientProviderApiError, redactRequest, redactSecret } from "../errors.js";
import { abortError, errorMessage, failedBeforeSending, networkError, readBody, sleep } from "./http.js";
import { RetryBudget, type RetryRule, retryDelay, retryRule } from "./retry.js";

export interface SendOptions {
	fetch?: typeof fetch;
	/** The call's deadline (see `deadline`). */
	signal?: AbortSignal;
	/** False: no retries at all. */
	retry_on_error?: boolean;
	/** Tries after a rate limit, a gateway error or a connection that was never made. */
	maxRetries?: number;
	/** The access token, kept out of errors. */
	secret?: string;
	/** Words put before the provider's message in the error ("Failed to perform inference"). */
	errorPrefix?: string;
	/** Extra words for a failed chat call ("Server does not seem to support chat completion"). */
	chat?: boolean;
}

/** Sends the request, retrying as the rules allow; resolves with the first 2xx answer. */
export async function sendRequest(url: string, init: RequestInit, options: SendOptions): Promise<Response> {
	const doFetch = options.fetch ?? fetch;
	const { signal } = options;
	const method = init.method ?? "GET";
	const budget = new RetryBudget(options);
	for (let attempt = 0; ; attempt++) {
		let response: Response;
		let rule: RetryRule;
		try {
			response = await doFetch(url, signal ? { ...init, signal } : init);
		} catch (error) {
			if (signal?.aborted) throw abortError(signal, error);
			rule = retryRule({ notSent: failedBeforeSending(error) }, method);
			if (!budget.take(rule)) throw networkError(url, error);
			await sleep(retryDelay(attempt, undefined), signal);
			continue;
		}
		if (response.ok) return response;
		const retryAfter = response.headers.get("retry-after");
		rule = retryRule({ status: response.status, retryAfter }, method);
		if (!budget.take(rule)) throw await providerError(response, url, init, options);
		// The failed answer's body is not needed: let its connection go back to the pool.
		await response.body?.cancel();
		await sleep(retryDelay(attempt, retryAfter), signal);
	}
}

/** The typed error for a non-2xx answer, with the provider's own message and the token kept out. */
async function providerError(
	response: Response,
	url: string,
	init: RequestInit,
	options: SendOptions,
): Promise<InferenceClientProviderApiError> {
	let body: unknown;
	try {
		body = redactSecret(await readBody(response), options.secret);
	} catch (error) {
		if (options.signal?.aborted) throw abortError(options.signal, error);
		body = "";
	}
	let message = redactSecret(errorMessage(body), options.secret);
	if (options.chat && [400, 404, 422, 500].includes(response.status)) {
		message = `Server does not seem to support chat completion. Error: ${message}`;
	}
	return new InferenceClientProviderApiError(
		`${options.errorPrefix ?? "Failed to perform inference"}: ${message}`,
		redactRequest(url, init, options.secret),
		{
			status: response.status,
			requestId: response.headers.get("x-request-id") ?? undefined,
			retryAfter: response.headers.get("retry-after") ?? undefined,
			body,
		},
	);
}
