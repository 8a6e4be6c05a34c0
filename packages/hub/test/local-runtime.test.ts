/**
 * The local runtime behind the hub's hf-inference routes, over real HTTP on
 * 127.0.0.1: the sample catalogue's sentiment model run by onnxruntime, called
 * by curl-like requests, by @hubkit/inference and by the public client; and the
 * refusals (bad input, models it cannot run, models the caller cannot see).
 */

import { InferenceClient } from "@hubkit/inference";
import { pooledClassifierFiles } from "@hubkit/runtime/models";
import { InferenceClient as PeerClient } from "@huggingface/inference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { createLocalRuntime, type HubLocalRuntime } from "../src/local-inference/local-runtime.js";
import { LOCAL_SENTIMENT_MODEL, tinySentiment } from "../src/seed/catalogue/local-models.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { loadSeedOwnedBy } from "./support/repos.js";
import { seedModel } from "./support/seed-records.js";

const POSITIVE_TEXT = "I love this movie, the soundtrack is wonderful!";
const NEGATIVE_TEXT = "A boring, awful mess. What a waste of time.";

/** A second classifier with other labels, to see models kept apart (and evicted) correctly. */
const TOPIC_MODEL = "acme/topic-tiny";
const topicFiles = pooledClassifierFiles({
	labels: ["sport", "weather"],
	vocabulary: ["goal", "match", "rain", "sunny"],
	vectors: { goal: [1], match: [1], rain: [-1], sunny: [-1] },
	weights: [[8, -8]],
	bias: [0, 0],
});

