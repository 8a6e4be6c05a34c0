import { describe, expect, it } from "vitest";
import { authenticateRequest, decodeSegment, prefixLength, rawSegments, readLimitedBody } from "./http.js";

function streamed(parts: string[]): Request {
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
			controller.close();
		},
	});
	return new Request("http://hub.test/x", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("readLimitedBody", () => {
	it("joins a streamed body up to the limit", async () => {
		const body = await readLimitedBody(streamed(["ab", "cd", "e"]), 5);
		expect(new TextDecoder().decode(body as Uint8Array)).toBe("abcde");
	});

	it("stops at the first byte over the limit, declared or not", async () => {
		expect(await readLimitedBody(streamed(["abc", "def"]), 5)).toBe("too-large");
		const declared = new Request("http://hub.test/x", {
			method: "POST",
			headers: { "content-length": "6" },
			body: "abcdef",
		});
		expect(await readLimitedBody(declared, 5)).toBe("too-large");
	});
});

describe("authenticateRequest", () => {
	const authenticate = async (token: string) => (token === "hf_good" ? { user: "alice" } : undefined);
	const request = (authorization?: string) =>
		new Request("http://hub.test/x", authorization ? { headers: { authorization } } : {});

	it("returns the user for a known hub token", async () => {
		expect(await authenticateRequest(request("Bearer hf_good"), authenticate)).toEqual({ user: "alice" });
		expect(await authenticateRequest(request("bearer hf_good"), authenticate)).toEqual({ user: "alice" });
	});

	it("answers 401 JSON for a missing, foreign or unknown token, never echoing it", async () => {
		for (const header of [undefined, "Bearer", "Bearer sk-provider-key", "Bearer hf_bad", "Token hf_good"]) {
			const answer = await authenticateRequest(request(header), authenticate);
			expect(answer).toBeInstanceOf(Response);
			const response = answer as Response;
			expect(response.status).toBe(401);
			const text = await response.text();
			expect(JSON.parse(text).error).toEqual(expect.any(String));
			expect(text).not.toMatch(/sk-provider-key|hf_bad|hf_good/);
		}
	});
});

describe("path helpers", () => {
	it("decodes ordinary segments and refuses smuggled separators and dot segments", () => {
		expect(decodeSegment("flux%2Ddev")).toBe("flux-dev");
		for (const segment of ["", ".", "..", "%2e%2E", "a%2Fb", "a%5Cb", "%00", "%E0%A4%A"]) {
			expect(decodeSegment(segment), segment).toBeUndefined();
		}
	});

	it("finds the mount prefix from the matched pattern", () => {
		expect(prefixLength("/:provider{a|b}/:rest{.+}", ":provider")).toBe(0);
		expect(prefixLength("/router/:provider{a|b}/:rest{.+}", ":provider")).toBe(1);
		expect(rawSegments("http://hub.test/router/together/v1/a%20b?x=1", 2)).toEqual(["v1", "a%20b"]);
	});
});
