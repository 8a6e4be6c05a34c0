/**
 * A database made before migration 0004 gets its models' `main_size`,
 * `num_parameters` and local apps filled in by the migration, the same values
 * the seed loader writes for new models; listings then sort and filter on them.
 * Both engines.
 */
import { type Kysely, Migrator } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../src/db/migrate.js";
import { allMigrations } from "../src/db/migrations/index.js";
import { type HubDatabase, openDatabase } from "../src/db/open.js";
import type { Database } from "../src/db/schema.js";
import { loadSeed } from "../src/seed/load.js";
import { listModels } from "../src/services/model-list.js";
import { parseModelListQuery } from "../src/services/model-list-query.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { memoryBlobStore } from "./support/memory-blob-store.js";
import { seedModel } from "./support/seed-records.js";

const MIGRATION = "0004-model-sizes-and-apps";

/** The models table as it was before 0004. */
interface OldTables {
	models: Omit<Database["models"], "main_size" | "num_parameters">;
	refs: Database["refs"];
	/** Dropped by migration 0017 (its rows become trees). */
	commit_files: { commit_sha: string; path: string; blob_sha256: string; size: number; git_oid: string };
}

/** One model written the way version 3 stored it: a row, `main` and its files. */
async function insertOldModel(
	db: Kysely<OldTables>,
	id: string,
	fields: { tags: string[]; pipeline: string; config: string | null; files: Record<string, number> },
): Promise<void> {
	const sha = Buffer.from(id).toString("hex").padEnd(40, "0").slice(0, 40);
	await db
		.insertInto("models")
		.values({
			id,
			author: id.split("/")[0] as string,
			name: id.split("/")[1] as string,
			pipeline_tag: fields.pipeline,
			library_name: null,
			private: 0,
			gated: null,
			downloads: 1,
			likes: 1,
			trending_score: 0,
			created_at: "2024-01-01T00:00:00.000Z",
			last_modified: "2024-01-01T00:00:00.000Z",
			sha,
			tags: JSON.stringify(fields.tags),
			config: fields.config,
			card_data: null,
			widget_data: null,
			transformers_info: null,
			owner: null,
		})
		.execute();
	await db.insertInto("refs").values({ repo_id: id, name: "main", commit_sha: sha }).execute();
	for (const [path, size] of Object.entries(fields.files)) {
		await db
			.insertInto("commit_files")
			.values({ commit_sha: sha, path, blob_sha256: "b".repeat(64), size, git_oid: "c".repeat(40) })
			.execute();
	}
}

describe.each(ENGINES)("migration 0004 on %s", (engine) => {
	let testDb: TestDatabase | undefined;
	let database: HubDatabase | undefined;
	afterEach(async () => {
		await database?.close();
		await testDb?.cleanup();
	});

	it("fills in sizes, parameter counts and apps for models that were already there", async () => {
		testDb = await startTestDatabase(engine);
		database = openDatabase(testDb.config);
		const names = Object.keys(allMigrations(engine));
		const before = names[names.indexOf(MIGRATION) - 1] as string;
		const migrator = new Migrator({
			db: database.db,
			provider: { getMigrations: async () => allMigrations(engine) },
			migrationTableName: "hubkit_migrations",
			migrationLockTableName: "hubkit_migrations_lock",
		});
		expect((await migrator.migrateTo(before)).error).toBeUndefined();

		const old = database.db as unknown as Kysely<OldTables>;
		await insertOldModel(old, "gg/llama-q4", {
			tags: ["gguf", "text-generation"],
			pipeline: "text-generation",
			config: JSON.stringify({ gguf: { context_length: 8192, total: 8_030_261_248 } }),
			files: { "README.md": 100, "llama-Q4_K_M.gguf": 4_920_000_000 },
		});
		await insertOldModel(old, "hf/chat", {
			tags: ["transformers", "text-generation"],
			pipeline: "text-generation",
			config: "{not json",
			files: { "README.md": 50, "model.safetensors": 3_000 },
		});
		await insertOldModel(old, "hf/empty", { tags: [], pipeline: "fill-mask", config: null, files: {} });

		expect(await migrateToLatest(database.db, database.engine)).toContain(MIGRATION);

		const rows = await database.db
			.selectFrom("models")
			.select(["id", "main_size", "num_parameters"])
			.orderBy("id")
			.execute();
		expect(
			rows.map((row) => [
				row.id,
				Number(row.main_size),
				row.num_parameters === null ? null : Number(row.num_parameters),
			]),
		).toEqual([
			["gg/llama-q4", 4_920_000_100, 8_030_261_248],
			["hf/chat", 3_050, null],
			["hf/empty", 0, null],
		]);
		const apps = async (id: string) =>
			(await database?.db.selectFrom("model_apps").select("app").where("model_id", "=", id).execute())
				?.map((row) => row.app)
				.sort();
		expect(await apps("gg/llama-q4")).toEqual(expect.arrayContaining(["llama.cpp", "ollama", "lmstudio", "vllm"]));
		expect(await apps("hf/chat")).toEqual(["docker-model-runner", "sglang", "vllm"]);
		expect(await apps("hf/empty")).toEqual([]);

		// A model loaded afterwards gets the same treatment from the seed loader; listings see both.
		await loadSeed({ db: database.db, blobStore: memoryBlobStore(), engine: database.engine }, [
			seedModel("later/gguf-q8", {
				pipeline_tag: "text-generation",
				tags: ["gguf", "text-generation"],
				config: { gguf: { context_length: 4096, total: 1_000 } },
				files: [{ path: "x-Q8_0.gguf", size: 10 }],
			}),
		]);
		const list = async (query: string) =>
			(await listModels(database as HubDatabase, parseModelListQuery(new URLSearchParams(query)), undefined)).items.map(
				(item) => item.id,
			);
		expect(await list("apps=llama.cpp&sort=num_parameters")).toEqual(["gg/llama-q4", "later/gguf-q8"]);
		expect(await list("sort=mainSize&direction=1")).toEqual(["hf/empty", "later/gguf-q8", "hf/chat", "gg/llama-q4"]);
	});
});
