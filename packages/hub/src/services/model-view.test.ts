import { describe, expect, it } from "vitest";
import { EXPANDABLE_KEYS } from "./model-fields.js";
import { columnsFor, type MappingRow, renderModel } from "./model-view.js";
import type { ModelRow } from "./repo-access.js";

const ROW: ModelRow = {
	id: "acme/widget-bert",
	author: "acme",
	name: "widget-bert",
	pipeline_tag: "fill-mask",
	library_name: "transformers",
	private: 0,
	gated: "auto",
	downloads: 12,
	likes: 3,
	trending_score: 7,
	created_at: "2024-01-01T00:00:00.000Z",
	last_modified: "2024-02-01T00:00:00.000Z",
	sha: "a".repeat(40),
	tags: '["transformers","fill-mask","base_model:acme/bert","base_model:finetune:acme/bert"]',
	config: '{"model_type":"bert"}',
	card_data: '{"license":"mit"}',
	widget_data: '[{"text":"Paris is the [MASK] of France."}]',
	transformers_info: '{"auto_model":"AutoModelForMaskedLM"}',
	owner: "acme",
	safetensors: '{"parameters":{"F32":110},"total":110}',
	gguf: '{"total":110,"architecture":"bert"}',
};

const MAPPING: MappingRow = {
	model_id: ROW.id,
	position: 0,
	provider: "hf-inference",
	provider_id: ROW.id,
	task: "fill-mask",
	status: "live",
	adapter: null,
	adapter_weights_path: null,
};

const EXTRAS = {
	mappingShape: "object" as const,
	mappings: [MAPPING],
	siblings: [{ path: "config.json", size: 20 }],
};

describe("columnsFor", () => {
	it("names every column a key's value is read from", () => {
		for (const key of [...EXPANDABLE_KEYS, "modelId" as const]) {
			const columns = columnsFor([key]);
			const only = Object.fromEntries(columns.map((column) => [column, ROW[column]])) as ModelRow;
			expect({ key, body: renderModel(only, [key], EXTRAS) }).toEqual({
				key,
				body: renderModel(ROW, [key], EXTRAS),
			});
		}
	});

	it("asks for no more than the keys need", () => {
		expect(columnsFor(["likes", "tags"])).toEqual(["id", "likes", "tags"]);
		expect(columnsFor([])).toEqual(["id"]);
	});
});
