/**
 * The hub's own sample datasets, under `hubkit-demo/`: small generated rows (seed/demo-dataset-rows.ts)
 * in the layouts the Python `datasets` library reads, so `load_dataset` and the site have rows on a
 * fresh install. One is CSV with train/test splits found by file name, one JSON Lines with
 * train/validation splits, one Parquet with two configs declared in its card. Each card says what
 * the rows are and that they are made up, with `dataset_info` (features and split sizes) as
 * huggingface.co writes it. The card-only datasets under real names (seed/sample-datasets.ts) are
 * another thing: they stay without rows.
 */
import { createHash } from "node:crypto";
import { type ColumnSource, parquetWriteBuffer } from "hyparquet-writer";
import type { Kysely } from "kysely";
import { stringify } from "yaml";
import type { Database } from "../db/schema.js";
import { datasetTagsOf, firstParagraph, parseCard } from "../services/repo-record.js";
import type { BlobStore } from "../storage/blob-store.js";
import { dailyWeather, monthlyWeather, questions, REVIEW_LABELS, type Review, reviews } from "./demo-dataset-rows.js";
import { loadSeedDatasets, type SeedDataset } from "./load-datasets.js";

export const DEMO_DATASET_NAMESPACE = "hubkit-demo";
/** On every generated sample dataset, beside the card's own tags. */
export const GENERATED_TAG = "synthetic";

/** What a test or a page may rely on: each dataset's configs, their splits and row counts, and columns. */
export interface DemoDatasetShape {
	id: string;
	configs: { name: string; columns: string[]; splits: Record<string, number> }[];
}

type Feature = { name: string; dtype: string | { class_label: { names: Record<string, string> } } };

interface ConfigFiles {
	name: string;
	features: Feature[];
	/** Split name → [path, content, rows]. */
	splits: [string, string, string | Uint8Array, number][];
}

interface Definition {
	name: string;
	title: string;
	/** The first paragraph of the card: what the rows are. */
	summary: string;
	meta: Record<string, unknown>;
	/** Declared in the card's `configs` (otherwise `datasets` finds the splits by file name). */
	declareConfigs: boolean;
	configs: ConfigFiles[];
	/** Markdown after the summary: what each column holds. */
	body: string[];
}

const LICENSE = "cc0-1.0";

function csv(rows: Review[]): string {
	const cell = (value: string | number) => {
		const text = String(value);
		return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
	};
	return `text,label\n${rows.map((row) => `${cell(row.text)},${cell(row.label)}\n`).join("")}`;
}

const jsonLines = (rows: object[]) => rows.map((row) => `${JSON.stringify(row)}\n`).join("");

/** The Parquet column type of each `dataset_info` dtype the samples use. */
const PARQUET_TYPES: Record<string, ColumnSource["type"]> = {
	string: "STRING",
	float64: "DOUBLE",
	int32: "INT32",
	int64: "INT64",
	bool: "BOOLEAN",
};

/** A Parquet file of `rows` with the columns `features` declares (the card says the same). */
function parquet<T extends object>(rows: T[], features: Feature[]): Uint8Array {
	const columnData: ColumnSource[] = features.map(({ name, dtype }) => {
		const type = typeof dtype === "string" ? PARQUET_TYPES[dtype] : undefined;
		if (!type) throw new Error(`No Parquet column type for ${name}`);
		return { name, type, nullable: false, data: rows.map((row) => row[name as keyof T]) as ColumnSource["data"] };
	});
	return new Uint8Array(parquetWriteBuffer({ columnData }));
}

/** The weather configs' columns, for the card and the Parquet files alike. */
const DAILY_FEATURES: Feature[] = [
	{ name: "town", dtype: "string" },
	{ name: "date", dtype: "string" },
	{ name: "temp_min", dtype: "float64" },
	{ name: "temp_max", dtype: "float64" },
	{ name: "rain_mm", dtype: "float64" },
];
const MONTHLY_FEATURES: Feature[] = [
	{ name: "town", dtype: "string" },
	{ name: "month", dtype: "string" },
	{ name: "mean_temp", dtype: "float64" },
	{ name: "total_rain_mm", dtype: "float64" },
	{ name: "rainy_days", dtype: "int32" },
];

