/**
 * Anonymous use of the hub's own models, over real HTTP on loopback: a caller
 * without a token runs public hf-inference models, limited per client address
 * (requests leave from 127.0.0.1 or 127.0.0.2 to be two clients); private
 * models stay hidden, third-party providers and bad tokens stay 401.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import type { HubConfig } from "../src/config.js";
import { createLocalRuntime, type HubLocalRuntime } from "../src/local-inference/local-runtime.js";
import { LOCAL_SENTIMENT_MODEL, tinySentiment } from "../src/seed/catalogue/local-models.js";
import { OPERATOR_KEY } from "./router-fakes.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { loadSeedOwnedBy } from "./support/repos.js";
import { seedModel } from "./support/seed-records.js";

const SENTIMENT = `/hf-inference/models/${LOCAL_SENTIMENT_MODEL}`;
const BODY = JSON.stringify({ inputs: "a wonderful film" });

interface Answer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

/** A POST over node:http, so the request can leave from a chosen loopback address. */
function post(
	url: string,
	path: string,
	options: { from?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const outgoing = request(
			`${url}${path}`,
			{
				method: "POST",
				localAddress: options.from ?? "127.0.0.1",
				headers: { "content-type": "application/json", ...options.headers },
			},
			(response) => {
				const chunks: Buffer[] = [];
				response.on("data", (chunk: Buffer) => chunks.push(chunk));
				response.on("end", () => {
					const text = Buffer.concat(chunks).toString("utf8");
					resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) });
				});
				response.on("error", reject);
			},
		);
		outgoing.on("error", reject);
		outgoing.end(options.body ?? BODY);
	});
}

describe.each(ENGINES)("anonymous hf-inference on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let runtime: HubLocalRuntime;
	let token: string;
	const servers: Listening[] = [];

	/** The whole hub with a fresh anonymous limit (its buckets are in the database: emptied), on 127.0.0.1. */
	async function serve(limits: Partial<HubConfig> = {}): Promise<string> {
		await hub.deps.db.deleteFrom("rate_buckets").execute();
		const deps = { ...hub.deps, config: { ...hub.deps.config, ...limits } };
		const app = createHubApp(deps, {
			router: { localRuntime: runtime, providerKeys: { together: { key: OPERATOR_KEY } } },
		});
		const server = await listen(app);
		servers.push(server);
		return server.url;
	}

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		await loadSeedOwnedBy(
			hub.deps,
			["dana"],
			[tinySentiment(), seedModel("dana/private-sentiment", { private: true, files: tinySentiment().files })],
		);
		token = (await createAccessToken(hub.deps.db, "dana")).token;
		runtime = createLocalRuntime(hub.deps);
	});

	afterAll(async () => {
		for (const server of servers) await server.close();
		await runtime?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	it("runs a public local model for a caller with no token", async () => {
		const url = await serve();
		const answer = await post(url, SENTIMENT);
		expect(answer.status).toBe(200);
		const [ranked] = answer.body as { label: string; score: number }[][];
		expect(ranked?.[0]?.label).toBe("POSITIVE");
	});

	it("answers the call after the burst with 429, Retry-After and RateLimited; other addresses and tokens go on", async () => {
		const url = await serve({ anonymousRateLimitPerMinute: 1, anonymousRateLimitBurst: 3 });
		for (let call = 1; call <= 3; call++) expect((await post(url, SENTIMENT)).status, `call ${call}`).toBe(200);
		const refused = await post(url, SENTIMENT);
		expect(refused.status).toBe(429);
		expect(refused.headers["x-error-code"]).toBe("RateLimited");
		// One request a minute: the next is earned within a minute.
		const retryAfter = Number(refused.headers["retry-after"]);
		expect(retryAfter).toBeGreaterThanOrEqual(1);
		expect(retryAfter).toBeLessThanOrEqual(60);
		expect(refused.body).toEqual({ error: expect.stringMatching(/^Too many requests without a token/) });
		// Browsers may read it: the widget can say when to try again.
		expect(String(refused.headers["access-control-expose-headers"])).toContain("Retry-After");

		expect((await post(url, SENTIMENT, { from: "127.0.0.2" })).status).toBe(200);
		const signedIn = await post(url, SENTIMENT, { headers: { authorization: `Bearer ${token}` } });
		expect(signedIn.status).toBe(200);
		expect((await post(url, SENTIMENT)).status).toBe(429);
	});

	it("counts every anonymous call, refused ones included, so bad requests cannot probe for free", async () => {
		const url = await serve({ anonymousRateLimitPerMinute: 1, anonymousRateLimitBurst: 2 });
		expect((await post(url, "/hf-inference/models/acme/missing")).status).toBe(404);
		expect((await post(url, SENTIMENT, { body: "{not json" })).status).toBe(400);
		expect((await post(url, SENTIMENT)).status).toBe(429);
	});

	it("hides private models from anonymous callers exactly like missing ones", async () => {
		const url = await serve();
		const hidden = await post(url, "/hf-inference/models/dana/private-sentiment");
		const missing = await post(url, "/hf-inference/models/dana/no-such-model");
		expect(hidden).toMatchObject({ status: 404, body: { error: "Model dana/private-sentiment does not exist" } });
		expect(missing).toMatchObject({ status: 404, body: { error: "Model dana/no-such-model does not exist" } });
		const owner = await post(url, "/hf-inference/models/dana/private-sentiment", {
			headers: { authorization: `Bearer ${token}` },
		});
		expect(owner.status).toBe(200);
	});

	it("still needs a token for third-party providers", async () => {
		const url = await serve();
		const answer = await post(url, "/together/v1/chat/completions", {
			body: JSON.stringify({ model: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo", messages: [] }),
		});
		expect(answer.status).toBe(401);
	});

	it("never treats a bad token as anonymous", async () => {
		const url = await serve();
		for (const authorization of ["Bearer hf_nope", `Bearer hf_${"x".repeat(34)}`, "Basic abc", "Bearer"]) {
			const answer = await post(url, SENTIMENT, { headers: { authorization } });
			expect(answer.status, authorization).toBe(401);
		}
	});

	it("needs a token again when the anonymous limit is set to 0", async () => {
		const url = await serve({ anonymousRateLimitPerMinute: 0 });
		expect((await post(url, SENTIMENT)).status).toBe(401);
	});

	it("counts X-Forwarded-For clients apart only behind a trusted proxy", async () => {
		const limits = { anonymousRateLimitPerMinute: 1, anonymousRateLimitBurst: 1 };
		const forwarded = (address: string) => ({ headers: { "x-forwarded-for": address } });
		const direct = await serve(limits);
		expect((await post(direct, SENTIMENT, forwarded("203.0.113.1"))).status).toBe(200);
		// Not trusted: a made-up header does not buy a fresh allowance.
		expect((await post(direct, SENTIMENT, forwarded("203.0.113.2"))).status).toBe(429);

		const proxied = await serve({ ...limits, trustedProxies: 1 });
		expect((await post(proxied, SENTIMENT, forwarded("203.0.113.1"))).status).toBe(200);
		expect((await post(proxied, SENTIMENT, forwarded("203.0.113.2"))).status).toBe(200);
		expect((await post(proxied, SENTIMENT, forwarded("203.0.113.1"))).status).toBe(429);
		// Only the entry the proxy added counts: a client-written entry to its left changes nothing.
		expect((await post(proxied, SENTIMENT, forwarded("198.51.100.7, 203.0.113.1"))).status).toBe(429);
	});
});
