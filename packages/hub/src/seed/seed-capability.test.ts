import { describe, expect, it } from "vitest";
import { seedModel } from "../../test/support/seed-records.js";
import { tinySentiment } from "./catalogue/local-models.js";
import { seedCapability, withLocalMapping } from "./seed-capability.js";
import type { SeedProviderMapping } from "./types.js";

const together: SeedProviderMapping = {
	provider: "together",
	providerId: "t/m",
	task: "text-classification",
	status: "live",
};
const local = (status: "live" | "staging" = "live"): SeedProviderMapping => ({
	provider: "hf-inference",
	providerId: "somewhere/else",
	task: "text-classification",
	status,
});

describe("the hf-inference mapping of a seed record", () => {
	it("is dropped when the runtime cannot run the model (placeholder weights), other providers kept", async () => {
		const record = seedModel("acme/placeholder", { inferenceProviderMapping: [local(), together] });
		expect(await withLocalMapping(record)).toEqual([together]);
		// The record itself is left as it was.
		expect(record.inferenceProviderMapping).toHaveLength(2);
	});

	it("is added, live, for a model the runtime can run that does not declare it", async () => {
		const record = { ...tinySentiment(), id: "acme/sentiment", author: "acme", inferenceProviderMapping: [together] };
		expect(await withLocalMapping(record)).toEqual([
			together,
			{ provider: "hf-inference", providerId: "acme/sentiment", task: "text-classification", status: "live" },
		]);
	});

	it("keeps a runnable model's own entry in its place and status, with this hub's id and task", async () => {
		const record = { ...tinySentiment(), inferenceProviderMapping: [together, local("staging")] };
		expect(await withLocalMapping(record)).toEqual([
			together,
			{ ...local("staging"), providerId: "hubkit-demo/tiny-sentiment" },
		]);
	});

	it("reads a later file entry for a path over an earlier one, as the loader stores it", async () => {
		const sentiment = tinySentiment();
		const shadowed = { ...sentiment, files: [...sentiment.files, { path: "onnx/model.onnx", size: 4096 }] };
		expect(await seedCapability(shadowed)).toEqual({
			ok: false,
			reason: "Model hubkit-demo/tiny-sentiment: onnx/model.onnx is a sample placeholder, not the real file",
		});
	});
});
