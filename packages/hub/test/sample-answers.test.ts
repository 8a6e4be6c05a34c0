/**
 * Every sample model the catalogue lists (the `hubkit-demo/` models whose files are real, not
 * placeholders) answers its own widget's sample sensibly, over real HTTP on 127.0.0.1 and on
 * both engines, called as the site's widget calls it: anonymously, the widget data's text as
 * `inputs`, its picture or recording (`src`, fetched from the hub) as the raw body. The list of
 * samples is the catalogue's; a sample without an expected answer below fails the first test.
 */

import { apertiumMissing } from "@hubkit/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createLocalRuntime, type HubLocalRuntime } from "../src/local-inference/local-runtime.js";
import { CLINICAL_NER_MODEL } from "../src/seed/catalogue/clinical-ner.js";
import { DEMO_AUTHOR, sampleCatalogue } from "../src/seed/catalogue/index.js";
import {
	APERTIUM_SAMPLE_TRANSLATION,
	PACKAGED_MEDIA_MODELS,
	POCKETSPHINX_SAMPLE_TEXT,
	pocketsphinxSample,
} from "../src/seed/catalogue/packaged-media-models.js";
import { loadSeed } from "../src/seed/load.js";
import { PLACEHOLDER_TAG } from "../src/services/repos.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

type Widget = Record<string, unknown>;
type Ranked = { label: string; score: number }[];
type Entities = { entity_group: string; word: string }[];

/** How the widget sends its sample, for the tasks whose body is not `{ inputs: text }` or a file. */
const BODIES: Partial<Record<string, (widget: Widget) => unknown>> = {
	"sentence-similarity": (widget) => ({
		inputs: { source_sentence: widget.source_sentence, sentences: widget.sentences },
	}),
	"text-ranking": (widget) => ({ query: widget.source_sentence, texts: widget.sentences }),
	"zero-shot-classification": (widget) => ({
		inputs: widget.text,
		parameters: {
			candidate_labels: String(widget.candidate_labels)
				.split(",")
				.map((label) => label.trim()),
		},
	}),
};

const top = (answer: unknown) => {
	const ranked = answer as Ranked | Ranked[];
	return (Array.isArray(ranked[0]) ? (ranked as Ranked[])[0] : (ranked as Ranked))?.[0]?.label;
};
const entities = (answer: unknown) => (answer as Entities).map((entity) => [entity.entity_group, entity.word]);

/** Each sample model's expected answer to its own widget sample. */
const EXPECTED: Record<string, (answer: unknown) => void> = {
	"hubkit-demo/tiny-sentiment": (answer) => expect(top(answer)).toBe("POSITIVE"),
	"hubkit-demo/wink-sentiment": (answer) => expect(top(answer)).toBe("POSITIVE"),
	// "Le chat dort sur le canapé …"
	"hubkit-demo/lande-language-id": (answer) => expect(top(answer)).toBe("fra"),
	"hubkit-demo/compromise-entities": (answer) =>
		expect(entities(answer)).toEqual([
			["PER", "Marie Curie"],
			["LOC", "Paris"],
			["PER", "Pierre"],
		]),
	[CLINICAL_NER_MODEL]: (answer) =>
		expect(entities(answer)).toEqual([
			["DRUG", "metformin"],
			["DOSE", "500 mg"],
			["FREQUENCY", "twice daily"],
			["CONDITION", "diabetes"],
			["DRUG", "lisinopril"],
			["DOSE", "10 mg"],
			["FREQUENCY", "once daily"],
			["CONDITION", "hypertension"],
		]),
	// "The quick brown fox jumps over the lazy dog."
	"hubkit-demo/wink-pos": (answer) => {
		const tags = Object.fromEntries(entities(answer).map(([tag, word]) => [word, tag]));
		expect(tags).toMatchObject({ The: "DET", fox: "NOUN", jumps: "VERB", over: "ADP", dog: "NOUN" });
	},
	// "A man is playing a guitar." is nearer "Someone is playing an instrument." than the stock market.
	"hubkit-demo/wink-static-embeddings-100d": (answer) => {
		const [instrument, market] = answer as number[];
		expect(instrument).toBeGreaterThan(market as number);
	},
	"hubkit-demo/wink-static-zero-shot": (answer) => expect(top(answer)).toBe("sports"),
	// "how do I reset my password": the reset link, not the office hours.
	"hubkit-demo/wink-static-ranking": (answer) => expect((answer as { index: number }[])[0]?.index).toBe(0),
	// A content filter shown a red car.
	[PACKAGED_MEDIA_MODELS.imageClassification]: (answer) => expect(top(answer)).toBe("Neutral"),
	// The sample invoice.
	[PACKAGED_MEDIA_MODELS.ocr]: (answer) => {
		const text = (answer as { generated_text: string }[])[0]?.generated_text;
		expect(text).toMatch(/Date: 2026/);
		expect(text).toContain("Acme Tools");
		expect(text).toContain("Pay within 30 days.");
	},
	// "The kettle has boiled; would you like some tea?" as a WAV file of a few seconds.
	[PACKAGED_MEDIA_MODELS.speech]: (answer) => {
		const bytes = answer as Uint8Array;
		const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
		expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe("RIFF");
		const seconds = view.getUint32(40, true) / view.getUint32(28, true);
		expect(seconds).toBeGreaterThan(1.5);
		expect(seconds).toBeLessThan(6);
	},
	// The demo clip holds two phrases.
	[PACKAGED_MEDIA_MODELS.vad]: (answer) =>
		expect((answer as { label: string }[]).map((segment) => segment.label)).toEqual(["speech", "speech"]),
	[PACKAGED_MEDIA_MODELS.speechRecognition]: (answer) =>
		expect((answer as { text: string }).text).toBe(POCKETSPHINX_SAMPLE_TEXT),
	[PACKAGED_MEDIA_MODELS.translation]: (answer) =>
		expect((answer as { translation_text: string }[])[0]?.translation_text).toBe(APERTIUM_SAMPLE_TRANSLATION),
};

