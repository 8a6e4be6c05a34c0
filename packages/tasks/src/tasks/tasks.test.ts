import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readReference } from "../../test/reference.js";
import { PIPELINE_DATA, PIPELINE_TYPES, type PipelineType } from "../pipelines.js";
import { getTaskData, TASKS_DATA, TASKS_MODEL_LIBRARIES } from "./index.js";
import type { DemoEntry, TaskData } from "./types.js";

const reference = readReference("tasks.json");
const referenceById = new Map<string, Record<string, unknown>>(
	reference.tasks.map((task: { id: string }) => [task.id, task]),
);
const assetsDir = new URL("../../assets/demo/", import.meta.url);

/** Tags that deliberately have no page, and why: "other" is a bucket, not a task. */
const WITHOUT_PAGE = ["other"];
const PLACEHOLDERS = ["audio-text-to-text", "visual-document-retrieval"];

const pages = PIPELINE_TYPES.flatMap((tag) => {
	const task = TASKS_DATA[tag];
	return task && !task.isPlaceholder ? [task] : [];
});

describe("task catalogue coverage", () => {
	it("has a page for every tag except the deliberate ones", () => {
		const missing = PIPELINE_TYPES.filter((tag) => TASKS_DATA[tag] === undefined);
		expect(missing).toEqual(WITHOUT_PAGE);
	});

	it("has exactly the two placeholders, without content", () => {
		const placeholders = PIPELINE_TYPES.filter((tag) => TASKS_DATA[tag]?.isPlaceholder);
		expect(placeholders.sort()).toEqual(PLACEHOLDERS);
		for (const tag of placeholders) {
			const task = TASKS_DATA[tag] as TaskData;
			expect(task.summary).toBe("");
			expect([...task.models, ...task.datasets, ...task.demo.inputs, ...task.demo.outputs]).toEqual([]);
		}
	});

	it("has at least 53 pages with content, among them every page the reference has", () => {
		expect(pages.length).toBeGreaterThanOrEqual(53);
		const referencePages = reference.tasks.filter((task: { hasPage: boolean }) => task.hasPage);
		for (const { id } of referencePages) {
			expect(TASKS_DATA[id as PipelineType], id).toBeDefined();
		}
	});

	it("derives id, label and libraries instead of typing them twice", () => {
		for (const tag of PIPELINE_TYPES) {
			const task = TASKS_DATA[tag];
			if (!task) continue;
			expect(task.id).toBe(tag);
			expect(task.label).toBe(PIPELINE_DATA[tag].name);
			expect(task.libraries).toBe(TASKS_MODEL_LIBRARIES[tag]);
		}
	});

	it("sets the canonical ids", () => {
		const canonical = Object.fromEntries(
			PIPELINE_TYPES.filter((tag) => TASKS_DATA[tag]?.canonicalId).map((tag) => [tag, TASKS_DATA[tag]?.canonicalId]),
		);
		expect(canonical).toEqual({
			summarization: "text2text-generation",
			translation: "text2text-generation",
			"text-to-speech": "text-to-audio",
		});
		for (const target of Object.values(canonical)) {
			expect(TASKS_DATA[target as PipelineType]?.isPlaceholder, target).toBeFalsy();
		}
	});

	it("getTaskData answers for tags only", () => {
		expect(getTaskData("fill-mask")?.label).toBe("Fill-Mask");
		expect(getTaskData("other")).toBeUndefined();
		expect(getTaskData("constructor")).toBeUndefined();
		expect(getTaskData("no-such-task")).toBeUndefined();
	});
});

describe("task facts agree with the reference", () => {
	it("libraries per task", () => {
		for (const tag of PIPELINE_TYPES) {
			const expected = referenceById.get(tag)?.libraries ?? ["transformers", "transformers.js"];
			expect(TASKS_MODEL_LIBRARIES[tag], tag).toEqual(expected);
		}
	});

	it.each(pages.filter((task) => referenceById.get(task.id)?.hasPage).map((task) => [task.id, task] as const))(
		"%s uses the reference ids",
		(tag, task) => {
			const expected = referenceById.get(tag) as Record<string, string[] | string | null>;
			const ids = (items: { id: string }[]) => items.map((item) => item.id);
			// The reference spells "no ids" as [""] in a few places.
			const expectedIds = (key: string) => (expected[key] as string[]).filter(Boolean);
			expect(ids(task.datasets)).toEqual(expectedIds("datasetIds"));
			expect(ids(task.metrics)).toEqual(expectedIds("metricIds"));
			expect(ids(task.models)).toEqual(expectedIds("modelIds"));
			expect(ids(task.spaces)).toEqual(expectedIds("spaceIds"));
			expect(task.widgetModels).toEqual((expected.widgetModels as string[]).filter(Boolean));
			expect(task.youtubeId).toBe(expected.youtubeId || undefined);
		},
	);

	it.each(pages.map((task) => [task.id, task] as const))("%s demo follows the reference demo shape", (tag, task) => {
		const shape = referenceById.get(tag)?.demoShape as { inputs: string[]; outputs: string[] } | null;
		if (!shape) return; // tags the reference has no page for: their shape is ours (checked below)
		expect(task.demo.inputs.map((entry) => entry.type)).toEqual(shape.inputs);
		expect(task.demo.outputs.map((entry) => entry.type)).toEqual(shape.outputs);
	});
});

