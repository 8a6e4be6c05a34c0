/**
 * Model rows as the JSON the hub API returns. One function builds every key;
 * the callers pick which keys a response carries (defaults, `full`, `expand`).
 */
import { createHash } from "node:crypto";
import type { Selectable } from "kysely";
import type { ProviderMappingsTable } from "../db/schema.js";
import { fileEntry } from "../storage/repo-tree.js";
import type { ExpandableKey } from "./model-fields.js";
import { baseModelsOf, type ChildrenCount } from "./model-tree.js";
import type { ModelRow } from "./repo-access.js";

export type MappingRow = Selectable<ProviderMappingsTable>;
export interface SiblingRow {
	path: string;
	size: number;
	/** With `blobs=true` (what `model_info(files_metadata=True)` sends): the file's ids, for `blobId` and `lfs`. */
	blob?: { gitOid: string; sha256: string };
}

/** `{rfilename}`, or with the file's ids `{rfilename, size, blobId, lfs?: {sha256, size, pointerSize}}`. */
export function siblingJson(file: SiblingRow): Record<string, unknown> {
	if (!file.blob) return { rfilename: file.path };
	const entry = fileEntry({ path: file.path, size: file.size, blobSha256: file.blob.sha256, gitOid: file.blob.gitOid });
	return {
		rfilename: file.path,
		size: file.size,
		blobId: entry.oid,
		...(entry.lfs ? { lfs: { sha256: entry.lfs.oid, size: entry.lfs.size, pointerSize: entry.lfs.pointerSize } } : {}),
	};
}

/** What a response may draw on besides the row itself. */
export interface ModelExtras {
	mappings?: MappingRow[];
	siblings?: SiblingRow[];
	/** The commit the response describes (a revision's commit, else the head). */
	sha?: string;
	/** `object` on model info, `array` on listings (reference/hub-api.md §2). */
	mappingShape: "object" | "array";
	/** `childrenModelCount`, when asked for. */
	children?: ChildrenCount;
}

/** A stable 24-hex object id derived from the model id (clients use `_id` as a key). */
export function objectIdOf(modelId: string): string {
	return createHash("sha1").update(`model:${modelId}`).digest("hex").slice(0, 24);
}

function parseJson(text: string | null): unknown {
	return text === null ? undefined : JSON.parse(text);
}

function mappingEntry(row: MappingRow, modelId: string) {
	return {
		providerId: row.provider_id,
		task: row.task,
		status: row.status,
		...(row.adapter ? { adapter: row.adapter } : {}),
		...(row.adapter_weights_path ? { adapterWeightsPath: row.adapter_weights_path } : {}),
		hfModelId: modelId,
	};
}

export function renderMapping(rows: MappingRow[], modelId: string, shape: "object" | "array") {
	const ordered = [...rows].sort((left, right) => left.position - right.position);
	if (shape === "array") {
		return ordered.map((row) => ({ provider: row.provider, ...mappingEntry(row, modelId) }));
	}
	return Object.fromEntries(ordered.map((row) => [row.provider, mappingEntry(row, modelId)]));
}