function definitions(): Definition[] {
	const train = reviews(240, 1);
	const test = reviews(60, 2);
	const questionTrain = questions(150, 3);
	const questionValidation = questions(30, 4);
	const daily = dailyWeather(5);
	const monthly = monthlyWeather(daily);
	return [
		{
			name: "sample-reviews",
			title: "Sample reviews",
			summary:
				"Short product reviews, each labelled negative or positive: a small dataset for trying text classification on this hub. The rows are generated samples, made up by the hub's seed code from a few phrases; they are no one's real opinion.",
			meta: {
				language: ["en"],
				task_categories: ["text-classification"],
				task_ids: ["sentiment-classification"],
				size_categories: ["n<1K"],
				pretty_name: "Sample reviews",
			},
			declareConfigs: false,
			configs: [
				{
					name: "default",
					features: [
						{ name: "text", dtype: "string" },
						{ name: "label", dtype: { class_label: { names: { "0": REVIEW_LABELS[0], "1": REVIEW_LABELS[1] } } } },
					],
					splits: [
						["train", "data/train.csv", csv(train), train.length],
						["test", "data/test.csv", csv(test), test.length],
					],
				},
			],
			body: [
				"| column | what it holds |",
				"| --- | --- |",
				"| `text` | one or two sentences about a product |",
				"| `label` | `0` negative, `1` positive (half of each) |",
				"",
				"CSV files; the splits come from the file names (`data/train.csv`, `data/test.csv`).",
			],
		},
		{
			name: "sample-questions",
			title: "Sample questions",
			summary:
				"Short questions about arithmetic, units of time and the calendar, each with its one-word answer: a small dataset for trying question answering on this hub. The rows are generated samples: the questions are made up by the hub's seed code and the answers computed, so they are right, but they are not drawn from any real source.",
			meta: {
				language: ["en"],
				task_categories: ["question-answering"],
				size_categories: ["n<1K"],
				pretty_name: "Sample questions",
			},
			declareConfigs: false,
			configs: [
				{
					name: "default",
					features: [
						{ name: "question", dtype: "string" },
						{ name: "answer", dtype: "string" },
						{ name: "kind", dtype: "string" },
					],
					splits: [
						["train", "data/train.jsonl", jsonLines(questionTrain), questionTrain.length],
						["validation", "data/validation.jsonl", jsonLines(questionValidation), questionValidation.length],
					],
				},
			],
			body: [
				"| column | what it holds |",
				"| --- | --- |",
				"| `question` | the question |",
				"| `answer` | its answer, a number or a word |",
				"| `kind` | `arithmetic`, `time` or `calendar` (a third each) |",
				"",
				"JSON Lines files, one object a line; the splits come from the file names.",
			],
		},
		{
			name: "sample-weather",
			title: "Sample weather",
			summary:
				"Daily and monthly weather of three invented towns (Northport, Eastvale, Southbridge) from January to April 2025: a small table for trying tabular regression and forecasting on this hub. The rows are generated samples: the towns do not exist and the readings are drawn at random by the hub's seed code.",
			meta: {
				task_categories: ["tabular-regression", "time-series-forecasting"],
				size_categories: ["n<1K"],
				pretty_name: "Sample weather",
			},
			declareConfigs: true,
			configs: [
				{
					name: "daily",
					features: DAILY_FEATURES,
					splits: [["train", "daily/train-00000-of-00001.parquet", parquet(daily, DAILY_FEATURES), daily.length]],
				},
				{
					name: "monthly",
					features: MONTHLY_FEATURES,
					splits: [
						["train", "monthly/train-00000-of-00001.parquet", parquet(monthly, MONTHLY_FEATURES), monthly.length],
					],
				},
			],
			body: [
				"Two configs, each a Parquet file:",
				"",
				"- `daily` (the default): one row per town and day: `town`, `date` (`YYYY-MM-DD`), `temp_min` and `temp_max` (°C), `rain_mm`.",
				"- `monthly`: the daily rows summed up per town and month: `town`, `month` (`YYYY-MM`), `mean_temp` (°C), `total_rain_mm`, `rainy_days`.",
			],
		},
	];
}

