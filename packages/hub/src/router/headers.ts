/**
 * Which headers cross the router. Requests: an allow-list, so the user's
 * Authorization, cookies and any other credential header stay at the hub.
 * `X-HF-Bill-To` is not forwarded: it asks the public hub to bill an
 * organisation, which means nothing to a provider and would tell it the
 * organisation's name; the operator's key pays for every call here.
 */

/** Headers the clients send that providers read (reference/providers.json, headerNames). */
const FORWARDED_REQUEST_HEADERS = [
	"accept",
	"accept-language",
	"content-type",
	"prefer",
	"user-agent",
	"x-source-channel",
] as const;

/** Connection-level headers (RFC 9110 §7.6.1) and provider cookies, which are the operator's. */
const DROPPED_RESPONSE_HEADERS = new Set([
	"connection",
	"keep-alive",
	"proxy-authenticate",
	"proxy-connection",
	"set-cookie",
	"te",
	"trailer",
	"transfer-encoding",
	"upgrade",
	"www-authenticate",
]);

/** `authorization` undefined: none at all (an inference server without a key). */
export function upstreamRequestHeaders(incoming: Headers, authorization: string | undefined): Headers {
	const headers = new Headers();
	for (const name of FORWARDED_REQUEST_HEADERS) {
		const value = incoming.get(name);
		if (value !== null) headers.set(name, value);
	}
	if (authorization !== undefined) headers.set("authorization", authorization);
	// Uncompressed, so stream chunks pass as the provider writes them.
	headers.set("accept-encoding", "identity");
	return headers;
}

export function downstreamResponseHeaders(upstream: Headers): Headers {
	const headers = new Headers();
	// fetch hands over the body already decoded, so a provider's encoding and length no longer describe it.
	const decoded = upstream.has("content-encoding");
	// Headers the provider names in Connection are for that hop only, like the fixed list.
	const hopOnly = new Set(
		(upstream.get("connection") ?? "")
			.split(",")
			.map((name) => name.trim().toLowerCase())
			.filter(Boolean),
	);
	for (const [name, value] of upstream) {
		if (DROPPED_RESPONSE_HEADERS.has(name) || hopOnly.has(name)) continue;
		if (decoded && (name === "content-encoding" || name === "content-length")) continue;
		headers.append(name, value);
	}
	return headers;
}
