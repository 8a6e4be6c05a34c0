/**
 * Follow-up binding in the database, on both engines: the store itself (owner,
 * expiry, pruning, first owner keeps an id, two hubs on one database agree),
 * and the whole hub: a queued call started with one user's token may be polled
 * with that token only.
 */
import { clearMappingCache, InferenceClient } from "@hubkit/inference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { FOLLOW_UP_LIFETIME_MS } from "../src/router/index.js";
import { loadSeed } from "../src/seed/load.js";
import { databaseFollowUps } from "../src/services/router-follow-ups.js";
import { type FakeProvider, fakeProvider, OPERATOR_KEY } from "./router-fakes.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { seedModel } from "./support/seed-records.js";

const PREDICTION = {
	id: "pred-7f3k2",
	status: "processing",
	urls: { get: "https://api.replicate.com/v1/predictions/pred-7f3k2" },
};

describe.each(ENGINES)("router follow-ups on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let replicate: FakeProvider;
	let fal: FakeProvider;
	let carol: string;
	let dave: string;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		replicate = await fakeProvider((request, response) => {
			response.writeHead(request.method === "POST" ? 201 : 200, { "content-type": "application/json" });
			response.end(JSON.stringify(request.method === "POST" ? PREDICTION : { ...PREDICTION, status: "succeeded" }));
		});
		// fal.ai's queue: submit, status, result; the picture itself comes from fal's file host (here too).
		fal = await fakeProvider((request, response) => {
			const base = "https://queue.fal.run/fal-ai/flux/requests/req-91";
			const answers: Record<string, unknown> = {
				"POST /fal-ai/flux/dev": {
					request_id: "req-91",
					status: "IN_QUEUE",
					status_url: `${base}/status`,
					response_url: base,
				},
				"GET /fal-ai/flux/requests/req-91/status": { status: "COMPLETED" },
				"GET /fal-ai/flux/requests/req-91": { images: [{ url: `${fal.url}/files/picture.png` }] },
			};
			const key = `${request.method} ${request.url}`;
			if (key === "GET /files/picture.png") {
				response.writeHead(200, { "content-type": "image/png" });
				return void response.end(Buffer.from([137, 80, 78, 71]));
			}
			response.writeHead(key in answers ? 200 : 404, { "content-type": "application/json" });
			response.end(JSON.stringify(answers[key] ?? { detail: "not found" }));
		});
		await loadSeed(hub.deps, [
			seedModel("black-forest-labs/FLUX.1-dev", {
				pipeline_tag: "text-to-image",
				inferenceProviderMapping: [
					{ provider: "fal-ai", providerId: "fal-ai/flux/dev", task: "text-to-image", status: "live" },
				],
			}),
		]);
		carol = (await createAccessToken(hub.deps.db, "carol")).token;
		dave = (await createAccessToken(hub.deps.db, "dave")).token;
		const app = createHubApp(hub.deps, {
			router: {
				providerKeys: { replicate: { key: OPERATOR_KEY }, "fal-ai": { key: OPERATOR_KEY } },
				providerBaseUrls: { replicate: replicate.url, "fal-ai.queue": fal.url },
			},
		});
		server = await listen(app);
	});

	afterAll(async () => {
		await server?.close();
		await replicate?.close();
		await fal?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	it("keeps who started which request, for a day, and the first owner of an id keeps it", async () => {
		let clock = Date.parse("2026-01-01T00:00:00Z");
		const store = databaseFollowUps(hub.deps.db, FOLLOW_UP_LIFETIME_MS, () => clock);
		await store.remember("fal-ai", ["req-a", "req-b"], "alice");
		await store.remember("fal-ai", ["req-a"], "mallory");
		expect(await store.owns("fal-ai", "req-a", "alice")).toBe(true);
		expect(await store.owns("fal-ai", "req-b", "alice")).toBe(true);
		expect(await store.owns("fal-ai", "req-a", "mallory")).toBe(false);
		expect(await store.owns("replicate", "req-a", "alice")).toBe(false);
		expect(await store.owns("fal-ai", "req-c", "alice")).toBe(false);

		// Another hub on the same database agrees.
		const otherHub = databaseFollowUps(hub.deps.db, FOLLOW_UP_LIFETIME_MS, () => clock);
		expect(await otherHub.owns("fal-ai", "req-b", "alice")).toBe(true);

		clock += FOLLOW_UP_LIFETIME_MS + 1;
		expect(await store.owns("fal-ai", "req-a", "alice")).toBe(false);
		// The next write prunes what has expired.
		await store.remember("fal-ai", ["req-new"], "alice");
		const left = await hub.deps.db
			.selectFrom("router_follow_ups")
			.select("request_id")
			.where("provider", "=", "fal-ai")
			.execute();
		expect(left.map((row) => row.request_id)).toEqual(["req-new"]);
	});

	it("forwards a prediction's status to the user who started it, and to nobody else", async () => {
		const statusPath = `${server.url}/replicate/v1/predictions/${PREDICTION.id}`;
		const early = await fetch(statusPath, { headers: { authorization: `Bearer ${carol}` } });
		expect(early.status).toBe(403);
		expect(early.headers.get("x-error-code")).toBe("FollowUpNotYours");

		const created = await fetch(`${server.url}/replicate/v1/models/acme/painter/predictions`, {
			method: "POST",
			headers: { authorization: `Bearer ${carol}`, "content-type": "application/json", prefer: "wait" },
			body: JSON.stringify({ input: { prompt: "a lighthouse" } }),
		});
		expect(created.status).toBe(201);
		expect(await created.json()).toEqual(PREDICTION);
		const row = await hub.deps.db
			.selectFrom("router_follow_ups")
			.selectAll()
			.where("request_id", "=", PREDICTION.id)
			.executeTakeFirst();
		expect(row).toMatchObject({ provider: "replicate", user_name: "carol" });

		const own = await fetch(statusPath, { headers: { authorization: `Bearer ${carol}` } });
		expect(own.status).toBe(200);
		expect(await own.json()).toMatchObject({ status: "succeeded" });
		const other = await fetch(statusPath, { headers: { authorization: `Bearer ${dave}` } });
		expect(other.status).toBe(403);
		expect(other.headers.get("x-error-code")).toBe("FollowUpNotYours");
		expect(replicate.received.map((request) => `${request.method} ${request.url}`)).toEqual([
			"POST /v1/models/acme/painter/predictions",
			`GET /v1/predictions/${PREDICTION.id}`,
		]);
	});

	it("lets @hubkit/inference poll fal.ai's queue through the hub, and nobody else", async () => {
		clearMappingCache();
		const client = new InferenceClient(carol, { hubUrl: server.url, routerUrl: server.url });
		const image = await client.textToImage({
			provider: "fal-ai",
			model: "black-forest-labs/FLUX.1-dev",
			inputs: "a lighthouse at dusk",
		});
		expect(image.size).toBe(4);
		expect(fal.received.map((request) => `${request.method} ${request.url}`)).toEqual([
			"POST /fal-ai/flux/dev",
			"GET /fal-ai/flux/requests/req-91/status",
			"GET /fal-ai/flux/requests/req-91",
			"GET /files/picture.png",
		]);
		for (const request of fal.received.slice(0, 3)) expect(request.headers.authorization).toBe(`Key ${OPERATOR_KEY}`);
		const result = await fetch(`${server.url}/fal-ai/fal-ai/flux/requests/req-91?_subdomain=queue`, {
			headers: { authorization: `Bearer ${dave}` },
		});
		expect(result.status).toBe(403);
		expect(fal.received).toHaveLength(4);
	});
});
