/**
 * The hub's own sample datasets (seed/demo-datasets.ts) on a seeded hub, read back over real HTTP
 * with `@huggingface/hub`: the files of each (Parquet as LFS), their bytes through /resolve, the
 * card's configs and dataset_info, the tags a commit of that card gives; the rows are right about
 * themselves; seeding again changes nothing and another hub seeds the same commits. pyarrow reads
 * the Parquet files in test/demo-datasets-parquet.test.ts, `load_dataset` all of them in
 * test/clients/workflows.py.
 */
import { datasetInfo, downloadFile, listDatasets, listFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { dailyWeather, monthlyWeather, questions, reviews } from "../src/seed/demo-dataset-rows.js";
import { demoDatasetShapes, demoDatasets, GENERATED_TAG, loadDemoDatasets } from "../src/seed/demo-datasets.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

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

	it("makes rows that are true of themselves: right answers, balanced labels, monthly sums of the daily rows", () => {
		const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
		const sample = questions(300, 9);
		for (const { question, answer, kind } of sample) {
			const sum = question.match(/^What is (\d+) (plus|minus|times) (\d+)\?$/);
			const time = question.match(/^How many (minutes|days|hours) are in (\d+) (hours|weeks|days)\?$/);
			const day = question.match(/^What day comes (after|before) (\w+)\?$/);
			if (sum) {
				const [a, b] = [Number(sum[1]), Number(sum[3])];
				expect(Number(answer)).toBe(sum[2] === "plus" ? a + b : sum[2] === "minus" ? a - b : a * b);
				expect(kind).toBe("arithmetic");
			} else if (time) {
				expect(Number(answer)).toBe(Number(time[2]) * { minutes: 60, days: 7, hours: 24 }[time[1] as "minutes"]);
				expect(kind).toBe("time");
			} else if (day) {
				const index = days.indexOf(day[2] ?? "");
				expect(answer).toBe(days[(index + (day[1] === "after" ? 1 : 6)) % 7]);
				expect(kind).toBe("calendar");
			} else {
				expect(question).toMatch(/^Which month follows \w+\?$/);
				expect(kind).toBe("calendar");
			}
		}
		const labels = reviews(240, 1).map((review) => review.label);
		expect(labels.filter((label) => label === 1)).toHaveLength(120);
		const daily = dailyWeather(5);
		const monthly = monthlyWeather(daily);
		expect(monthly).toHaveLength(12);
		expect(monthly.reduce((total, month) => total + month.rainy_days, 0)).toBe(
			daily.filter((row) => row.rain_mm > 0).length,
		);
		for (const row of daily) expect(row.temp_min).toBeLessThanOrEqual(row.temp_max);
	});

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