function cardData(definition: Definition): Record<string, unknown> {
	const data: Record<string, unknown> = { license: LICENSE, ...definition.meta, tags: [GENERATED_TAG] };
	if (definition.declareConfigs) {
		data.configs = definition.configs.map((config, index) => ({
			config_name: config.name,
			data_files: config.splits.map(([split, path]) => ({ split, path: path.replace(/-\d{5}-of-\d{5}/, "-*") })),
			...(index === 0 ? { default: true } : {}),
		}));
	}
	const infos = definition.configs.map((config) => ({
		...(definition.declareConfigs ? { config_name: config.name } : {}),
		features: config.features,
		splits: config.splits.map(([name, , , rows]) => ({ name, num_examples: rows })),
	}));
	data.dataset_info = definition.declareConfigs ? infos : infos[0];
	return data;
}

function readme(definition: Definition, data: Record<string, unknown>): string {
	const id = `${DEMO_DATASET_NAMESPACE}/${definition.name}`;
	const [first] = definition.configs;
	const load = definition.declareConfigs ? `load_dataset("${id}", "${first?.name}")` : `load_dataset("${id}")`;
	return [
		`---\n${stringify(data)}---`,
		"",
		`# ${definition.title}`,
		"",
		definition.summary,
		"",
		"## What is in it",
		"",
		...definition.body,
		"",
		"## Loading it",
		"",
		"With `HF_ENDPOINT` set to this hub's address:",
		"",
		"```python",
		"from datasets import load_dataset",
		"",
		`rows = ${load}`,
		"```",
		"",
	].join("\n");
}

function seedDataset(definition: Definition): SeedDataset {
	const data = cardData(definition);
	const text = readme(definition, data);
	const files = definition.configs.flatMap((config) => config.splits.map(([, path, content]) => ({ path, content })));
	return {
		id: `${DEMO_DATASET_NAMESPACE}/${definition.name}`,
		author: DEMO_DATASET_NAMESPACE,
		name: definition.name,
		// As a commit of this card would tag it (services/repo-record.ts).
		tags: datasetTagsOf(data),
		cardData: data,
		description: firstParagraph(parseCard(text).body) ?? "",
		files: [{ path: "README.md", content: text }, ...files],
		message: "Generated sample rows",
	};
}

/** The sample datasets with their files, built anew (a few hundred rows each: cheap). */
export function demoDatasets(): SeedDataset[] {
	return definitions().map(seedDataset);
}

/** Each sample dataset's configs, splits with row counts, and columns. */
export function demoDatasetShapes(): DemoDatasetShape[] {
	return definitions().map((definition) => ({
		id: `${DEMO_DATASET_NAMESPACE}/${definition.name}`,
		configs: definition.configs.map((config) => ({
			name: config.name,
			columns: config.features.map((feature) => feature.name),
			splits: Object.fromEntries(config.splits.map(([split, , , rows]) => [split, rows])),
		})),
	}));
}

/** What the sample datasets are made of, for the catalogue fingerprint (seed/refresh.ts). */
export function demoDatasetsFingerprint(): string {
	const hash = createHash("sha256");
	for (const dataset of demoDatasets()) {
		hash.update(`${dataset.id}\0`);
		for (const file of dataset.files) hash.update(file.path).update("\0").update(file.content).update("\0");
	}
	return hash.digest("hex");
}

/** Writes the sample datasets this hub does not have yet; returns how many it wrote. */
export async function loadDemoDatasets(
	target: { db: Kysely<Database>; blobStore: BlobStore },
	now = new Date(),
): Promise<number> {
	return await loadSeedDatasets(target, demoDatasets(), now);
}
