/**
 * The packaged text models (weights in npm packages: wink-nlp, lande, compromise),
 * seeded as the sample catalogue seeds them, answering through @hubkit/inference at
 * a hub on 127.0.0.1, on both database engines: shape and sense (positive vs
 * negative, French vs English, a named person found, nouns and verbs), the live
 * hf-inference mapping the loader wrote, and the refusals; and the inference
 * snippets a model page shows for them (js @hubkit/inference, js fetch, sh curl),
 * run unchanged against the hub.
 */
import { describe, expect, it } from "vitest";
import { packagedModels } from "../src/seed/catalogue/packaged-models.js";
import { ENGINES } from "./support/engines.js";
import { useLocalHub } from "./support/local-hub.js";
import { runModelSnippets } from "./support/run-snippet.js";
import { seedModel } from "./support/seed-records.js";

const SENTIMENT = "hubkit-demo/wink-sentiment";
const LANGUAGE = "hubkit-demo/lande-language-id";
const ENTITIES = "hubkit-demo/compromise-entities";
const POS = "hubkit-demo/wink-pos";
const UNKNOWN_ENGINE = "acme/unknown-packaged";

describe.each(ENGINES)("packaged text models on a hub on loopback (%s)", (engine) => {
	const hub = useLocalHub(engine, [
		...packagedModels(),
		seedModel(UNKNOWN_ENGINE, {
			pipeline_tag: "text-classification",
			files: [{ path: "hubkit.json", content: JSON.stringify({ engine: "mind-reader", package: "wink-nlp" }) }],
		}),
	]);

	it("maps each packaged model to hf-inference, live, for its own task", async () => {
		for (const [id, task] of [
			[SENTIMENT, "text-classification"],
			[LANGUAGE, "text-classification"],
			[ENTITIES, "token-classification"],
			[POS, "token-classification"],
		]) {
			const response = await fetch(`${hub.url}/api/models/${id}?expand[]=inferenceProviderMapping`);
			const body = (await response.json()) as { inferenceProviderMapping: Record<string, unknown> };
			expect(body.inferenceProviderMapping, id).toEqual({
				"hf-inference": expect.objectContaining({ status: "live", task, providerId: id }),
			});
		}
		const unknown = await fetch(`${hub.url}/api/models/${UNKNOWN_ENGINE}?expand[]=inferenceProviderMapping`);
		expect(((await unknown.json()) as { inferenceProviderMapping: unknown }).inferenceProviderMapping).toEqual({});
	});

	it("tells a positive sentence from a negative one (wink-nlp)", async () => {
		const positive = await hub.client.textClassification({
			model: SENTIMENT,
			inputs: "I love this movie, the soundtrack is wonderful!",
		});
		const negative = await hub.client.textClassification({ model: SENTIMENT, inputs: "The film was not good at all." });
		expect(positive.map((item) => item.label)).toEqual(["POSITIVE", "NEGATIVE"]);
		expect(negative[0]?.label).toBe("NEGATIVE");
		expect(positive[0]?.score).toBeGreaterThan(0.5);
		expect((positive[0]?.score ?? 0) + (positive[1]?.score ?? 0)).toBeCloseTo(1, 6);
	});

	it("tells French from English (lande), every language scored, best first", async () => {
		const french = await hub.client.textClassification({
			model: LANGUAGE,
			inputs: "Le chat dort sur le canapé depuis ce matin.",
		});
		const english = await hub.client.textClassification({
			model: LANGUAGE,
			inputs: "The cat has been sleeping on the sofa since this morning.",
		});
		expect(french[0]?.label).toBe("fra");
		expect(english[0]?.label).toBe("eng");
		expect(french).toHaveLength(50);
		expect(french.reduce((sum, item) => sum + item.score, 0)).toBeCloseTo(1, 3);
		const top = await hub.client.textClassification(
			{ model: LANGUAGE, inputs: "Guten Morgen, wie geht es dir heute?" },
			{},
		);
		expect(top[0]?.label).toBe("deu");
	});

	it("finds a named person, with offsets into the text (compromise)", async () => {
		const text = "Yesterday Marie Curie moved to Paris with her sister.";
		const entities = await hub.client.tokenClassification({ model: ENTITIES, inputs: text });
		const person = entities.find((entity) => entity.entity_group === "PER");
		expect(person?.word).toBe("Marie Curie");
		expect(text.slice(person?.start, person?.end)).toBe("Marie Curie");
		expect(entities.find((entity) => entity.entity_group === "LOC")?.word).toBe("Paris");
	});

	it("tags parts of speech, one entry per token in text order (wink-nlp)", async () => {
		const text = "The quick brown fox jumps over the lazy dog.";
		const tokens = await hub.client.tokenClassification({ model: POS, inputs: text });
		expect(tokens.map((token) => token.word)).toEqual([
			"The",
			"quick",
			"brown",
			"fox",
			"jumps",
			"over",
			"the",
			"lazy",
			"dog",
			".",
		]);
		const tagOf = (word: string) => tokens.find((token) => token.word === word)?.entity_group;
		expect([tagOf("fox"), tagOf("jumps"), tagOf("lazy"), tagOf(".")]).toEqual(["NOUN", "VERB", "ADJ", "PUNCT"]);
		for (const token of tokens) expect(text.slice(token.start, token.end)).toBe(token.word);
	});

	it("answers one list per input, honours top_k, and refuses bad input and unknown engines by name", async () => {
		const post = async (model: string, body: unknown) => {
			const response = await fetch(`${hub.url}/hf-inference/models/${model}`, {
				method: "POST",
				headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
				body: JSON.stringify(body),
			});
			return { status: response.status, body: (await response.json()) as unknown };
		};
		const batch = await post(LANGUAGE, {
			inputs: ["Buenos días a todos", "Good morning everyone"],
			parameters: { top_k: 1 },
		});
		expect(batch.status).toBe(200);
		expect((batch.body as { label: string }[][]).map((ranked) => ranked.map((item) => item.label))).toEqual([
			["spa"],
			["eng"],
		]);
		const tagged = await post(ENTITIES, { inputs: ["Pierre Curie smiled.", "Nothing here."] });
		expect((tagged.body as { word: string }[][]).map((list) => list.map((entity) => entity.word))).toEqual([
			["Pierre Curie"],
			[],
		]);
		expect(await post(SENTIMENT, { inputs: [] })).toEqual({
			status: 400,
			body: { error: "`inputs` must be a string or a non-empty array of strings" },
		});
		expect(await post(SENTIMENT, { inputs: "fine", parameters: { top_k: 0 } })).toEqual({
			status: 400,
			body: { error: "`parameters.top_k` must be a positive integer" },
		});
		const unknown = await post(UNKNOWN_ENGINE, { inputs: "hello" });
		expect(unknown.status).toBe(400);
		expect((unknown.body as { error: string }).error).toMatch(/^Model acme\/unknown-packaged/);
	});
});

describe("the inference snippets of the packaged text models, run against a hub on loopback", () => {
	const hub = useLocalHub("sqlite", packagedModels(), { snippets: "packaged" });

	type Item = { label?: string; entity_group?: string; word?: string };
	/** What each model's snippet must print, from its card's widget example. */
	const expectations: Array<[string, (items: Item[]) => void]> = [
		[SENTIMENT, (items) => expect(items[0]?.label).toBe("POSITIVE")],
		[LANGUAGE, (items) => expect(items[0]?.label).toBe("fra")],
		[ENTITIES, (items) => expect(items.find((item) => item.entity_group === "PER")?.word).toBe("Marie Curie")],
		[POS, (items) => expect(items.find((item) => item.word === "fox")?.entity_group).toBe("NOUN")],
	];

	it.each(expectations)("%s: the js and curl snippets print the model's answer", async (id, check) => {
		for (const { stdout } of await runModelSnippets(hub, id)) {
			const printed = JSON.parse(stdout) as Item[] | Item[][];
			// fetch and curl print the hub's answer as it came: one list per input for text classification.
			const items = Array.isArray(printed[0]) ? (printed[0] as Item[]) : (printed as Item[]);
			check(items);
		}
	});
});
