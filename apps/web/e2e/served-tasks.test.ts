/**
 * Every task the hub's own runtime serves gets a form of its own, filled from the
 * model's widget data (never the raw JSON box), and who serves a model is one
 * answer (lib/model-serving.ts) for the widget and the inference panel alike.
 * Pure functions: no browser.
 */
import { LOCAL_TASKS } from "@hubkit/hub";
import { INFERENCE_ROUTES } from "@hubkit/inference";
import { describe, expect, it } from "vitest";
import { modelServing, type ProviderSummary } from "../lib/model-serving";
import { providerUsage } from "../lib/model-usage";
import { rankingExample, widgetSample } from "../lib/widget-inputs";
import { widgetKindOf } from "../lib/widget-kinds";
import { rankedRows } from "../lib/widget-outputs";
import { textToColumns } from "../lib/widget-table";

/** GGUF models answer chat on the local runtime (the hub's GET /api/providers adds it to LOCAL_TASKS). */
const SERVED_HERE = [...LOCAL_TASKS, "conversational"];

const HUB_PROVIDERS: ProviderSummary[] = [
	{ id: "hf-inference", kind: "local", configured: true, tasks: SERVED_HERE },
	{ id: "together", kind: "remote", configured: false, tasks: ["conversational", "text-generation"] },
	{ id: "openai", kind: "client-only", configured: false, tasks: ["conversational"] },
];

describe("served tasks", () => {
	it("gives every task the hub's own runtime serves a form of its own", () => {
		expect(SERVED_HERE).toContain("text-ranking");
		const raw = SERVED_HERE.filter((task) => widgetKindOf(task) === "json");
		expect(raw).toEqual([]);
	});

	it("gives every task the hub routes to a provider a form of its own", () => {
		// What GET /api/providers lists for remote providers: the tasks of their call routes.
		const routed = [
			...new Set(INFERENCE_ROUTES.filter((route) => route.kind === "call").flatMap((route) => route.tasks)),
		];
		expect(routed.length).toBeGreaterThan(20);
		expect(routed.filter((task) => widgetKindOf(task) === "json")).toEqual([]);
	});

	it("fills the table forms from the model's widget data", () => {
		const model = {
			id: "acme/tables",
			pipeline_tag: "table-question-answering" as const,
			widgetData: [{ text: "Which city is largest?", table: { City: ["Lagos", "Lima"], People: ["15", "11"] } }],
		};
		const sample = widgetSample(model, "table-question-answering", "table-question");
		expect(sample).toEqual({ text: "Which city is largest?", table: "City, People\nLagos, 15\nLima, 11" });
		expect(textToColumns(sample.table ?? "")).toEqual({ City: ["Lagos", "Lima"], People: ["15", "11"] });
		expect(() => textToColumns("City, People\nLagos")).toThrow("Row 1 has 1 cells");
	});

	it("fills the text-ranking form from the model's widget data", () => {
		const model = {
			id: "acme/ranker",
			pipeline_tag: "text-ranking" as const,
			widgetData: [{ source_sentence: "how long do tortoises live", sentences: ["They live long.", "They eat."] }],
		};
		expect(widgetSample(model, "text-ranking", "ranking")).toEqual({
			text: "how long do tortoises live",
			sentences: ["They live long.", "They eat."],
		});
		expect(rankingExample({ ...model, widgetData: [{ query: "q", sentences: ["a"] }] })).toEqual({
			query: "q",
			texts: ["a"],
		});
		// A model without an example still gets a query and texts, never an empty box.
		const bare = rankingExample({ id: "acme/bare", pipeline_tag: "text-ranking" });
		expect(bare.query).not.toBe("");
		expect(bare.texts.length).toBeGreaterThan(1);
	});

	it("orders a ranking answer best first, as texts", () => {
		const texts = ["a", "b", "c"];
		const answer = [
			{ index: 2, score: 0.1 },
			{ index: 0, score: 0.9 },
			{ index: 1, score: -0.2 },
		];
		expect(rankedRows(texts, answer)).toEqual([
			{ label: "a", score: 0.9 },
			{ label: "c", score: 0.1 },
			{ label: "b", score: -0.2 },
		]);
	});
});

describe("who serves a model", () => {
	const info = (mapping: Record<string, { task: string }>) => ({
		_id: "1",
		id: "acme/model",
		pipeline_tag: "text-ranking",
		inferenceProviderMapping: Object.fromEntries(
			Object.entries(mapping).map(([provider, entry]) => [
				provider,
				{ providerId: "acme/model", task: entry.task, status: "live" as const },
			]),
		),
	});

	it("serves through the hub's own runtime first, and the panel opens on it with a call to copy", () => {
		const model = info({ together: { task: "text-generation" }, "hf-inference": { task: "text-ranking" } });
		const serving = modelServing(model.inferenceProviderMapping, HUB_PROVIDERS);
		expect(serving.serving?.provider).toBe("hf-inference");
		const panel = providerUsage(model as never, "http://hub.test", serving);
		expect(panel.map((entry) => entry.provider)).toEqual(["hf-inference", "together"]);
		expect(panel[0]?.routable).toBe(true);
		// The inference client has no text-ranking function: the panel shows the route's own call.
		expect(panel[0]?.snippets[0]?.content).toContain("http://hub.test/hf-inference/models/acme/model");
		expect(panel[0]?.snippets[0]?.content).toContain('"query"');
		expect(panel[1]).toMatchObject({ routable: false, notRoutedBecause: "no key for it is set on this hub" });
	});

	it("gives the widget and the panel the same reason when no provider serves", () => {
		const unmapped = modelServing({}, HUB_PROVIDERS);
		expect(unmapped.serving).toBeUndefined();
		expect(unmapped.reason).toContain("None is mapped to it yet.");

		const blocked = modelServing(
			info({ together: { task: "conversational" }, openai: { task: "conversational" } }).inferenceProviderMapping,
			HUB_PROVIDERS,
		);
		expect(blocked.serving).toBeUndefined();
		expect(blocked.reason).toContain("this hub has no key set for together");
		expect(blocked.reason).toContain("openai is only called directly");
		expect(blocked.entries.every((entry) => entry.notRoutedBecause)).toBe(true);

		// A provider set up here, but not for the model's task, does not serve it.
		const wrongTask = modelServing(
			info({ "hf-inference": { task: "text-to-video" } }).inferenceProviderMapping,
			HUB_PROVIDERS,
		);
		expect(wrongTask.serving).toBeUndefined();
		expect(wrongTask.reason).toContain("this hub does not route text-to-video to hf-inference");
	});
});