function demoProblems(entry: DemoEntry): string[] {
	switch (entry.type) {
		case "text":
			return entry.label.trim() && entry.content.trim() ? [] : ["empty text entry"];
		case "img":
		case "audio": {
			const url = new URL(entry.filename, assetsDir);
			if (!existsSync(url)) return [`missing asset ${entry.filename}`];
			const bytes = readFileSync(url);
			const ok =
				entry.type === "img"
					? bytes.subarray(1, 4).toString("latin1") === "PNG"
					: bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WAVE";
			return ok ? [] : [`${entry.filename} is not a valid ${entry.type === "img" ? "PNG" : "WAV"}`];
		}
		case "chart": {
			const scores = entry.data.map((bar) => bar.score);
			const problems = [];
			if (entry.data.length === 0) problems.push("empty chart");
			if (scores.some((score) => !(score >= 0 && score <= 1))) problems.push("score outside [0, 1]");
			if (entry.data.some((bar) => !bar.label.trim())) problems.push("chart bar without label");
			return problems;
		}
		case "tabular": {
			const [header, ...rows] = entry.data;
			if (!header || rows.length === 0) return ["table needs a header and at least one row"];
			return rows.every((row) => row.length === header.length) ? [] : ["ragged table"];
		}
		case "text-with-tokens":
			return entry.tokens.length === 0
				? ["no tokens"]
				: entry.tokens.flatMap((token) =>
						Number.isInteger(token.start) &&
						Number.isInteger(token.end) &&
						token.start >= 0 &&
						token.start < token.end &&
						token.end <= entry.text.length &&
						entry.text.slice(token.start, token.end).trim() === entry.text.slice(token.start, token.end)
							? []
							: [`bad token span ${token.start}-${token.end}`],
					);
	}
}

describe("task page content", () => {
	it.each(pages.map((task) => [task.id, task] as const))("%s has a valid demo", (_tag, task) => {
		expect(task.demo.inputs.length).toBeGreaterThan(0);
		expect(task.demo.outputs.length).toBeGreaterThan(0);
		expect([...task.demo.inputs, ...task.demo.outputs].flatMap(demoProblems)).toEqual([]);
	});

	it.each(pages.map((task) => [task.id, task] as const))(
		"%s has a 2–4 sentence summary and described links",
		(_t, task) => {
			const sentences = task.summary.split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/);
			expect(sentences.length).toBeGreaterThanOrEqual(2);
			expect(sentences.length).toBeLessThanOrEqual(4);
			for (const item of [...task.datasets, ...task.metrics, ...task.models, ...task.spaces]) {
				expect(item.id.trim(), task.id).not.toBe("");
				expect(item.description.trim(), `${task.id}: ${item.id}`).not.toBe("");
			}
			const ids = (items: { id: string }[]) => items.map((item) => item.id);
			for (const list of [task.datasets, task.metrics, task.models, task.spaces]) {
				expect(new Set(ids(list)).size, task.id).toBe(list.length);
			}
		},
	);

	it("never repeats a summary or a description", () => {
		const summaries = pages.map((task) => task.summary);
		expect(new Set(summaries).size).toBe(summaries.length);
		expect(JSON.stringify(pages)).not.toMatch(/\bTODO\b|lorem ipsum/i);
	});

	it("ships every demo asset it names, and nothing it does not", () => {
		const named = new Set(
			pages.flatMap((task) =>
				[...task.demo.inputs, ...task.demo.outputs].flatMap((entry) =>
					entry.type === "img" || entry.type === "audio" ? [entry.filename] : [],
				),
			),
		);
		const readme = readFileSync(new URL("README.md", assetsDir), "utf8");
		const listed = [...readme.matchAll(/^\| ([\w.-]+\.(?:png|wav)) +\|/gm)].map((match) => match[1]);
		expect([...named].sort()).toEqual(listed.sort());
	});
});
