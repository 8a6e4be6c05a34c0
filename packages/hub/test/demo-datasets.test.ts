/**
 * The hub's own sample datasets (seed/demo-datasets.ts) on a seeded hub, read back over real HTTP
 * with `@huggingface/hub`: the files of each (Parquet as LFS), their bytes through /resolve, the
 * card's configs and dataset_info, the tags a commit of that card gives; the Parquet files read by
 * pyarrow (from the Python clients' venv); seeding again changes nothing and another hub seeds the
 * same commits. `load_dataset` itself reads them in test/clients/workflows.py.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { datasetInfo, downloadFile, listDatasets, listFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { dailyWeather, monthlyWeather, reviews } from "../src/seed/demo-dataset-rows.js";
import { demoDatasetShapes, demoDatasets, GENERATED_TAG, loadDemoDatasets } from "../src/seed/demo-datasets.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { pythonClients } from "./support/python-clients.js";

const execute = promisify(execFile);

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
	const all: T[] = [];
	for await (const item of items) all.push(item);
	return all;
}

describe("the hub's sample datasets with generated rows", () => {
	let database: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let written = 0;
	const work = mkdtempSync(join(tmpdir(), "hubkit-demo-datasets-"));
	const expected = demoDatasets();
	const read = async (name: string, path: string) =>
		await downloadFile({ hubUrl: server.url, repo: { type: "dataset", name }, path });

	beforeAll(async () => {
		database = await startTestDatabase("sqlite");
		hub = await openTestHub(database.config);
		written = await loadDemoDatasets(hub.deps, new Date("2026-01-02T03:04:05.000Z"));
		server = await listen(hub.app);
	});
	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await database?.cleanup();
		rmSync(work, { recursive: true, force: true });
	});

	it("lists the three datasets under hubkit-demo", async () => {
		expect(written).toBe(3);
		const listed = await collect(listDatasets({ hubUrl: server.url, search: { owner: "hubkit-demo" } }));
		expect(listed.map((entry) => entry.name).sort()).toEqual([
			"hubkit-demo/sample-questions",
			"hubkit-demo/sample-reviews",
			"hubkit-demo/sample-weather",
		]);
	});

	it("stores each file at its path, Parquet as LFS, and serves the same bytes", async () => {
		for (const dataset of expected) {
			const tree = await collect(
				listFiles({ hubUrl: server.url, repo: { type: "dataset", name: dataset.id }, recursive: true }),
			);
			const files = tree.filter((entry) => entry.type === "file");
			expect(files.map((entry) => entry.path).sort()).toEqual(dataset.files.map((file) => file.path).sort());
			for (const file of dataset.files) {
				const entry = files.find((candidate) => candidate.path === file.path);
				expect(Boolean(entry?.lfs), file.path).toBe(file.path.endsWith(".parquet"));
				const bytes = new Uint8Array(await ((await read(dataset.id, file.path)) as Blob).arrayBuffer());
				const want = typeof file.content === "string" ? new TextEncoder().encode(file.content) : file.content;
				expect(Buffer.from(bytes).equals(Buffer.from(want)), `${dataset.id}/${file.path}`).toBe(true);
			}
		}
		const csv = await (await read("hubkit-demo/sample-reviews", "data/test.csv"))?.text();
		const lines = csv?.trimEnd().split("\n") ?? [];
		expect(lines[0]).toBe("text,label");
		expect(lines).toHaveLength(reviews(60, 2).length + 1);
		// A text with a comma is quoted, as CSV readers expect.
		expect(csv).toMatch(/\n"[^"\n]*,[^"\n]*",[01]\n/);
	});

	it("writes a card whose configs, dataset_info and tags match the files", async () => {
		for (const shape of demoDatasetShapes()) {
			const info = await datasetInfo({ hubUrl: server.url, name: shape.id, additionalFields: ["cardData", "tags"] });
			const card = await (await read(shape.id, "README.md"))?.text();
			const [, frontMatter = ""] = card?.match(/^---\n([\s\S]*?)\n---\n/) ?? [];
			const data = parse(frontMatter) as Record<string, unknown>;
			expect(info.cardData).toEqual(data);
			expect(card).toContain("generated samples");
			expect(data.license).toBe("cc0-1.0");
			expect(data.size_categories).toEqual(["n<1K"]);
			expect(info.tags).toContain(GENERATED_TAG);
			for (const category of data.task_categories as string[])
				expect(info.tags).toContain(`task_categories:${category}`);
			const infos = (Array.isArray(data.dataset_info) ? data.dataset_info : [data.dataset_info]) as {
				features: { name: string }[];
				splits: { name: string; num_examples: number }[];
			}[];
			expect(
				infos.map((entry) => ({
					columns: entry.features.map((feature) => feature.name),
					splits: Object.fromEntries(entry.splits.map((split) => [split.name, split.num_examples])),
				})),
			).toEqual(shape.configs.map(({ columns, splits }) => ({ columns, splits })));
		}
		const weather = await (await read("hubkit-demo/sample-weather", "README.md"))?.text();
		const [, weatherYaml = ""] = weather?.match(/^---\n([\s\S]*?)\n---\n/) ?? [];
		expect((parse(weatherYaml) as { configs: unknown }).configs).toEqual([
			{ config_name: "daily", data_files: [{ split: "train", path: "daily/train-*.parquet" }], default: true },
			{ config_name: "monthly", data_files: [{ split: "train", path: "monthly/train-*.parquet" }] },
		]);
	});

	it("writes Parquet that pyarrow reads back as the generated rows", async () => {
		const python = pythonClients("requirements-hf1.txt");
		const daily = dailyWeather(5);
		for (const [config, rows] of [
			["daily", daily],
			["monthly", monthlyWeather(daily)],
		] as const) {
			const path = join(work, `${config}.parquet`);
			const blob = await read("hubkit-demo/sample-weather", `${config}/train-00000-of-00001.parquet`);
			writeFileSync(path, new Uint8Array(await (blob as Blob).arrayBuffer()));
			const { stdout } = await execute(python, [
				"-c",
				"import json, sys, pyarrow.parquet as pq; t = pq.read_table(sys.argv[1]); print(json.dumps({'types': {f.name: str(f.type) for f in t.schema}, 'rows': t.to_pylist()}))",
				path,
			]);
			const table = JSON.parse(stdout) as { types: Record<string, string>; rows: unknown[] };
			expect(table.rows).toEqual(rows);
			expect(table.types.town).toBe("string");
			expect(Object.values(table.types)).toContain("double");
		}
	}, 600_000);

	it("seeds the same commits on every hub and leaves existing datasets alone when run again", async () => {
		const select = (test: TestHub) =>
			test.deps.db.selectFrom("datasets").select(["id", "sha", "main_size"]).orderBy("id").execute();
		const before = await select(hub);
		expect(await loadDemoDatasets(hub.deps)).toBe(0);
		expect(await select(hub)).toEqual(before);
		const other = await startTestDatabase("sqlite");
		const otherHub = await openTestHub(other.config);
		try {
			await loadDemoDatasets(otherHub.deps, new Date("2030-01-01T00:00:00.000Z"));
			expect(await select(otherHub)).toEqual(before);
		} finally {
			await otherHub.close();
			await other.cleanup();
		}
	});
});
