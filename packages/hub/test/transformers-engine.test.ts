/**
 * The transformers.js engine over real HTTP on 127.0.0.1, called through
 * @hubkit/inference: models the test writes (text-models.ts), each with answers
 * known in advance — a classifier with a BPE tokenizer, a token classifier, an
 * embedder (feature extraction, sentence similarity, /v1/embeddings), a
 * fill-mask and a question-answering model — and the refusals. On SQLite and on
 * PostgreSQL (the runtime reads the model's row and files through the database).
 */

import {
	bpeClassifierFiles,
	colourClassifierFiles,
	embedderFiles,
	entailmentFiles,
	fillMaskFiles,
	questionAnsweringFiles,
	tokenClassifierFiles,
} from "@hubkit/runtime/models";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain JavaScript modules of the demo-asset scripts, without types.
import { Canvas } from "../../../scripts/demo-assets/canvas.mjs";
// @ts-expect-error: as above.
import { encodePNG } from "../../../scripts/demo-assets/png.mjs";
import type { SeedModel } from "../src/seed/types.js";
import { ENGINES } from "./support/engines.js";
import { useLocalHub } from "./support/local-hub.js";
import { seedModel } from "./support/seed-records.js";

const BPE_SENTIMENT = "acme/bpe-sentiment";
const NER = "acme/tiny-ner";
const EMBEDDER = "acme/tiny-embedder";
/** The same files mapped for feature extraction. */
const FEATURES = "acme/tiny-features";
const FILL_MASK = "acme/tiny-fill-mask";
const QA = "acme/tiny-qa";
const ZERO_SHOT = "acme/tiny-nli";
const COLOURS = "acme/tiny-colours";

/** A PNG of one colour (the demo assets' own encoder). */
function picture(rgb: [number, number, number]): Uint8Array {
	return new Uint8Array(encodePNG(new Canvas(24, 16, [...rgb, 1])) as Buffer);
}

/** `actual` is `expected` to six decimals, element by element. */
function expectVector(actual: number[] | undefined, expected: number[]): void {
	expect(actual?.map((value) => Math.round(value * 1e6) / 1e6)).toEqual(expected);
}

/** A model the hub maps to hf-inference for its task, as the seed loader would for a runnable one. */
function localModel(id: string, task: string, files: SeedModel["files"]): SeedModel {
	return seedModel(id, {
		pipeline_tag: task,
		library_name: "transformers.js",
		tags: ["transformers.js", "onnx", task],
		files,
		inferenceProviderMapping: [{ provider: "hf-inference", providerId: id, task, status: "live" }],
	});
}

const embedder = embedderFiles({
	vocabulary: ["a", "the", "cat", "kitten", "dog", "car", "sleeps", "red"],
	vectors: { cat: [1, 0, 0], kitten: [0.9, 0.1, 0], dog: [0, 1, 0], car: [0, 0, 1] },
});

