/**
 * Dataset rows as the JSON `/api/datasets` answers, with the keys
 * `@huggingface/hub`'s `listDatasets`/`datasetInfo` and huggingface_hub's
 * `list_datasets`/`dataset_info` read (ApiDatasetInfo). As for models, one
 * function builds every key and callers pick which keys a response carries.
 */
import { createHash } from "node:crypto";
import type { Selectable } from "kysely";
import type { DatasetsTable } from "../db/schema.js";
import { badRequest } from "../errors.js";
import { type SiblingRow, siblingJson } from "./model-view.js";

export type DatasetRow = Selectable<DatasetsTable>;

/** Keys this hub can fill in for a dataset. */
export const DATASET_KEYS = [
	"author",
	"cardData",
	"createdAt",
	"description",
	"disabled",
	"downloads",
	"downloadsAllTime",
	"gated",
	"lastModified",
	"likes",
	"private",
	"sha",
	"siblings",
	"tags",
	"trendingScore",
	"usedStorage",
] as const;

export type DatasetKey = (typeof DATASET_KEYS)[number];

/** Keys clients may ask for that this hub does not keep: accepted and left out. */
const KNOWN_UNSTORED_KEYS = new Set([
	"citation",
	"gitalyUid",
	"paperswithcode_id",
	"resourceGroup",
	"xetEnabled",
	"likesRecent",
	"lastAuthor",
]);
const KNOWN_KEYS = new Set<string>(DATASET_KEYS);
const MAX_EXPAND_KEYS = 64;

/** `expand` / `expand[]` values (repeated or comma-joined), checked; undefined when none was sent. */
export function parseDatasetExpand(values: string[]): DatasetKey[] | undefined {
	if (values.length === 0) return undefined;
	const keys = values.flatMap((value) => value.split(",")).map((key) => key.trim());
	if (keys.length > MAX_EXPAND_KEYS) throw badRequest(`At most ${MAX_EXPAND_KEYS} expand keys`);
	const wanted = new Set<DatasetKey>();
	for (const key of keys) {
		if (key === "") continue;
		if (KNOWN_KEYS.has(key)) wanted.add(key as DatasetKey);
		else if (!KNOWN_UNSTORED_KEYS.has(key)) throw badRequest(`Invalid expand key: ${JSON.stringify(key.slice(0, 64))}`);
	}
	return [...wanted];
}

/** Keys of a listing item without `expand`; `full` adds LIST_FULL_KEYS. */
export const DATASET_LIST_KEYS: readonly DatasetKey[] = [
	"author",
	"sha",
	"lastModified",
	"createdAt",
	"private",
	"gated",
	"disabled",
	"downloads",
	"likes",
	"trendingScore",
	"tags",
	"description",
];
export const DATASET_LIST_FULL_KEYS: readonly DatasetKey[] = ["cardData", "siblings"];

/** Keys of dataset info without `expand`. */
export const DATASET_INFO_KEYS: readonly DatasetKey[] = [...DATASET_LIST_KEYS, "cardData", "siblings", "usedStorage"];

/** A stable 24-hex object id from the dataset id (a model with the same id has another one). */
export function datasetObjectId(id: string): string {
	return createHash("sha1").update(`dataset:${id}`).digest("hex").slice(0, 24);
}

export interface DatasetExtras {
	siblings?: SiblingRow[];
	/** The commit the response describes (a revision's commit, else the head). */
	sha?: string;
}

function fieldValue(key: DatasetKey, row: DatasetRow, extras: DatasetExtras): unknown {
	switch (key) {
		case "author":
			return row.author;
		case "cardData":
			return row.card_data === null ? undefined : JSON.parse(row.card_data);
		case "createdAt":
			return row.created_at;
		case "description":
			return row.description ?? undefined;
		case "disabled":
			return false;
		case "downloads":
		case "downloadsAllTime":
			return Number(row.downloads);
		case "gated":
			return row.gated ?? false;
		case "lastModified":
			return row.last_modified;
		case "likes":
			return Number(row.likes);
		case "private":
			return Boolean(row.private);
		case "sha":
			return extras.sha ?? row.sha;
		case "siblings":
			return (extras.siblings ?? []).map(siblingJson);
		case "tags":
			return JSON.parse(row.tags) as string[];
		case "trendingScore":
			return Number(row.trending_score);
		case "usedStorage":
			// Number(): sizes are bigint columns, which a PostgreSQL driver may hand back as strings.
			return (extras.siblings ?? []).reduce((sum, file) => sum + Number(file.size), 0);
	}
}

/** `_id`, `id` and the given keys; keys without a value (no card, no description) are left out. */
export function renderDataset(row: DatasetRow, keys: readonly DatasetKey[], extras: DatasetExtras = {}) {
	const body: Record<string, unknown> = { _id: datasetObjectId(row.id), id: row.id };
	for (const key of keys) {
		const value = fieldValue(key, row, extras);
		if (value !== undefined) body[key] = value;
	}
	return body;
}
