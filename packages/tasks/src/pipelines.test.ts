import { describe, expect, it } from "vitest";
import { readReference } from "../test/reference.js";
import {
	isPipelineType,
	MODALITIES,
	PIPELINE_COLORS,
	PIPELINE_DATA,
	PIPELINE_TYPES,
	SUBTASK_TYPES,
} from "./pipelines.js";

const reference = readReference("pipelines.json");

describe("pipeline tags", () => {
	it("covers every reference tag plus text2text-generation", () => {
		const referenceIds: string[] = reference.pipelines.map((pipeline: { id: string }) => pipeline.id);
		expect(referenceIds).toHaveLength(57);
		expect([...PIPELINE_TYPES].sort()).toEqual([...referenceIds, "text2text-generation"].sort());
	});

	it("keeps the reference's names, modalities, subtasks and visibility flags", () => {
		for (const expected of reference.pipelines) {
			const actual = PIPELINE_DATA[expected.id as keyof typeof PIPELINE_DATA];
			expect(actual.name, expected.id).toBe(expected.name);
			expect(actual.modality, expected.id).toBe(expected.modality);
			expect(actual.subtasks ?? [], expected.id).toEqual(expected.subtasks);
			expect(actual.hideInModels ?? false, expected.id).toBe(expected.hideInModels);
			expect(actual.hideInDatasets ?? false, expected.id).toBe(expected.hideInDatasets);
		}
	});

	it("keeps text2text-generation with its former record", () => {
		const [former] = reference.removedPipelineRecords_0_18_8;
		expect(PIPELINE_DATA["text2text-generation"]).toMatchObject({
			name: former.name,
			modality: former.modality,
			subtasks: former.subtasks,
		});
	});

	it("groups tags by modality, in MODALITIES order", () => {
		const modalitiesInOrder = PIPELINE_TYPES.map((tag) => PIPELINE_DATA[tag].modality).filter(
			(modality, index, all) => index === 0 || all[index - 1] !== modality,
		);
		expect(modalitiesInOrder).toEqual([...MODALITIES]);
	});

	it("puts specific tags before the general ones they refine", () => {
		const position = (tag: string) => PIPELINE_TYPES.indexOf(tag as (typeof PIPELINE_TYPES)[number]);
		expect(position("translation")).toBeLessThan(position("text2text-generation"));
		expect(position("summarization")).toBeLessThan(position("text2text-generation"));
		expect(position("text2text-generation")).toBeLessThan(position("text-generation"));
		expect(position("text-to-speech")).toBeLessThan(position("text-to-audio"));
	});

	it("uses known colours and unique subtask types", () => {
		for (const tag of PIPELINE_TYPES) {
			expect(PIPELINE_COLORS).toContain(PIPELINE_DATA[tag].color);
		}
		expect(new Set(SUBTASK_TYPES).size).toBe(SUBTASK_TYPES.length);
		expect([...SUBTASK_TYPES].sort()).toEqual(
			[
				...new Set([
					...reference.subtaskTypes,
					...reference.removedPipelineRecords_0_18_8[0].subtasks.map((s: { type: string }) => s.type),
				]),
			].sort(),
		);
	});

	it("tells tags from other strings", () => {
		expect(isPipelineType("fill-mask")).toBe(true);
		expect(isPipelineType("toString")).toBe(false);
		expect(isPipelineType(42)).toBe(false);
	});
});
