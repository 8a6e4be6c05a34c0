/**
 * Every error the client throws is an `InferenceClientError`. Subclasses say
 * whose fault it is and carry what a caller needs to act on it. The access token
 * never appears in a message or a property: requests are recorded with their
 * credentials redacted.
 */
import { retryRule } from "./lib/retry.js";

/** A request as recorded on an error: no credentials. */
export interface RedactedRequest {
	url: string;
	method: string;
	headers: Record<string, string>;
}

/** What came back, as far as it was read. */
export interface RecordedResponse {
	status: number;
	requestId?: string;
	/** The answer's `Retry-After` header, when it had one. */
	retryAfter?: string;
	/** Parsed JSON when the body was JSON, the text otherwise. */
	body: unknown;
}

export class InferenceClientError extends Error {
	constructor(message: string, options?: { cause?: unknown }) {
		super(message, options);
		this.name = "InferenceClientError";
	}
}

/** The caller's arguments can't work (unknown provider, missing model, wrong input type …). */
export class InferenceClientInputError extends InferenceClientError {
	constructor(message: string) {
		super(message);
		this.name = "InferenceClientInputError";
	}
}

/** The hub could not tell where to send the request (mapping, default model, LoRA weights). */
export class InferenceClientHubApiError extends InferenceClientError {
	readonly request: RedactedRequest;
	readonly response: RecordedResponse | undefined;
	constructor(message: string, request: RedactedRequest, response?: RecordedResponse) {
		super(message);
		this.name = "InferenceClientHubApiError";
		this.request = request;
		this.response = response;
	}
}

/** The provider answered with an error status. */
export class InferenceClientProviderApiError extends InferenceClientError {
	readonly request: RedactedRequest;
	readonly response: RecordedResponse;
	/**
	 * Whether sending the same request again may succeed without running it
	 * twice: the rule the client's own retries follow (503; 429 with
	 * `Retry-After`; 502 and 504 of a GET, never of a POST that may have run).
	 */
	readonly retryable: boolean;
	constructor(message: string, request: RedactedRequest, response: RecordedResponse) {
		super(message);
		this.name = "InferenceClientProviderApiError";
		this.request = request;
		this.response = response;
		this.retryable =
			retryRule({ status: response.status, retryAfter: response.retryAfter }, request.method) !== undefined;
	}
	get status(): number {
		return this.response.status;
	}
}

/** The provider answered 2xx, but not with what the task returns. */
export class InferenceClientProviderOutputError extends InferenceClientError {
	constructor(message: string) {
		super(message);
		this.name = "InferenceClientProviderOutputError";
	}
}

/** The caller's signal aborted the call, or its timeout ran out. */
export class InferenceClientAbortError extends InferenceClientError {
	readonly reason: "aborted" | "timeout";
	constructor(reason: "aborted" | "timeout", cause?: unknown) {
		super(reason === "timeout" ? "The request timed out" : "The request was aborted", { cause });
		this.name = "InferenceClientAbortError";
		this.reason = reason;
	}
}

/** The output failed its shape check: says what was expected. */
export function invalidOutput(expected: string): InferenceClientProviderOutputError {
	return new InferenceClientProviderOutputError(`Invalid inference output: expected ${expected}`);
}

const SECRET_HEADERS = new Set(["authorization", "x-key", "x-api-key"]);

/** "Bearer abc" → "Bearer [redacted]"; a bare key (no scheme) → "[redacted]". */
function redactCredentials(value: string): string {
	const space = value.trim().indexOf(" ");
	return space === -1 ? "[redacted]" : `${value.trim().slice(0, space)} [redacted]`;
}

/**
 * The request's headers with credentials replaced. With `secret`, the token is
 * also removed wherever else it appears (another header, the URL).
 */
export function redactRequest(
	url: string,
	init: { method?: string; headers?: HeadersInit },
	secret?: string,
): RedactedRequest {
	const headers: Record<string, string> = {};
	for (const [name, value] of new Headers(init.headers).entries()) {
		headers[name] = SECRET_HEADERS.has(name) ? redactCredentials(value) : redactSecret(value, secret);
	}
	return { url: redactSecret(url, secret), method: init.method ?? "GET", headers };
}

/** Removes `secret` from a text or any string inside JSON-like data. */
export function redactSecret<T>(value: T, secret: string | undefined): T {
	if (!secret) return value;
	if (typeof value === "string") return value.split(secret).join("[redacted]") as T;
	if (Array.isArray(value)) return value.map((item) => redactSecret(item, secret)) as T;
	if (value && typeof value === "object") {
		return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactSecret(item, secret)])) as T;
	}
	return value;
}