const MODELS: SeedModel[] = [
	// A revision without its tokenizer: transformers.js finds nothing in the store and must not look elsewhere.
	seedModel("acme/no-tokenizer", {
		files: tokenClassifierFiles({ labels: ["O"], vocabulary: ["x"], tags: {} })
			.filter((file) => file.path !== "tokenizer.json")
			.map((file) =>
				file.path === "config.json"
					? {
							path: file.path,
							content: JSON.stringify({
								architectures: ["BertForSequenceClassification"],
								model_type: "bert",
								id2label: { 0: "O" },
							}),
						}
					: file,
			),
	}),
	localModel(COLOURS, "image-classification", colourClassifierFiles()),
	localModel(
		ZERO_SHOT,
		"zero-shot-classification",
		entailmentFiles({
			vocabulary: [
				"a",
				"late",
				"goal",
				"won",
				"the",
				"match",
				"heavy",
				"rain",
				"sport",
				"weather",
				"this",
				"example",
				"is",
				".",
			],
			vectors: { goal: [3, 0], match: [3, 0], sport: [1, 0], rain: [0, 3], weather: [0, 1] },
		}),
	),
	localModel(
		BPE_SENTIMENT,
		"text-classification",
		bpeClassifierFiles({
			labels: ["NEGATIVE", "POSITIVE"],
			vocabulary: ["i", "love", "great", "this", "film", "the", "movie", "was", "awful", "hate"],
			vectors: { love: [1], great: [1], awful: [-1], hate: [-1] },
			// Strong enough that one lexicon word among [CLS], [SEP] and three others decides clearly.
			weights: [[-24, 24]],
			bias: [0, 0],
		}),
	),
	localModel(
		NER,
		"token-classification",
		tokenClassifierFiles({
			labels: ["O", "B-PER", "I-PER", "B-LOC"],
			vocabulary: ["alice", "smith", "lives", "in", "paris", "with", "bob"],
			tags: { alice: "B-PER", smith: "I-PER", bob: "B-PER", paris: "B-LOC" },
		}),
	),
	localModel(EMBEDDER, "sentence-similarity", embedder),
	localModel(FEATURES, "feature-extraction", embedder),
	localModel(
		FILL_MASK,
		"fill-mask",
		fillMaskFiles({
			vocabulary: ["the", "capital", "of", "france", "is", "paris", "london", "rome", "."],
			answers: ["paris", "london", "rome"],
		}),
	),
	localModel(
		QA,
		"question-answering",
		questionAnsweringFiles({
			vocabulary: ["where", "does", "alice", "live", "?", "lives", "in", "paris", "."],
			starts: ["paris"],
			ends: ["paris"],
		}),
	),
];

