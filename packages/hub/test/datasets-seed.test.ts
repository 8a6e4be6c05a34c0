/**
 * The sample datasets: every `owner/name` dataset a task page names is a dataset repository
 * on a seeded hub, read back through `@huggingface/hub` over real HTTP on both engines, with a
 * card that says what the task pages say and no more. Seeding is deterministic and idempotent.
 */

import { TASKS_DATA } from "@hubkit/tasks";
import { datasetInfo, downloadFile, listDatasets } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CARD_ONLY_LINE, loadSampleDatasets, SAMPLE_DATASET_TAG } from "../src/seed/sample-datasets.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

/** What the task pages name, worked out here independently of the seed code. */
function namedByTaskPages(): Map<string, { tasks: string[]; descriptions: string[] }> {
	const named = new Map<string, { tasks: string[]; descriptions: string[] }>();
	for (const task of Object.values(TASKS_DATA)) {
		for (const dataset of task?.datasets ?? []) {
			if (!task || dataset.id.split("/").length !== 2 || dataset.id.startsWith("datasets/")) continue;
			const entry = named.get(dataset.id) ?? { tasks: [], descriptions: [] };
			entry.tasks.push(task.id);
			entry.descriptions.push(dataset.description);
			named.set(dataset.id, entry);
		}
	}
	return named;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
	const all: T[] = [];
	for await (const item of items) all.push(item);
	return all;
}

describe.each(ENGINES)("sample datasets on %s", (engine) => {
	let database: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let written = 0;
	const named = namedByTaskPages();

	beforeAll(async () => {
		database = await startTestDatabase(engine);
		hub = await openTestHub(database.config);
		written = await loadSampleDatasets(hub.deps, new Date("2026-01-02T03:04:05.000Z"));
		server = await listen(hub.app);
	});
	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await database?.cleanup();
	});

	it("makes every owner/name dataset a task page names a dataset on the hub", async () => {
		expect(named.size).toBeGreaterThan(40);
		expect(written).toBe(named.size);
		const listed = await collect(listDatasets({ hubUrl: server.url, sort: "id" }));
		expect(listed.map((entry) => entry.name).sort()).toEqual([...named.keys()].sort());
	});

	it("writes a card with the task pages' words, task_categories in its front matter, and the card-only notice", async () => {
		for (const [id, { tasks, descriptions }] of named) {
			const info = await datasetInfo({ hubUrl: server.url, name: id, additionalFields: ["cardData", "tags"] });
			expect(info.cardData).toEqual({ task_categories: tasks, tags: [SAMPLE_DATASET_TAG] });
			expect(info.tags).toEqual([...tasks.map((task) => `task_categories:${task}`), SAMPLE_DATASET_TAG]);
			const card = await (
				await downloadFile({ hubUrl: server.url, repo: { type: "dataset", name: id }, path: "README.md" })
			)?.text();
			const [, frontMatter = ""] = card?.match(/^---\n([\s\S]*?)\n---\n/) ?? [];
			// Exactly these keys: no licence, size or language the task data does not state.
			expect(parse(frontMatter)).toEqual(info.cardData);
			expect(card).toContain(`# ${id}\n`);
			expect(card).toContain(CARD_ONLY_LINE);
			for (const description of descriptions) expect(card).toContain(description);
		}
		const glue = await (
			await downloadFile({ hubUrl: server.url, repo: { type: "dataset", name: "nyu-mll/glue" }, path: "README.md" })
		)?.text();
		expect(glue).toContain("| The battery lasts all day and the screen is lovely. | POSITIVE 0.97, NEGATIVE 0.03 |");
	});

	it("finds the datasets of a task by its task_categories tag", async () => {
		const expected = [...named].filter(([, entry]) => entry.tasks.includes("object-detection")).map(([id]) => id);
		const found = await collect(
			listDatasets({ hubUrl: server.url, search: { tags: ["task_categories:object-detection"] } }),
		);
		expect(found.map((entry) => entry.name).sort()).toEqual(expected.sort());
		expect(expected.length).toBeGreaterThan(0);
	});

	it("seeds the same commit on every hub and leaves existing datasets alone when run again", async () => {
		const before = await hub.deps.db.selectFrom("datasets").select(["id", "sha"]).orderBy("id").execute();
		expect(await loadSampleDatasets(hub.deps)).toBe(0);
		const after = await hub.deps.db.selectFrom("datasets").select(["id", "sha"]).orderBy("id").execute();
		expect(after).toEqual(before);
		const other = await startTestDatabase("sqlite");
		const otherHub = await openTestHub(other.config);
		try {
			await loadSampleDatasets(otherHub.deps, new Date("2030-01-01T00:00:00.000Z"));
			const elsewhere = await otherHub.deps.db.selectFrom("datasets").select(["id", "sha"]).orderBy("id").execute();
			expect(elsewhere).toEqual(before);
		} finally {
			await otherHub.close();
			await other.cleanup();
		}
	});
});
