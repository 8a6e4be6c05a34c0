import { describe, expect, it } from "vitest";
import { downstreamResponseHeaders, upstreamRequestHeaders } from "./headers.js";

describe("upstreamRequestHeaders", () => {
	it("keeps what providers read, replaces Authorization and asks for an uncompressed answer", () => {
		const incoming = new Headers({
			authorization: "Bearer hf_user",
			cookie: "session=1",
			"content-type": "application/json",
			accept: "text/event-stream",
			prefer: "wait",
			"x-hf-bill-to": "org",
			"x-key": "someone-elses",
			"accept-encoding": "gzip",
			"x-source-channel": "hugging_face",
		});
		expect(Object.fromEntries(upstreamRequestHeaders(incoming, "Key operator"))).toEqual({
			accept: "text/event-stream",
			"accept-encoding": "identity",
			authorization: "Key operator",
			"content-type": "application/json",
			prefer: "wait",
			"x-source-channel": "hugging_face",
		});
	});

	it("without an Authorization of its own (an inference server with no key), sends none: the user's stays here", () => {
		const incoming = new Headers({ authorization: "Bearer hf_user", "content-type": "application/json" });
		expect(Object.fromEntries(upstreamRequestHeaders(incoming, undefined))).toEqual({
			"accept-encoding": "identity",
			"content-type": "application/json",
		});
	});
});

describe("downstreamResponseHeaders", () => {
	it("drops hop-by-hop headers, those Connection names, and the provider's cookies", () => {
		const upstream = new Headers({
			connection: "keep-alive, x-hop",
			"keep-alive": "timeout=5",
			"x-hop": "1",
			"transfer-encoding": "chunked",
			"set-cookie": "provider=1",
			"content-type": "application/json",
			"content-length": "12",
			"retry-after": "3",
		});
		expect(Object.fromEntries(downstreamResponseHeaders(upstream))).toEqual({
			"content-type": "application/json",
			"content-length": "12",
			"retry-after": "3",
		});
	});

	it("drops encoding and length once fetch has decoded the body", () => {
		const upstream = new Headers({ "content-encoding": "gzip", "content-length": "40", "content-type": "text/plain" });
		expect(Object.fromEntries(downstreamResponseHeaders(upstream))).toEqual({ "content-type": "text/plain" });
	});
});
