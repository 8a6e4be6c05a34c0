import { describe, expect, it } from "vitest";
import {
	LOCAL_PROVIDER,
	mappingOfRow,
	mappingRows,
	mappingsWithLocal,
	type ProviderMapping,
} from "./provider-mapping.js";

const together: ProviderMapping = { provider: "together", providerId: "t/m", task: "text-generation", status: "live" };
const own: ProviderMapping = {
	provider: LOCAL_PROVIDER,
	providerId: "else/where",
	task: "fill-mask",
	status: "staging",
};

describe("the provider-mapping rule", () => {
	it("drops hf-inference when the runtime cannot run the model and keeps the others", () => {
		expect(mappingsWithLocal([own, together], { ok: false, reason: "no weights" }, "a/b")).toEqual([together]);
	});

	it("keeps a declared hf-inference entry's place and status, with this hub's id and the runtime's task", () => {
		expect(mappingsWithLocal([together, own], { ok: true, task: "text-classification" }, "a/b")).toEqual([
			together,
			{ ...own, providerId: "a/b", task: "text-classification" },
		]);
	});

	it("adds a live hf-inference entry last when the model declares none", () => {
		expect(mappingsWithLocal([together], { ok: true, task: "fill-mask" }, "a/b")).toEqual([
			together,
			{ provider: LOCAL_PROVIDER, providerId: "a/b", task: "fill-mask", status: "live" },
		]);
	});

	it("stores mappings as rows in preference order and reads them back unchanged", () => {
		const lora: ProviderMapping = { ...together, adapter: "lora", adapterWeightsPath: "w.safetensors" };
		const rows = mappingRows("a/b", [lora, own]);
		expect(rows.map((row) => [row.position, row.provider, row.adapter])).toEqual([
			[0, "together", "lora"],
			[1, LOCAL_PROVIDER, null],
		]);
		expect(
			rows.map((row) =>
				mappingOfRow({ ...row, adapter: row.adapter ?? null, adapter_weights_path: row.adapter_weights_path ?? null }),
			),
		).toEqual([lora, own]);
	});
});
