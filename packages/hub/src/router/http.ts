/** Small request/response helpers shared by the router's routes. */
import type { RouterUser } from "./deps.js";

/** `X-Error-Code` values the router sends, for clients that branch on them (README.md, "Errors"). */
export type RouterErrorCode =
	| "TokenRequired"
	| "InvalidToken"
	| "UnknownProvider"
	| "ProviderNotConfigured"
	| "ProviderNotRoutable"
	| "RouteNotAllowed"
	| "FollowUpNotYours"
	| "BodyTooLarge"
	| "UpstreamTimeout"
	| "UpstreamUnreachable"
	| "UpstreamUndecodable"
	| "UpstreamKeyRejected"
	| "UpstreamResponseTooLarge"
	| "HubShuttingDown";

/** The router's one error shape: `{ "error": message }`, with `X-Error-Code` when a client may branch on it. */
export function jsonError(status: number, message: string, code?: RouterErrorCode): Response {
	return Response.json({ error: message }, { status, headers: code ? { "X-Error-Code": code } : {} });
}

/**
 * The user behind `Authorization: Bearer hf_…`, or the 401 to send. Only hub
 * tokens are accepted: a provider's own key belongs with that provider, not here.
 */
export async function authenticateRequest(
	request: Request,
	authenticate: (token: string) => Promise<RouterUser | undefined>,
): Promise<RouterUser | Response> {
	const header = request.headers.get("authorization") ?? "";
	const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
	if (!token) {
		return jsonError(401, "A hub access token is required: send Authorization: Bearer hf_…", "TokenRequired");
	}
	if (!token.startsWith("hf_")) {
		return jsonError(401, "The router takes hub access tokens (hf_…), not provider keys", "InvalidToken");
	}
	const user = await authenticate(token);
	return user ?? jsonError(401, "Invalid or revoked access token", "InvalidToken");
}

export function bodyTooLarge(limit: number): Response {
	return jsonError(413, `Request body is larger than the router's limit of ${limit} bytes`, "BodyTooLarge");
}

/**
 * Path segments after the first `skip` ones, still percent-encoded, from a URL
 * the URL parser has already normalised (`.`/`..` resolved).
 */
export function rawSegments(url: string, skip: number): string[] {
	return new URL(url).pathname.split("/").slice(1 + skip);
}

/** How many segments the mount prefix has, from the matched route pattern (e.g. "/router/:provider/…" → 1). */
export function prefixLength(routePath: string, firstParam: string): number {
	const segments = routePath.split("/").slice(1);
	const at = segments.findIndex((segment) => segment.startsWith(firstParam));
	return at === -1 ? 0 : at;
}

/** A decoded path segment, or undefined when it smuggles a separator or a dot segment in by encoding. */
export function decodeSegment(segment: string): string | undefined {
	let decoded: string;
	try {
		decoded = decodeURIComponent(segment);
	} catch {
		return undefined;
	}
	if (decoded === "" || decoded === "." || decoded === ".." || /[/\\\0]/.test(decoded)) return undefined;
	return decoded;
}
