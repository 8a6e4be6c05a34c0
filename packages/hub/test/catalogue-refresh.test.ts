/**
 * A data directory seeded by an earlier hub is brought up to date on start
 * (seed/refresh.ts): the catalogue's new models added, hf-inference mappings
 * decided again from the stored files, and nothing done when the fingerprint
 * matches or the data directory holds no sample catalogue. On SQLite and PostgreSQL.
 */
import { afterEach, describe, expect, it } from "vitest";
import { sampleCatalogue } from "../src/seed/catalogue/index.js";
import { demoDatasets } from "../src/seed/demo-datasets.js";
import { loadSeed } from "../src/seed/load.js";
import { refreshSampleCatalogue } from "../src/seed/refresh.js";
import { sampleDatasets } from "../src/seed/sample-datasets.js";
import { seedSampleOnFirstStart } from "../src/server.js";
import { LOCAL_PROVIDER } from "../src/services/provider-mapping.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { openTestHub, type TestHub } from "./support/hub.js";
import { seedModel } from "./support/seed-records.js";

const RUNNABLE = "hubkit-demo/tiny-sentiment";

describe.each(ENGINES)("sample catalogue refresh (%s)", (engine) => {
	let database: TestDatabase | undefined;
	let hub: TestHub | undefined;

	afterEach(async () => {
		await hub?.close();
		await database?.cleanup();
		hub = undefined;
		database = undefined;
	});

	async function freshHub(): Promise<TestHub> {
		database = await startTestDatabase(engine);
		hub = await openTestHub(database.config);
		return hub;
	}

	const mappingsOf = (target: TestHub, id: string) =>
		target.deps.db
			.selectFrom("provider_mappings")
			.select(["provider", "task", "status"])
			.where("model_id", "=", id)
			.orderBy("position")
			.execute();

	it("adds the catalogue's new models and drops a live local mapping an older hub gave a placeholder", async () => {
		const { deps } = await freshHub();
		const catalogue = sampleCatalogue();
		const placeholder = catalogue.find(
			(record) => record.pipeline_tag === "text-classification" && record.tags.includes("hubkit:placeholder"),
		);
		if (!placeholder) throw new Error("the sample catalogue has no text-classification placeholder");
		// What an older hub left: part of the catalogue, and the placeholder mapped live to this hub's runtime.
		await loadSeed(deps, [placeholder]);
		const before = await mappingsOf(hub as TestHub, placeholder.id);
		await deps.db
			.insertInto("provider_mappings")
			.values({
				model_id: placeholder.id,
				position: before.length,
				provider: LOCAL_PROVIDER,
				provider_id: placeholder.id,
				task: "text-classification",
				status: "live",
				adapter: null,
				adapter_weights_path: null,
			})
			.execute();

		const refreshed = await refreshSampleCatalogue(deps);
		expect(refreshed?.added).toBe(catalogue.length - 1);
		// An older hub wrote no datasets: the task pages' cards and the generated samples are added.
		expect(refreshed?.addedDatasets).toBe(sampleDatasets().length + demoDatasets().length);
		expect(refreshed?.remapped).toEqual([placeholder.id]);
		// The other providers' entries stay, in their order.
		expect(await mappingsOf(hub as TestHub, placeholder.id)).toEqual(before);
		expect(await mappingsOf(hub as TestHub, RUNNABLE)).toContainEqual({
			provider: LOCAL_PROVIDER,
			task: "text-classification",
			status: "live",
		});
		// Checked once: the next start has nothing to do.
		expect(await refreshSampleCatalogue(deps)).toBeUndefined();
	});

	it("decides from the stored files exactly what the seed decided from the records", async () => {
		const { deps } = await freshHub();
		await seedSampleOnFirstStart(deps);
		expect(await refreshSampleCatalogue(deps)).toBeUndefined();
		// As if the fingerprint had changed (an upgrade): the check runs and finds every mapping right.
		await deps.db.deleteFrom("hub_settings").execute();
		expect(await refreshSampleCatalogue(deps)).toEqual({ added: 0, addedDatasets: 0, remapped: [] });
	});

	it("leaves a data directory without the sample catalogue alone", async () => {
		const { deps } = await freshHub();
		await loadSeed(deps, [seedModel("acme/only-model")]);
		expect(await refreshSampleCatalogue(deps)).toBeUndefined();
		const models = await deps.db.selectFrom("models").select("id").execute();
		expect(models).toEqual([{ id: "acme/only-model" }]);
	});
});
