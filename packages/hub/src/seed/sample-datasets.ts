/**
 * Dataset repositories for the datasets the task pages name (`TASKS_DATA[task].datasets`), so
 * a task page's dataset links resolve on this hub. Each holds one file, a card written from
 * the task data alone: what the task pages say the dataset is for, its `task_categories`, and
 * the task's demo as an example of a row's shape. The data itself is not here, and the card
 * says so; nothing the task data does not state (licence, size, languages) is claimed.
 *
 * Ids without a namespace (`wikipedia`, `c4`) are left out: every repository on this hub has
 * an owner, and which owner holds them now is not something the task data says.
 * Deterministic (one commit per dataset whose id comes from its card) and idempotent:
 * datasets that exist already are left as they are (seed/load-datasets.ts).
 */
import { createHash } from "node:crypto";
import { type DemoEntry, TASKS_DATA, type TaskData } from "@hubkit/tasks";
import type { Kysely } from "kysely";
import { stringify } from "yaml";
import type { Database } from "../db/schema.js";
import { isReservedName } from "../reserved-names.js";
import type { BlobStore } from "../storage/blob-store.js";
import { repoIdProblem } from "../storage/repo-path.js";
import { loadSeedDatasets, type SeedDataset } from "./load-datasets.js";

/** Marks a dataset whose repository holds a card and no data (as `hubkit:placeholder` marks a model). */
export const SAMPLE_DATASET_TAG = "hubkit:card-only";

export const CARD_ONLY_LINE =
	"**Card only.** This hub keeps this card so that the task pages' links to the dataset resolve; the dataset's files are not stored here.";

export interface SampleDataset {
	id: string;
	author: string;
	name: string;
	/** The tasks whose pages name it, in pipeline order. */
	tasks: string[];
	/** The first task page's description of it. */
	description: string;
	tags: string[];
	cardData: { task_categories: string[]; tags: string[] };
	readme: string;
}

interface Mention {
	task: TaskData;
	description: string;
}

/** Every dataset the task pages name with an `owner/name` id, by id. */
export function sampleDatasets(): SampleDataset[] {
	const mentions = new Map<string, Mention[]>();
	for (const task of Object.values(TASKS_DATA)) {
		for (const dataset of task?.datasets ?? []) {
			if (!task || !isOwnedId(dataset.id)) continue;
			mentions.set(dataset.id, [...(mentions.get(dataset.id) ?? []), { task, description: dataset.description }]);
		}
	}
	return [...mentions]
		.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
		.map(([id, named]) => sampleDataset(id, named));
}

function isOwnedId(id: string): boolean {
	const [namespace = "", name = "", ...rest] = id.split("/");
	return rest.length === 0 && repoIdProblem(namespace, name) === undefined && !isReservedName(namespace);
}

function sampleDataset(id: string, named: Mention[]): SampleDataset {
	const [author = "", name = ""] = id.split("/");
	const tasks = named.map((mention) => mention.task.id);
	const tags = [...tasks.map((task) => `task_categories:${task}`), SAMPLE_DATASET_TAG];
	const cardData = { task_categories: tasks, tags: [SAMPLE_DATASET_TAG] };
	return {
		id,
		author,
		name,
		tasks,
		description: named[0]?.description ?? "",
		tags,
		cardData,
		readme: cardOf(id, named, cardData),
	};
}

function cardOf(id: string, named: Mention[], cardData: SampleDataset["cardData"]): string {
	const lines = [`---\n${stringify(cardData)}---`, "", `# ${id}`, ""];
	lines.push(named[0]?.description ?? "", "", CARD_ONLY_LINE, "", "## What it is used for", "");
	for (const { task, description } of named) lines.push(`- [${task.label}](/tasks/${task.id}): ${description}`);
	for (const { task } of named) {
		const example = demoLines(task);
		if (example.length === 0) continue;
		lines.push("", `## An example for ${task.label}`, "");
		lines.push(
			`The ${task.label} task page's demo: an input and what a model gives for it. It shows the shape of the task's data, not rows of this dataset.`,
			"",
			...example,
		);
	}
	return `${lines.join("\n")}\n`;
}

/** The task's demo as Markdown: a table demo as tables of its own, anything else as one input/output row. */
function demoLines(task: TaskData): string[] {
	const { inputs = [], outputs = [] } = task.demo ?? {};
	if (inputs.length === 0 || outputs.length === 0) return [];
	const [input] = inputs;
	const [output] = outputs;
	if (inputs.length === 1 && outputs.length === 1 && input?.type === "tabular" && output?.type === "tabular") {
		return ["Input:", "", ...markdownTable(input.data), "", "Output:", "", ...markdownTable(output.data)];
	}
	return [
		"| Input | Output |",
		"| --- | --- |",
		`| ${inputs.map(cell).join("<br>")} | ${outputs.map(cell).join("<br>")} |`,
	];
}

function markdownTable([header = [], ...rows]: string[][]): string[] {
	const line = (values: string[]) => `| ${values.map(escapeCell).join(" | ")} |`;
	return [line(header), line(header.map(() => "---")), ...rows.map(line)];
}

const MAX_CELL = 160;

/** One demo entry as a Markdown table cell. */
function cell(entry: DemoEntry): string {
	const text = (() => {
		switch (entry.type) {
			case "text":
				return entry.content;
			// The demo files the hub serves (routes/demo-assets.ts).
			case "img":
				return `![${entry.filename}](/assets/demo/${entry.filename})`;
			case "audio":
				return `[${entry.filename}](/assets/demo/${entry.filename})`;
			case "chart":
				return entry.data.map((bar) => `${bar.label} ${bar.score.toFixed(2)}`).join(", ");
			case "tabular":
				return entry.data.map((row) => row.join(" · ")).join(" / ");
			case "text-with-tokens":
				return entry.tokens.map((token) => `${entry.text.slice(token.start, token.end)} (${token.type})`).join(", ");
		}
	})();
	return escapeCell(text);
}

/** Text on one line, not too long, with the characters that would break a table row escaped. */
function escapeCell(text: string): string {
	const flat = text.replace(/\s+/g, " ").trim();
	const short = flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
	return short.replace(/\\/g, "\\\\").replace(/\|/g, "\\|");
}

/** What the sample datasets are made of, for the catalogue fingerprint (seed/refresh.ts). */
export function sampleDatasetsFingerprint(): string {
	const hash = createHash("sha256");
	for (const dataset of sampleDatasets()) hash.update(`${dataset.id}\0${dataset.readme}\0`);
	return hash.digest("hex");
}

/** Writes the sample datasets this hub does not have yet; returns how many it wrote. */
export async function loadSampleDatasets(
	target: { db: Kysely<Database>; blobStore: BlobStore },
	now = new Date(),
): Promise<number> {
	const records = sampleDatasets().map(
		(dataset): SeedDataset => ({
			...dataset,
			files: [{ path: "README.md", content: dataset.readme }],
			message: "Card for the task pages",
		}),
	);
	return await loadSeedDatasets(target, records, now);
}
