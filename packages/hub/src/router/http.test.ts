import { describe, expect, it } from "vitest";
import { authenticateRequest, decodeSegment, prefixLength, rawSegments } from "./http.js";

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
