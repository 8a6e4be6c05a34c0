/** What a provider helper may use, besides the body, to read an answer: follow-up requests go through it. */
import type { AuthMethod, OutputType } from "../types.js";

export interface ResponseContext {
	/** The URL the request was sent to. */
	url: string;
	/** The request's headers (with credentials), for follow-up requests. */
	headers: Record<string, string>;
	authMethod: AuthMethod;
	routerUrl: string;
	outputType?: OutputType;
	fetch: typeof fetch;
	/** The call's deadline: the caller's signal and the timeout. */
	signal?: AbortSignal;
	/** Tries after a rate limit, a gateway error or a connection never made (follow-up GETs). */
	maxRetries?: number;
	/** The caller's arguments, for outputs whose shape follows the input (one text → one vector). */
	args?: Record<string, unknown>;
}