describe.each(ENGINES)("the transformers.js engine on a hub on loopback (%s)", (engine) => {
	// A small body limit, to see the 413 without sending megabytes.
	const hub = useLocalHub(engine, MODELS, { config: { routerBodyLimitBytes: 64 * 1024 }, runtime: { workers: 1 } });

	async function post(path: string, body: unknown, contentType = "application/json") {
		const response = await fetch(`${hub.url}${path}`, {
			method: "POST",
			headers: { "content-type": contentType, authorization: `Bearer ${hub.token}` },
			body: typeof body === "string" ? body : JSON.stringify(body),
		});
		return { status: response.status, type: response.headers.get("content-type"), body: await response.json() };
	}

	it("classifies text with a BPE tokenizer (words spelled by merges, case folded)", async () => {
		const positive = await hub.client.textClassification({ model: BPE_SENTIMENT, inputs: "I LOVE this film" });
		expect(positive.map((item) => item.label)).toEqual(["POSITIVE", "NEGATIVE"]);
		expect(positive[0]?.score).toBeGreaterThan(0.99);
		const negative = await hub.client.textClassification({ model: BPE_SENTIMENT, inputs: "the movie was awful" });
		expect(negative[0]?.label).toBe("NEGATIVE");
		// No word of the lexicon: the logits are equal.
		const neutral = await hub.client.textClassification({ model: BPE_SENTIMENT, inputs: "the movie" });
		expect(neutral[0]?.score).toBeCloseTo(0.5, 6);
	});

	it("finds named entities with their places in the text", async () => {
		const text = "Alice Smith lives in Paris with Bob";
		const entities = await hub.client.tokenClassification({ model: NER, inputs: text });
		expect(entities.map(({ entity_group, word, start, end }) => ({ entity_group, word, start, end }))).toEqual([
			{ entity_group: "PER", word: "Alice Smith", start: 0, end: 11 },
			{ entity_group: "LOC", word: "Paris", start: 21, end: 26 },
			{ entity_group: "PER", word: "Bob", start: 32, end: 35 },
		]);
		for (const entity of entities) {
			expect(text.slice(entity.start, entity.end)).toBe(entity.word);
			expect(entity.score).toBeGreaterThan(0.99);
		}
		const tokens = await post(`/hf-inference/models/${NER}`, {
			inputs: "bob in paris",
			parameters: { aggregation_strategy: "none" },
		});
		expect(tokens.body).toEqual([
			expect.objectContaining({ entity: "B-PER", word: "bob", start: 0, end: 3 }),
			expect.objectContaining({ entity: "B-LOC", word: "paris", start: 7, end: 12 }),
		]);
	});

	it("embeds sentences as unit-length means of their words' vectors", async () => {
		const one = await hub.client.featureExtraction({ model: FEATURES, inputs: "a cat" });
		expect(one).toHaveLength(3);
		expectVector(one as number[], [1, 0, 0]);
		const many = (await hub.client.featureExtraction({ model: FEATURES, inputs: ["cat car", "dog"] })) as number[][];
		expect(many).toHaveLength(2);
		// "cat car": the mean of two orthogonal unit vectors, made unit length.
		const diagonal = Math.round(Math.SQRT1_2 * 1e6) / 1e6;
		expectVector(many[0], [diagonal, 0, diagonal]);
		expectVector(many[1], [0, 1, 0]);
	});

	it("ranks the paraphrase above the unrelated sentence (sentence-similarity, also by pipeline/{task})", async () => {
		const inputs = { source_sentence: "a cat sleeps", sentences: ["a kitten sleeps", "the red car", "a dog"] };
		const scores = await hub.client.sentenceSimilarity({ model: EMBEDDER, inputs });
		expect(scores).toHaveLength(3);
		expect(scores[0]).toBeGreaterThan(0.99);
		expect(scores[1]).toBeCloseTo(0, 6);
		expect(scores[2]).toBeLessThan(0.2);
		const byPath = await post(`/hf-inference/models/${EMBEDDER}/pipeline/sentence-similarity`, { inputs });
		expect(byPath.status).toBe(200);
		expect(byPath.body).toEqual(scores);
		// The same model as a feature extractor, by the task in the path.
		const vectors = await post(`/hf-inference/models/${EMBEDDER}/pipeline/feature-extraction`, { inputs: ["dog"] });
		expect(vectors.status).toBe(200);
		expectVector((vectors.body as number[][])[0], [0, 1, 0]);
	});

	it("answers /v1/embeddings in OpenAI's shape, model in the body", async () => {
		const answer = await post("/v1/embeddings", { model: FEATURES, input: ["a kitten", "the car"] });
		expect(answer.status).toBe(200);
		const body = answer.body as {
			object: string;
			model: string;
			data: { object: string; index: number; embedding: number[] }[];
		};
		expect(body.object).toBe("list");
		expect(body.model).toBe(FEATURES);
		expect(body.data.map((item) => [item.object, item.index])).toEqual([
			["embedding", 0],
			["embedding", 1],
		]);
		expectVector(body.data[1]?.embedding, [0, 0, 1]);
		const single = await post("/v1/embeddings", { model: EMBEDDER, input: "cat" });
		expect((single.body as typeof body).data).toHaveLength(1);
		const refusals: [unknown, RegExp][] = [
			[{ input: "cat" }, /needs a `model`/],
			[{ model: EMBEDDER, input: [] }, /`input` must be a string or a non-empty array/],
			[{ model: EMBEDDER, input: "cat", encoding_format: "int8" }, /`encoding_format` must be float or base64/],
			[{ model: NER, input: "cat" }, /BertForTokenClassification: it does not do feature-extraction/],
		];
		for (const [request, message] of refusals) {
			const refused = await post("/v1/embeddings", request);
			expect(refused.status, String(message)).toBe(400);
			expect(refused.body.error, String(message)).toMatch(message);
		}
	});

	it("fills the mask with the model's answers, best first", async () => {
		const answers = await hub.client.fillMask({ model: FILL_MASK, inputs: "The capital of France is [MASK]." });
		expect(answers.map((answer) => answer.token_str)).toEqual([
			"paris",
			"london",
			"rome",
			expect.any(String),
			expect.any(String),
		]);
		expect(answers[0]?.sequence).toBe("the capital of france is paris.");
		const noMask = await post(`/hf-inference/models/${FILL_MASK}`, { inputs: "no mask here" });
		expect(noMask).toMatchObject({ status: 400, body: { error: "`inputs` must contain the mask token [MASK]" } });
	});

	it("answers a question with a span of the context", async () => {
		const context = "Alice lives in Paris.";
		const answer = await hub.client.questionAnswering({
			model: QA,
			inputs: { question: "Where does Alice live?", context },
		});
		expect(answer).toMatchObject({ answer: "Paris", start: 15, end: 20 });
		expect(context.slice(answer.start, answer.end)).toBe("Paris");
		expect(answer.score).toBeGreaterThan(0.9);
	});

	it("classifies by labels it was never trained on (zero-shot, entailment of 'This example is {label}.')", async () => {
		const sport = await hub.client.zeroShotClassification({
			model: ZERO_SHOT,
			inputs: "A late goal won the match",
			parameters: { candidate_labels: ["weather", "sport"] },
		});
		expect(sport.map((item) => item.label)).toEqual(["sport", "weather"]);
		expect(sport[0]?.score).toBeGreaterThan(0.99);
		const rain = await post(`/hf-inference/models/${ZERO_SHOT}`, {
			inputs: "heavy rain",
			parameters: { candidate_labels: "sport, weather", multi_label: true },
		});
		expect(rain.status).toBe(200);
		const [first, second] = rain.body as { label: string; score: number }[];
		expect(first?.label).toBe("weather");
		// Each label on its own: entailment against contradiction (9 vs -9) for weather, 0 vs 0 for sport.
		expect(first?.score).toBeGreaterThan(0.99);
		expect(second).toEqual({ label: "sport", score: expect.closeTo(0.5, 6) });
		const noLabels = await post(`/hf-inference/models/${ZERO_SHOT}`, { inputs: "rain", parameters: {} });
		expect(noLabels).toMatchObject({ status: 400, body: { error: expect.stringMatching(/candidate_labels/) } });
	});

	it("classifies a picture by its colour (image as base64 JSON; no tokenizer, a preprocessor)", async () => {
		const blue = picture([20, 40, 230]);
		const answer = await post(`/hf-inference/models/${COLOURS}`, {
			inputs: Buffer.from(blue).toString("base64"),
			parameters: { top_k: 2 },
		});
		expect(answer.status).toBe(200);
		expect((answer.body as { label: string }[]).map((item) => item.label)).toEqual(["blue", "green"]);
		const red = await post(`/hf-inference/models/${COLOURS}`, {
			inputs: Buffer.from(picture([240, 10, 10])).toString("base64"),
		});
		expect((red.body as { label: string; score: number }[])[0]).toEqual({ label: "red", score: expect.any(Number) });
		const notImage = await post(`/hf-inference/models/${COLOURS}`, {
			inputs: Buffer.from("not a picture").toString("base64"),
		});
		expect(notImage).toMatchObject({
			status: 400,
			body: { error: "The request body is not an image the local runtime can read" },
		});
	});

	it("refuses bad input with a 400 (400 for an unknown task, 413 when too large) and keeps serving", async () => {
		const path = `/hf-inference/models/${BPE_SENTIMENT}`;
		const cases: [Awaited<ReturnType<typeof post>>, number, RegExp][] = [
			[await post(path, "", "application/json"), 400, /not valid JSON/],
			[await post(path, "{}"), 400, /`inputs` must be a string/],
			[
				await post(path, "hello", "text/plain"),
				400,
				/takes a JSON body \(Content-Type: application\/json\), not text\/plain/,
			],
			[await post(`${path}/pipeline/text-to-video`, { inputs: "x" }), 400, /runs .* models, not text-to-video/],
			[
				await post(`${path}/pipeline/token-classification`, { inputs: "x" }),
				400,
				/RobertaForSequenceClassification: it does not do token-classification/,
			],
			[
				await post(`/hf-inference/models/${QA}`, { inputs: "just text" }),
				400,
				/`inputs` must be an object with `question` and `context`/,
			],
			[await post(path, { inputs: "x".repeat(70 * 1024) }), 413, /./],
			[
				await post("/hf-inference/models/acme/no-tokenizer", { inputs: "x" }),
				400,
				/^Model acme\/no-tokenizer has no tokenizer\.json$/,
			],
		];
		for (const [answer, status, message] of cases) {
			expect(answer.status, String(message)).toBe(status);
			expect(answer.type).toMatch(/^application\/json/);
			expect(answer.body.error, String(message)).toMatch(message);
		}
		expect((await post(path, { inputs: "I love this film" })).status).toBe(200);
	});
});