describe("the local runtime on a hub on loopback", () => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let runtime: HubLocalRuntime;
	let server: Listening;
	let token: string;
	let otherToken: string;

	beforeAll(async () => {
		testDb = await startTestDatabase("sqlite");
		hub = await openTestHub(testDb.config);
		await loadSeedOwnedBy(
			hub.deps,
			["dana"],
			[
				tinySentiment(),
				seedModel(TOPIC_MODEL, { files: topicFiles }),
				seedModel("dana/private-sentiment", { private: true, files: tinySentiment().files }),
				seedModel("acme/no-onnx"),
				seedModel("acme/placeholder-onnx", {
					files: [
						...topicFiles.filter((file) => file.path !== "onnx/model.onnx"),
						{ path: "onnx/model.onnx", size: 90_000_000 },
					],
				}),
				seedModel("acme/broken-tokenizer", {
					files: topicFiles.map((file) =>
						file.path === "tokenizer.json"
							? { path: file.path, content: JSON.stringify({ model: { type: "BPE", vocab: {} } }) }
							: file,
					),
				}),
				seedModel("acme/keypoint-model", { pipeline_tag: "keypoint-detection", files: topicFiles }),
			],
		);
		token = (await createAccessToken(hub.deps.db, "dana")).token;
		otherToken = (await createAccessToken(hub.deps.db, "erin")).token;
		// One model loaded at a time: every switch between the two classifiers evicts the other.
		runtime = createLocalRuntime(hub.deps, { maxLoadedModels: 1 });
		server = await listen(createHubApp(hub.deps, { router: { localRuntime: runtime } }));
	});

	afterAll(async () => {
		await server?.close();
		await runtime?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	async function post(path: string, body: unknown, bearer: string | null = token) {
		const response = await fetch(`${server.url}${path}`, {
			method: "POST",
			headers: { "content-type": "application/json", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
			body: typeof body === "string" ? body : JSON.stringify(body),
		});
		return { status: response.status, body: (await response.json()) as unknown };
	}

	const sentimentPath = `/hf-inference/models/${LOCAL_SENTIMENT_MODEL}`;
	type Ranked = { label: string; score: number }[];

	it("classifies text with the model's own labels, best first, scores summing to one", async () => {
		const { status, body } = await post(sentimentPath, { inputs: POSITIVE_TEXT });
		expect(status).toBe(200);
		const [ranked] = body as Ranked[];
		expect(ranked?.map((item) => item.label)).toEqual(["POSITIVE", "NEGATIVE"]);
		expect(ranked?.[0]?.score).toBeGreaterThan(0.9);
		expect((ranked?.[0]?.score ?? 0) + (ranked?.[1]?.score ?? 0)).toBeCloseTo(1, 6);
	});

	it("answers one list per input, and honours top_k", async () => {
		const { status, body } = await post(`${sentimentPath}/pipeline/text-classification`, {
			inputs: [POSITIVE_TEXT, NEGATIVE_TEXT],
			parameters: { top_k: 1 },
		});
		expect(status).toBe(200);
		expect((body as Ranked[]).map((ranked) => ranked.map((item) => item.label))).toEqual([["POSITIVE"], ["NEGATIVE"]]);
	});

	it("serves @hubkit/inference through the hub's router, the mapping read from the hub", async () => {
		const client = new InferenceClient(token, { provider: "hf-inference", hubUrl: server.url, routerUrl: server.url });
		const output = await client.textClassification({ model: LOCAL_SENTIMENT_MODEL, inputs: NEGATIVE_TEXT });
		expect(output[0]?.label).toBe("NEGATIVE");
		const auto = new InferenceClient(token, { hubUrl: server.url, routerUrl: server.url });
		expect((await auto.textClassification({ model: LOCAL_SENTIMENT_MODEL, inputs: POSITIVE_TEXT }))[0]?.label).toBe(
			"POSITIVE",
		);
	});

	it("serves the public client pointed at the hub's endpoint", async () => {
		const peer = new PeerClient(token, { endpointUrl: `${server.url}${sentimentPath}` });
		const output = await peer.textClassification({ model: LOCAL_SENTIMENT_MODEL, inputs: POSITIVE_TEXT });
		expect(output[0]?.label).toBe("POSITIVE");
	});

	it("keeps models apart while evicting and reloading them, under concurrent calls", async () => {
		const calls = Array.from({ length: 12 }, (_, index) =>
			index % 2
				? post(`/hf-inference/models/${TOPIC_MODEL}`, { inputs: "what a match, a late goal" })
				: post(sentimentPath, { inputs: NEGATIVE_TEXT }),
		);
		const answers = await Promise.all(calls);
		answers.forEach(({ status, body }, index) => {
			expect(status).toBe(200);
			expect((body as Ranked[])[0]?.[0]?.label).toBe(index % 2 ? "sport" : "NEGATIVE");
		});
	});

	it("refuses bad input with the reason, and keeps serving", async () => {
		expect(await post(sentimentPath, "{not json")).toEqual({
			status: 400,
			body: { error: "The request body is not valid JSON" },
		});
		const missing = await post(sentimentPath, { text: POSITIVE_TEXT });
		expect(missing.status).toBe(400);
		expect(missing.body).toEqual({ error: expect.stringMatching(/`inputs` must be a string/) });
		const badParameter = await post(sentimentPath, { inputs: "x", parameters: { top_k: -1 } });
		expect(badParameter.status).toBe(400);
		expect((await post(sentimentPath, { inputs: POSITIVE_TEXT })).status).toBe(200);
	});

	it("says why a model cannot run here, with a 400 (not a 503 clients would retry)", async () => {
		const cases: [string, RegExp][] = [
			["acme/no-onnx", /no ONNX weights/],
			["acme/placeholder-onnx", /placeholder/],
			["acme/broken-tokenizer", /could not be loaded by transformers\.js: Tokenizer must contain a "decoder"/],
			["acme/keypoint-model", /runs text-classification, .* models, not keypoint-detection/],
		];
		for (const [model, reason] of cases) {
			const { status, body } = await post(`/hf-inference/models/${model}`, { inputs: "x" });
			expect(status, model).toBe(400);
			expect((body as { error: string }).error, model).toMatch(reason);
		}
		const chat = await post(`/hf-inference/models/${LOCAL_SENTIMENT_MODEL}/v1/chat/completions`, {
			messages: [{ role: "user", content: "hi" }],
		});
		expect(chat.status).toBe(400);
		expect((chat.body as { error: string }).error).toMatch(/has no \.gguf file to run: chat and text completion/);
	});

	it("hides private models from other users, anonymous callers and unknown ones alike", async () => {
		expect((await post("/hf-inference/models/dana/private-sentiment", { inputs: POSITIVE_TEXT })).status).toBe(200);
		const hidden = await post("/hf-inference/models/dana/private-sentiment", { inputs: POSITIVE_TEXT }, otherToken);
		const unknown = await post("/hf-inference/models/dana/no-such-model", { inputs: POSITIVE_TEXT }, otherToken);
		expect(hidden).toEqual({ status: 404, body: { error: "Model dana/private-sentiment does not exist" } });
		expect(unknown).toEqual({ status: 404, body: { error: "Model dana/no-such-model does not exist" } });
		// No token: public models run (test/anonymous-local.test.ts), private ones do not exist.
		expect((await post(sentimentPath, { inputs: POSITIVE_TEXT }, null)).status).toBe(200);
		expect(await post("/hf-inference/models/dana/private-sentiment", { inputs: POSITIVE_TEXT }, null)).toEqual({
			status: 404,
			body: { error: "Model dana/private-sentiment does not exist" },
		});
	});

	it("notices within a second that a model was made private", async () => {
		const path = `/hf-inference/models/${TOPIC_MODEL}`;
		expect((await post(path, { inputs: "goal" }, otherToken)).status).toBe(200);
		await hub.deps.db.updateTable("models").set({ private: 1, owner: "dana" }).where("id", "=", TOPIC_MODEL).execute();
		await new Promise((resolve) => setTimeout(resolve, 1_100));
		expect((await post(path, { inputs: "goal" }, otherToken)).status).toBe(404);
		expect((await post(path, { inputs: "goal" }, token)).status).toBe(200);
		await hub.deps.db.updateTable("models").set({ private: 0 }).where("id", "=", TOPIC_MODEL).execute();
	});

	it("identifies the token once per call (the router reuses the caller the hub found)", async () => {
		let lookups = 0;
		const counting = {
			...hub.deps,
			auth: {
				identify: (authorization: string | undefined) => {
					if (authorization) lookups++;
					return hub.deps.auth.identify(authorization);
				},
			},
		};
		const counted = await listen(createHubApp(counting, { router: { localRuntime: runtime } }));
		try {
			const response = await fetch(`${counted.url}${sentimentPath}`, {
				method: "POST",
				headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
				body: JSON.stringify({ inputs: POSITIVE_TEXT }),
			});
			expect(response.status).toBe(200);
			expect(lookups).toBe(1);
		} finally {
			await counted.close();
		}
	});

	it("keeps the token out of every answer", async () => {
		const answers = await Promise.all([
			post(sentimentPath, { inputs: token }),
			post("/hf-inference/models/acme/no-onnx", { inputs: token }),
			post(sentimentPath, `{"inputs": "${token}"`),
		]);
		for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(token);
	});
});
