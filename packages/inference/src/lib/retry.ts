/**
 * When a failed request is sent again, and how long to wait first. Inference
 * calls cost money, so the rules are careful about requests that may already
 * have run:
 *
 * - 503 (the model is loading): nothing ran. Sent again, with backoff or the
 *   server's `Retry-After`, until it answers otherwise, `retry_on_error` is
 *   false, the caller's signal aborts or the call's `timeout` passes.
 * - 429 with `Retry-After` (rate limited, the server says when to come back),
 *   and a connection that failed before any byte was sent: a few more tries
 *   (`maxRetries`, default 2).
 * - 502 and 504 (a gateway lost the answer): the request may have run and been
 *   billed, so only idempotent requests (GET: status polls, result downloads)
 *   are sent again, as above; a POST never is.
 *
 * `retryRule` is the one predicate: the send loop follows it, and
 * `InferenceClientProviderApiError.retryable` reports it.
 */
import { RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS } from "../config.js";

/** How many more tries a "limited" failure gets by default. */
export const DEFAULT_MAX_RETRIES = 2;

/**
 * "loading": retried until the call's deadline; "limited": retried at most
 * `maxRetries` times; undefined: not retried.
 */
export type RetryRule = "loading" | "limited" | undefined;

/** What is known of a failed attempt. */
export interface Failure {
	/** The answer's status; undefined when there was no answer. */
	status?: number;
	/** The answer's `Retry-After` header. */
	retryAfter?: string | null;
	/** No answer, and the request was never sent (connection refused, unknown host). */
	notSent?: boolean;
}

/** Whether sending the same request again may succeed without running it twice, and for how long to keep trying. */
export function retryRule(failure: Failure, method: string): RetryRule {
	const { status, retryAfter, notSent } = failure;
	if (status === 503) return "loading";
	if (status === 429 && retryAfter) return "limited";
	if ((status === 502 || status === 504) && isIdempotent(method)) return "limited";
	if (status === undefined && notSent) return "limited";
	return undefined;
}

function isIdempotent(method: string): boolean {
	const upper = method.toUpperCase();
	return upper === "GET" || upper === "HEAD";
}

/**
 * How long to wait before retry number `attempt` (from 0): the server's
 * `Retry-After` (seconds or an HTTP date) when it gives one, else a doubling
 * backoff with jitter, so that clients failed together do not retry together.
 * Both capped at RETRY_MAX_DELAY_MS. `random` is for tests.
 */
export function retryDelay(attempt: number, retryAfter: string | null | undefined, random = Math.random): number {
	if (retryAfter) {
		const seconds = Number(retryAfter);
		const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
		if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), RETRY_MAX_DELAY_MS);
	}
	const backoff = Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
	return Math.round(backoff * (0.5 + random() / 2));
}

/** Counts retries against the caller's policy. */
export class RetryBudget {
	#limitedLeft: number;
	readonly #enabled: boolean;

	constructor(policy: { retry_on_error?: boolean; maxRetries?: number }) {
		this.#enabled = policy.retry_on_error !== false;
		this.#limitedLeft = policy.maxRetries ?? DEFAULT_MAX_RETRIES;
	}

	/** Whether a failure under `rule` may be retried now; a "limited" retry uses up one try. */
	take(rule: RetryRule): boolean {
		if (!this.#enabled || rule === undefined) return false;
		if (rule === "loading") return true;
		if (this.#limitedLeft <= 0) return false;
		this.#limitedLeft--;
		return true;
	}
}