/** The samples on Debian packages, listed only where those are installed. */
const SYSTEM_SAMPLES: Record<string, () => boolean> = {
	[PACKAGED_MEDIA_MODELS.speechRecognition]: () => pocketsphinxSample() !== undefined,
	[PACKAGED_MEDIA_MODELS.translation]: () => apertiumMissing() === undefined,
};

const SAMPLES = sampleCatalogue().filter(
	(record) => record.author === DEMO_AUTHOR && !record.private && !record.tags.includes(PLACEHOLDER_TAG),
);

describe.each(ENGINES)("the sample models' own widget samples on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let runtime: HubLocalRuntime;
	let server: Listening;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		await loadSeed(hub.deps, SAMPLES);
		runtime = createLocalRuntime(hub.deps, { workers: 1 });
		server = await listen(createHubApp(hub.deps, { router: { localRuntime: runtime } }));
	});

	afterAll(async () => {
		await server?.close();
		await runtime?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	it("has an expected answer for every sample, and lists the Debian-package ones exactly where they run", () => {
		const listed = SAMPLES.map((record) => record.id).sort();
		const expected = Object.keys(EXPECTED).filter((id) => SYSTEM_SAMPLES[id]?.() ?? true);
		expect(listed).toEqual(expected.sort());
	});

	it.each(SAMPLES.map((record) => record.id))("%s answers its widget's sample as expected", async (id) => {
		const info = (await (
			await fetch(`${server.url}/api/models/${id}?expand[]=widgetData&expand[]=inferenceProviderMapping`)
		).json()) as { widgetData?: Widget[]; inferenceProviderMapping: Record<string, { task: string; status: string }> };
		const mapping = info.inferenceProviderMapping["hf-inference"];
		expect(mapping?.status, id).toBe("live");
		const widget = info.widgetData?.[0];
		expect(widget, `${id} has a widget sample`).toBeDefined();
		let init: RequestInit;
		if (typeof widget?.src === "string") {
			const file = await fetch(`${server.url}${widget.src}`);
			expect(file.status, String(widget.src)).toBe(200);
			const type = widget.src.endsWith(".wav") ? "audio/wav" : "image/png";
			init = { body: new Uint8Array(await file.arrayBuffer()), headers: { "content-type": type } };
		} else {
			const body = BODIES[mapping?.task ?? ""]?.(widget as Widget) ?? { inputs: widget?.text };
			init = { body: JSON.stringify(body), headers: { "content-type": "application/json" } };
		}
		// No token: the widget calls the hub's own models anonymously.
		const response = await fetch(`${server.url}/hf-inference/models/${id}`, { method: "POST", ...init });
		expect(response.status, `${id}: ${await response.clone().text()}`).toBe(200);
		const json = response.headers.get("content-type")?.startsWith("application/json");
		EXPECTED[id]?.(json ? await response.json() : new Uint8Array(await response.arrayBuffer()));
	});
});
