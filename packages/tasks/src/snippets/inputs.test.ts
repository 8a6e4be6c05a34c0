import { describe, expect, it } from "vitest";
import {
	DEFAULT_CANDIDATE_LABELS,
	DEFAULT_SENTENCES,
	getCandidateLabels,
	getModelInputExample,
	getModelInputPayload,
	getModelInputSnippet,
} from "./inputs.js";

describe("getModelInputSnippet", () => {
	it("prefers the model's widget text", () => {
		const model = { id: "a/b", pipeline_tag: "text-classification" as const, widgetData: [{ text: "Mine!" }] };
		expect(getModelInputSnippet(model)).toBe('"Mine!"');
		expect(getModelInputSnippet(model, false, true)).toBe("Mine!");
	});

	it("falls back to a default per task", () => {
		expect(getModelInputSnippet({ id: "a/b", pipeline_tag: "text-to-image" })).toBe(
			'"A lighthouse on a rocky cliff at sunset, flat illustration"',
		);
	});

	it("folds whitespace with noWrap", () => {
		const model = { id: "a/b", pipeline_tag: "summarization" as const, widgetData: [{ text: "one\n\ttwo   three" }] };
		expect(getModelInputSnippet(model, true, true)).toBe("one two three");
		const qa = getModelInputSnippet({ id: "a/b", pipeline_tag: "question-answering" }, true);
		expect(qa).not.toMatch(/\n|\s{2}/);
		expect(JSON.parse(qa)).toHaveProperty("question");
	});

	it("says so when a task has no example", () => {
		expect(getModelInputSnippet({ id: "a/b", pipeline_tag: "image-classification" })).toBe(
			"No input example has been defined for this model task.",
		);
	});

	it("keeps author text exact inside the JSON", () => {
		// biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder is the point of this sample
		const hostile = 'quote " backslash \\ newline \n ${x} $(y)';
		const text = getModelInputSnippet({ id: "a/b", pipeline_tag: "fill-mask", widgetData: [{ text: hostile }] });
		expect(JSON.parse(text)).toBe(hostile);
	});
});

describe("structured examples", () => {
	it("builds question answering from the widget or defaults", () => {
		expect(
			getModelInputExample({
				id: "a/b",
				pipeline_tag: "question-answering",
				widgetData: [{ text: "Q?", context: "C." }],
			}),
		).toEqual({
			question: "Q?",
			context: "C.",
		});
	});

	it("uses the default sentences without widget data", () => {
		expect(getModelInputExample({ id: "a/b", pipeline_tag: "sentence-similarity" })).toEqual({
			source_sentence: DEFAULT_SENTENCES[0],
			sentences: DEFAULT_SENTENCES.slice(1),
		});
	});

	it("gives zero-shot payloads the refund/legal/faq labels by default", () => {
		expect(DEFAULT_CANDIDATE_LABELS).toEqual(["refund", "legal", "faq"]);
		expect(getModelInputPayload({ id: "a/b", pipeline_tag: "zero-shot-classification" })).toMatchObject({
			parameters: { candidate_labels: ["refund", "legal", "faq"] },
		});
		expect(getCandidateLabels({ id: "a/b", widgetData: [{ candidate_labels: "cats, dogs" }] })).toEqual([
			"cats",
			"dogs",
		]);
	});
});
