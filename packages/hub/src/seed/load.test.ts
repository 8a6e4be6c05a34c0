import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { ENGINES, startTestDatabase, type TestDatabase } from "../../test/support/engines.js";
import { openTestHub, type TestHub } from "../../test/support/hub.js";
import { memoryBlobStore } from "../../test/support/memory-blob-store.js";
import { manyModels, seedModel } from "../../test/support/seed-records.js";
import { idContains } from "../db/search-index.js";
import { snapshotOf } from "../services/commits.js";
import { tinySentiment } from "./catalogue/local-models.js";
import { loadSeed } from "./load.js";
import { PLACEHOLDER_MAX_BYTES } from "./seed-blobs.js";

describe.each(ENGINES)("seed loader on %s", (engine) => {
	let testDb: TestDatabase | undefined;
	let hub: TestHub | undefined;
	afterEach(async () => {
		await hub?.close();
		await testDb?.cleanup();
	});

	async function start() {
		testDb = await startTestDatabase(engine);
		const blobStore = memoryBlobStore();
		hub = await openTestHub(testDb.config, blobStore);
		return { db: hub.deps.db, blobStore };
	}

	it("writes the model, tags, mappings and a first commit with README.md and the files", async () => {
		const target = await start();
		const record = seedModel("acme/bert-tiny", {
			inferenceProviderMapping: [
				{ provider: "together", providerId: "acme/bert", task: "text-classification", status: "live" },
				{
					provider: "fal-ai",
					providerId: "fal/lora",
					task: "text-to-image",
					status: "staging",
					adapter: "lora",
					adapterWeightsPath: "lora.safetensors",
				},
			],
		});
		const result = await loadSeed(target, [record]);
		expect(result).toMatchObject({ loaded: 1, skipped: 0, files: 3 });

		const model = await target.db.selectFrom("models").selectAll().executeTakeFirstOrThrow();
		expect(model).toMatchObject({ id: "acme/bert-tiny", author: "acme", name: "bert-tiny", private: 0, gated: null });
		expect(JSON.parse(model.tags)).toEqual(["transformers", "text-classification", "en"]);
		const ref = await target.db.selectFrom("refs").selectAll().executeTakeFirstOrThrow();
		expect(ref).toEqual({ repo_id: "acme/bert-tiny", name: "main", commit_sha: model.sha });
		expect(model.sha).toMatch(/^[0-9a-f]{40}$/);

		const files = [...(await snapshotOf(target.db, model.sha)).values()].sort((left, right) =>
			left.path < right.path ? -1 : 1,
		);
		expect(files.map((file) => [file.path, file.size])).toEqual([
			["README.md", "# acme/bert-tiny\n\nA test model.\n".length],
			["config.json", '{"model_type":"bert"}\n'.length],
			["model.safetensors", 440_000_000],
		]);
		// `git hash-object` of the config content.
		expect(files[1]?.gitOid).toBe("cc8a6b41c02264f7110eed9d6cac93bc973dcf7b");

		const mappings = await target.db.selectFrom("provider_mappings").selectAll().orderBy("position").execute();
		expect(mappings.map((row) => [row.position, row.provider, row.adapter, row.adapter_weights_path])).toEqual([
			[0, "together", null, null],
			[1, "fal-ai", "lora", "lora.safetensors"],
		]);
		const placeholder = await target.db
			.selectFrom("blobs")
			.select("size")
			.where("size", "=", PLACEHOLDER_MAX_BYTES)
			.execute();
		expect(placeholder).toHaveLength(1);
	});

	it("skips models that already exist, so seeding twice changes nothing", async () => {
		const target = await start();
		await loadSeed(target, manyModels(30), { batchSize: 7 });
		const again = await loadSeed(target, manyModels(30), { batchSize: 7 });
		expect(again).toMatchObject({ loaded: 0, skipped: 30 });
		const count = await target.db
			.selectFrom("models")
			.select((eb) => eb.fn.countAll<number>().as("count"))
			.executeTakeFirstOrThrow();
		expect(Number(count.count)).toBe(30);
	});

	it("streams a generator in batches and shares one placeholder blob per size", async () => {
		const target = await start();
		let produced = 0;
		const progress: number[] = [];
		function* counted() {
			for (const record of manyModels(1200)) {
				produced++;
				yield record;
			}
		}
		const result = await loadSeed(target, counted(), {
			batchSize: 400,
			onProgress: (read) => progress.push(read),
		});
		expect(produced).toBe(1200);
		expect(progress).toEqual([400, 800, 1200]);
		expect(result.loaded).toBe(1200);
		// 5 config sizes + 1 capped weights placeholder + 1 shared README.
		expect(target.blobStore.count()).toBe(7);
		const tags = await target.db
			.selectFrom("model_tags")
			.select((eb) => eb.fn.countAll<number>().as("count"))
			.executeTakeFirstOrThrow();
		expect(Number(tags.count)).toBe(3600);
	});

	it("defers index building on an empty catalogue and leaves every index and search working", async () => {
		await start();
		const deps = hub?.deps;
		if (!deps) throw new Error("hub not started");
		const indexNames = async () => {
			const query =
				engine === "sqlite"
					? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL`
					: sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()`;
			return (await query.execute(deps.db)).rows.map((row) => row.name).sort();
		};
		const before = await indexNames();
		await loadSeed(deps, manyModels(300), { batchSize: 100 });
		expect(await indexNames()).toEqual(before);
		const found = await deps.db
			.selectFrom("models")
			.select("id")
			.where((eb) => idContains(engine, eb, "MODEL-29"))
			.orderBy("id")
			.execute();
		expect(found.map((row) => row.id)).toHaveLength(11);
		// A second load into the now non-empty catalogue keeps the indexes live (the triggers index new ids).
		await loadSeed(deps, [seedModel("late/model-2999")]);
		const late = await deps.db
			.selectFrom("models")
			.select("id")
			.where((eb) => idContains(engine, eb, "model-2999"))
			.execute();
		expect(late).toEqual([{ id: "late/model-2999" }]);
	});

	it("refuses records with malformed ids or file paths", async () => {
		const target = await start();
		await expect(loadSeed(target, [seedModel("acme/bad..name")])).rejects.toThrow(/Invalid repository id/);
		await expect(loadSeed(target, [seedModel("acme/ok", { files: [{ path: "../x", content: "x" }] })])).rejects.toThrow(
			/'\.\.'/,
		);
	});

	it("writes hf-inference only for models the local runtime can run, whatever the records declare", async () => {
		const target = await start();
		const local = { provider: "hf-inference", providerId: "x", task: "text-classification", status: "live" } as const;
		const together = { provider: "together", providerId: "t/x", task: "text-classification", status: "live" } as const;
		await loadSeed(target, [
			// Placeholder weights, an hf-inference mapping declared: dropped, the third party kept.
			seedModel("acme/placeholder", { inferenceProviderMapping: [local, together] }),
			// Real files, nothing declared: this hub runs it, so it gets a live mapping.
			{ ...tinySentiment(), id: "acme/sentiment", author: "acme", inferenceProviderMapping: [] },
		]);
		const rows = await target.db
			.selectFrom("provider_mappings")
			.select(["model_id", "provider", "provider_id", "task", "status", "position"])
			.orderBy("model_id")
			.orderBy("position")
			.execute();
		expect(rows).toEqual([
			{
				model_id: "acme/placeholder",
				provider: "together",
				provider_id: "t/x",
				task: "text-classification",
				status: "live",
				position: 0,
			},
			{
				model_id: "acme/sentiment",
				provider: "hf-inference",
				provider_id: "acme/sentiment",
				task: "text-classification",
				status: "live",
				position: 0,
			},
		]);
	});
});
