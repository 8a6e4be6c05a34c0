/**
 * A dataset's card metadata becomes prefixed tags (`task_categories:text-classification`,
 * `language:en`), as the seeded datasets carry them, so `filter=task_categories:…` finds a
 * committed dataset beside the seeded ones. Datasets committed before that (bare
 * `text-classification`, `en`) are re-tagged by migration 0013 from the card data their row
 * keeps. Both engines.
 */
import { datasetInfo } from "@huggingface/hub";
import { type Kysely, Migrator } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { allMigrations } from "../src/db/migrations/index.js";
import { type HubDatabase, openDatabase } from "../src/db/open.js";
import type { Database } from "../src/db/schema.js";
import { loadSampleDatasets, SAMPLE_DATASET_TAG, sampleDatasets } from "../src/seed/sample-datasets.js";
import { listDatasets } from "../src/services/dataset-list.js";
import { parseDatasetListQuery } from "../src/services/dataset-list-query.js";
import { commitRaw, createRepoRaw, header, inline } from "./commits-fixture.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";

const MIGRATION = "0013-dataset-card-tags";

const CARD =
	"---\nlicense: mit\nlanguage: [en, fr]\ntask_categories: [text-classification]\nsize_categories: [1K<n<10K]\ntags: [reviews]\n---\n# Reviews\n\nShort reviews.\n";

/** A seeded dataset the text-classification task page names. */
const seededForTextClassification = () => {
	const found = sampleDatasets().find((dataset) => dataset.tasks.includes("text-classification"));
	if (!found) throw new Error("the task data names no text-classification dataset");
	return found;
};

describe.each(ENGINES)("a committed dataset's card tags (%s)", (engine) => {
	const hub = useHttpHub(engine);

	it("are prefixed as the seeded datasets' are, and the task filter finds both", async () => {
		await loadSampleDatasets(hub.deps);
		const { token } = await createAccessToken(hub.deps.db, "pia", { role: "write" });
		expect(
			(await createRepoRaw(hub.url, token, { name: "reviews", organization: "pia", type: "dataset" })).status,
		).toBe(200);
		const committed = await commitRaw(hub.url, token, "pia/reviews", [header("card"), inline("README.md", CARD)], {
			type: "datasets",
		});
		expect(committed.status).toBe(200);

		const info = await datasetInfo({ name: "pia/reviews", hubUrl: hub.url, additionalFields: ["tags"] });
		expect(info.tags).toEqual([
			"task_categories:text-classification",
			"language:en",
			"language:fr",
			"license:mit",
			"size_categories:1K<n<10K",
			"reviews",
		]);

		const seeded = seededForTextClassification();
		const seededInfo = await datasetInfo({ name: seeded.id, hubUrl: hub.url, additionalFields: ["tags"] });
		expect(seededInfo.tags).toEqual([...seeded.tasks.map((task) => `task_categories:${task}`), SAMPLE_DATASET_TAG]);

		const response = await fetch(`${hub.url}/api/datasets?filter=task_categories:text-classification&limit=100`);
		const ids = ((await response.json()) as { id: string }[]).map((item) => item.id);
		expect(ids).toEqual(expect.arrayContaining(["pia/reviews", seeded.id]));
		const byLanguage = await fetch(`${hub.url}/api/datasets?filter=language:fr`);
		expect(((await byLanguage.json()) as { id: string }[]).map((item) => item.id)).toEqual(["pia/reviews"]);
	});
});

/** The dataset tables as version 12 left them. */
type OldTables = Pick<Database, "datasets" | "dataset_tags">;

async function insertOldDataset(
	db: Kysely<OldTables>,
	id: string,
	tags: string[],
	cardData: Record<string, unknown> | null,
): Promise<void> {
	const [author = "", name = ""] = id.split("/");
	await db
		.insertInto("datasets")
		.values({
			id,
			author,
			name,
			private: 0,
			gated: null,
			downloads: 0,
			likes: 0,
			trending_score: 0,
			created_at: "2026-01-01T00:00:00.000Z",
			last_modified: "2026-01-01T00:00:00.000Z",
			sha: "a".repeat(40),
			tags: JSON.stringify(tags),
			card_data: cardData === null ? null : JSON.stringify(cardData),
			description: null,
			owner: author,
			main_size: 0,
		})
		.execute();
	if (tags.length > 0) {
		await db
			.insertInto("dataset_tags")
			.values(tags.map((tag) => ({ dataset_id: id, tag })))
			.execute();
	}
}

describe.each(ENGINES)("migration 0013 on %s", (engine) => {
	let testDb: TestDatabase | undefined;
	let database: HubDatabase | undefined;
	afterEach(async () => {
		await database?.close();
		await testDb?.cleanup();
	});

	it("re-tags datasets committed with bare card tags, and leaves the rest as they were", async () => {
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
		// A sample dataset as the seed wrote it then: its tags and card data.
		const seededThen = seededForTextClassification();
		await insertOldDataset(old, seededThen.id, seededThen.tags, seededThen.cardData);
		// As version 12's commits tagged a card: task and language bare.
		await insertOldDataset(old, "pia/reviews", ["text-classification", "reviews", "en", "license:mit"], {
			license: "mit",
			language: "en",
			task_categories: ["text-classification"],
			tags: ["reviews"],
		});
		// A card too large to parse was stored without card data: nothing to derive from.
		await insertOldDataset(old, "pia/huge", ["kept"], null);

		// Later migrations (numbered after it) may run too; this one must.
		expect(await migrateToLatest(database.db, database.engine)).toContain(MIGRATION);

		const tagsOf = async (id: string) => {
			const row = await database?.db.selectFrom("datasets").select("tags").where("id", "=", id).executeTakeFirst();
			const rows = await database?.db.selectFrom("dataset_tags").select("tag").where("dataset_id", "=", id).execute();
			return { tags: JSON.parse(row?.tags ?? "null"), rows: rows?.map((tagRow) => tagRow.tag).sort() };
		};
		const retagged = ["task_categories:text-classification", "language:en", "license:mit", "reviews"];
		expect(await tagsOf("pia/reviews")).toEqual({ tags: retagged, rows: [...retagged].sort() });
		expect(await tagsOf("pia/huge")).toEqual({ tags: ["kept"], rows: ["kept"] });
		const seeded = seededForTextClassification();
		expect(await tagsOf(seeded.id)).toEqual({ tags: seeded.tags, rows: [...seeded.tags].sort() });

		const filtered = await listDatasets(
			database,
			parseDatasetListQuery(new URLSearchParams("filter=task_categories:text-classification&limit=100")),
			undefined,
		);
		expect(filtered.items.map((item) => item.id)).toEqual(expect.arrayContaining(["pia/reviews", seeded.id]));
	});
});
