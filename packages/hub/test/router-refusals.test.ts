import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import {
	answerJson,
	closeAfterEach,
	type FakeProvider,
	fakeProvider,
	OPERATOR_KEY,
	recordingLogger,
	serveRouter,
	testDeps,
	togetherDeps,
	USER_TOKEN,
	userHeaders,
} from "./router-fakes.js";

const track = closeAfterEach();

/** A router whose `together` goes to `provider` with the operator's key. */
async function togetherRouter(provider: FakeProvider, logger = recordingLogger()) {
	const router = await track(serveRouter(togetherDeps(provider, logger)));
	return { router, logger };
}

describe("refusals", () => {
	it("requires a hub token the hub knows, and sends nothing upstream without one", async () => {
		const provider = await track(fakeProvider(answerJson(200, {})));
		const { router } = await togetherRouter(provider);
		const attempts: Array<Record<string, string>> = [
			{},
			{ authorization: "Bearer hf_unknown_token" },
			{ authorization: `Bearer ${OPERATOR_KEY}` },
			{ authorization: `Basic ${USER_TOKEN}` },
		];
		for (const headers of attempts) {
			const response = await fetch(`${router.url}/together/v1/chat/completions`, {
				method: "POST",
				headers,
				body: "{}",
			});
			expect(response.status).toBe(401);
			expect((await response.json()).error).toEqual(expect.any(String));
		}
		expect(provider.received).toHaveLength(0);
	});

	it("names unknown providers, closed providers and providers without a key, each with a 4xx and its code (never a 503)", async () => {
		const router = await track(serveRouter(testDeps()));
		const post = (path: string) =>
			fetch(`${router.url}${path}`, { method: "POST", headers: userHeaders(), body: "{}" });

		const unknown = await post("/no-such-provider/v1/chat/completions");
		expect(unknown.status).toBe(404);
		expect(unknown.headers.get("x-error-code")).toBe("UnknownProvider");
		expect((await unknown.json()).error).toMatch(/^Unknown provider "no-such-provider"/);

		const closed = await post("/openai/v1/chat/completions");
		expect(closed.status).toBe(400);
		expect(closed.headers.get("x-error-code")).toBe("ProviderNotRoutable");
		expect((await closed.json()).error).toMatch(/openai only takes its own API key/);

		const missingKey = await post("/fal-ai/fal-ai/flux/dev");
		expect(missingKey.status).toBe(400);
		expect(missingKey.headers.get("x-error-code")).toBe("ProviderNotConfigured");
		expect((await missingKey.json()).error).toBe(
			"Provider fal-ai is not configured on this hub: the operator has not set its key (HUBKIT_PROVIDER_KEY_FAL_AI)",
		);

		const noToken = await fetch(`${router.url}/together/v1/chat/completions`, { method: "POST", body: "{}" });
		expect(noToken.status).toBe(401);
		expect(noToken.headers.get("x-error-code")).toBe("TokenRequired");

		// Not inference routes at all: the router steps aside (here, to Hono's own 404).
		for (const path of ["/together", "/alice/my-model", "/settings/tokens"]) {
			const response = await post(path);
			expect(response.status, path).toBe(404);
			expect(response.headers.get("x-error-code"), path).toBeNull();
		}
	});

	it("refuses every reproduced account-endpoint attack, and the provider hears nothing", async () => {
		const provider = await track(fakeProvider(answerJson(200, { secret: "the operator's account" })));
		const router = await track(
			serveRouter(
				testDeps({
					providerKeys: {
						replicate: { key: OPERATOR_KEY },
						together: { key: OPERATOR_KEY },
						"fal-ai": { key: OPERATOR_KEY },
					},
					providerBaseUrls: { replicate: provider.url, together: provider.url, "fal-ai.queue": provider.url },
				}),
			),
		);
		const attacks: Array<[string, string, number]> = [
			["GET", "/replicate/v1/predictions", 404],
			["GET", "/replicate/v1/account", 404],
			["GET", "/together/v1/files", 404],
			["GET", "/together/v1/batches", 404],
			["POST", "/together/v1/fine-tunes", 404],
			["GET", "/fal-ai/fal-ai/flux/requests/0b6a4d2e-someone-elses/status?_subdomain=queue", 403],
			["GET", "/fal-ai/fal-ai/flux/requests/0b6a4d2e-someone-elses?_subdomain=queue", 403],
			["GET", "/replicate/v1/predictions/someone-elses", 403],
			["POST", "/together/v1/chat/completions?limit=1000", 404],
			["GET", "/together/v1/chat/completions", 404],
		];
		for (const [method, path, status] of attacks) {
			const response = await fetch(`${router.url}${path}`, {
				method,
				headers: userHeaders(),
				...(method === "POST" ? { body: "{}" } : {}),
			});
			expect(response.status, `${method} ${path}`).toBe(status);
			expect(await response.text(), `${method} ${path}`).not.toContain("operator's account");
		}
		expect(provider.received).toEqual([]);
	});

	it("answers 413 for a body over the limit without calling the provider", async () => {
		const provider = await track(fakeProvider(answerJson(200, {})));
		const router = await track(
			serveRouter(
				testDeps({
					providerKeys: { together: { key: OPERATOR_KEY } },
					providerBaseUrls: { together: provider.url },
					maxBodyBytes: 1024,
				}),
			),
		);
		const declared = await fetch(`${router.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: userHeaders(),
			body: "x".repeat(1025),
		});
		expect(declared.status).toBe(413);
		// Streamed without a declared length: counted as it arrives.
		const chunked = await fetch(`${router.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: userHeaders(),
			body: new Blob(["y".repeat(2048)]).stream(),
			duplex: "half",
		} as RequestInit);
		expect(chunked.status).toBe(413);
		expect(chunked.headers.get("x-error-code")).toBe("BodyTooLarge");
		expect((await chunked.json()).error).toMatch(/limit of 1024 bytes/);
		expect(provider.received).toHaveLength(0);
	});

	it("does not forward encoded separators or empty segments", async () => {
		const provider = await track(fakeProvider(answerJson(200, {})));
		const { router } = await togetherRouter(provider);
		for (const path of [
			"/together/v1%2Fchat/completions",
			"/together/v1/a%5Cb",
			"/together/v1//chat/completions",
			"/together/%00",
		]) {
			const response = await fetch(`${router.url}${path}`, { method: "POST", headers: userHeaders(), body: "{}" });
			expect(response.status, path).toBe(404);
		}
		expect(provider.received).toHaveLength(0);
	});

	it("never hands a dot segment to the provider, however it is spelled", async () => {
		const provider = await track(fakeProvider(answerJson(200, {})));
		const { router } = await togetherRouter(provider);
		// fetch would resolve these itself; a raw request sends them as written.
		for (const path of ["/together/v1/../../admin", "/together/v1/%2e%2e/%2E%2e/admin", "/together/v1/.%2e/x"]) {
			const status = await rawPost(`${router.url}${path}`);
			expect([200, 400, 404], path).toContain(status);
		}
		for (const request of provider.received) {
			expect(request.url).not.toMatch(/(^|\/)(\.|%2e){1,2}(\/|$)/i);
		}
	});
	it("answers a JSON 500, with no details, when the token check itself fails", async () => {
		const logger = recordingLogger();
		const router = await track(
			serveRouter(
				testDeps({
					providerKeys: { together: { key: OPERATOR_KEY } },
					authenticate: async () => {
						throw new Error("database is locked");
					},
					logger,
				}),
			),
		);
		const response = await fetch(`${router.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: userHeaders(),
			body: "{}",
		});
		expect(response.status).toBe(500);
		expect(await response.json()).toEqual({ error: "The router failed to handle this request" });
		expect(logger.lines.join("\n")).toContain("database is locked");
		expect(logger.lines.join("\n")).not.toContain(USER_TOKEN);
	});
});

/** A POST whose path is sent exactly as written (fetch would normalise it first). */
function rawPost(url: string): Promise<number> {
	const { host, hostname, port } = new URL(url);
	const path = url.slice(url.indexOf(host) + host.length);
	return new Promise((resolve, reject) => {
		const request = httpRequest({ hostname, port, path, method: "POST", headers: userHeaders() }, (response) => {
			response.resume();
			resolve(response.statusCode ?? 0);
		});
		request.on("error", reject);
		request.end("{}");
	});
}