function fieldValue(key: ExpandableKey, row: ModelRow, extras: ModelExtras): unknown {
	switch (key) {
		case "author":
			return row.author;
		case "baseModels":
			return baseModelsOf(JSON.parse(row.tags) as string[]);
		case "cardData":
			return parseJson(row.card_data);
		case "childrenModelCount":
			return extras.children ?? {};
		case "config":
			return parseJson(row.config);
		case "createdAt":
			return row.created_at;
		case "disabled":
			return false;
		case "downloads":
		case "downloadsAllTime":
			return Number(row.downloads);
		case "gated":
			return row.gated ?? false;
		case "gguf":
			return parseJson(row.gguf);
		case "inferenceProviderMapping":
			return renderMapping(extras.mappings ?? [], row.id, extras.mappingShape);
		case "lastModified":
			return row.last_modified;
		case "library_name":
			return row.library_name ?? undefined;
		case "likes":
			return Number(row.likes);
		case "pipeline_tag":
			return row.pipeline_tag ?? undefined;
		case "private":
			return Boolean(row.private);
		case "safetensors":
			return parseJson(row.safetensors);
		case "sha":
			return extras.sha ?? row.sha;
		case "siblings":
			return (extras.siblings ?? []).map(siblingJson);
		case "spaces":
			return [];
		case "tags":
			return JSON.parse(row.tags) as string[];
		case "transformersInfo":
			return parseJson(row.transformers_info);
		case "trendingScore":
			return Number(row.trending_score);
		case "usedStorage":
			return (extras.siblings ?? []).reduce((sum, file) => sum + file.size, 0);
		case "widgetData":
			return parseJson(row.widget_data);
	}
}

type ModelColumn = keyof ModelRow;

/** The `models` columns each key reads in `fieldValue` (model-view.test.ts holds the two together). */
const KEY_COLUMNS: Record<ExpandableKey | "modelId", readonly ModelColumn[]> = {
	author: ["author"],
	baseModels: ["tags"],
	cardData: ["card_data"],
	childrenModelCount: [],
	config: ["config"],
	createdAt: ["created_at"],
	disabled: [],
	downloads: ["downloads"],
	downloadsAllTime: ["downloads"],
	gated: ["gated"],
	gguf: ["gguf"],
	inferenceProviderMapping: [],
	lastModified: ["last_modified"],
	library_name: ["library_name"],
	likes: ["likes"],
	modelId: [],
	pipeline_tag: ["pipeline_tag"],
	private: ["private"],
	safetensors: ["safetensors"],
	sha: ["sha"],
	siblings: [],
	spaces: [],
	tags: ["tags"],
	transformersInfo: ["transformers_info"],
	trendingScore: ["trending_score"],
	usedStorage: [],
	widgetData: ["widget_data"],
};

/**
 * The columns a response with these keys needs, `id` first. A listing reads
 * only these: a page of rows looked up at random in a large table costs less
 * the fewer values each row hands back.
 */
export function columnsFor(keys: readonly (ExpandableKey | "modelId")[]): ModelColumn[] {
	const columns = new Set<ModelColumn>(["id"]);
	for (const key of keys) for (const column of KEY_COLUMNS[key]) columns.add(column);
	return [...columns];
}

/** `_id`, `id` and the given keys; keys without a value (no library, no card data) are left out. */
export function renderModel(row: ModelRow, keys: readonly (ExpandableKey | "modelId")[], extras: ModelExtras) {
	const body: Record<string, unknown> = { _id: objectIdOf(row.id), id: row.id };
	for (const key of keys) {
		const value = key === "modelId" ? row.id : fieldValue(key, row, extras);
		if (value !== undefined) body[key] = value;
	}
	return body;
}

/** Keys of a listing item without `expand`; `full` and `config` add to them. */
export const LIST_DEFAULT_KEYS = [
	"likes",
	"trendingScore",
	"private",
	"gated",
	"downloads",
	"tags",
	"pipeline_tag",
	"library_name",
	"createdAt",
	"lastModified",
	"modelId",
] as const;

export const LIST_FULL_KEYS = ["author", "sha", "disabled", "siblings"] as const;

/** Keys of model info without `expand`. */
export const INFO_DEFAULT_KEYS = [
	"modelId",
	"author",
	"sha",
	"lastModified",
	"createdAt",
	"private",
	"gated",
	"disabled",
	"pipeline_tag",
	"library_name",
	"tags",
	"downloads",
	"likes",
	"trendingScore",
	"widgetData",
	"config",
	"cardData",
	"transformersInfo",
	"siblings",
	"spaces",
	"safetensors",
	"gguf",
	"usedStorage",
	"inferenceProviderMapping",
] as const;
