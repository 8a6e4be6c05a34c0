/**
 * `GET /api/datasets` parameters, read from a URL and checked: the subset of the
 * model listing's (model-list-query.ts) that datasets have, spelled the same way.
 */
import { badRequest } from "../errors.js";
import { type DatasetKey, parseDatasetExpand } from "./dataset-view.js";
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, parseBoolean, type SortColumn } from "./model-list-query.js";

const MAX_TAGS = 50;

export type DatasetSortColumn = Extract<
	SortColumn,
	"downloads" | "likes" | "trending_score" | "created_at" | "last_modified" | "id"
>;

const SORT_KEYS: Record<string, DatasetSortColumn> = {
	downloads: "downloads",
	likes: "likes",
	trending: "trending_score",
	trendingScore: "trending_score",
	trending_score: "trending_score",
	createdAt: "created_at",
	created_at: "created_at",
	lastModified: "last_modified",
	last_modified: "last_modified",
	id: "id",
};

export interface DatasetListQuery {
	search: string | undefined;
	author: string | undefined;
	/** Every tag must be present. */
	tags: string[];
	sort: DatasetSortColumn;
	descending: boolean;
	limit: number;
	full: boolean;
	expand: DatasetKey[] | undefined;
	cursor: string | undefined;
}

function single(params: URLSearchParams, name: string): string | undefined {
	const value = params.get(name)?.trim();
	return value === undefined || value === "" ? undefined : value;
}

export function parseDatasetListQuery(params: URLSearchParams): DatasetListQuery {
	const sortName = single(params, "sort") ?? "downloads";
	const sort = Object.hasOwn(SORT_KEYS, sortName) ? SORT_KEYS[sortName] : undefined;
	if (!sort) {
		throw badRequest(
			`Unsupported sort for datasets: ${JSON.stringify(sortName.slice(0, 64))}; use downloads, likes, trendingScore, createdAt, lastModified or id`,
		);
	}
	const direction = single(params, "direction");
	if (direction !== undefined && !["-1", "1", "asc", "desc"].includes(direction)) {
		throw badRequest("direction must be -1 or 1");
	}
	const limitText = single(params, "limit");
	if (limitText !== undefined && (!/^\d{1,9}$/.test(limitText) || Number(limitText) < 1)) {
		throw badRequest("limit must be a positive integer");
	}
	const tags = [
		...new Set(
			params
				.getAll("filter")
				.flatMap((value) => value.split(","))
				.map((tag) => tag.trim())
				.filter((tag) => tag !== ""),
		),
	];
	if (tags.length > MAX_TAGS) throw badRequest(`At most ${MAX_TAGS} values for filter`);
	const expand = parseDatasetExpand([...params.getAll("expand"), ...params.getAll("expand[]")]);
	const full = parseBoolean(single(params, "full"), "full") ?? false;
	if (expand && full) throw badRequest("expand cannot be combined with full");
	return {
		search: single(params, "search"),
		author: single(params, "author"),
		tags,
		sort,
		descending: direction === undefined || direction === "-1" || direction === "desc",
		limit: limitText === undefined ? DEFAULT_LIST_LIMIT : Math.min(Number(limitText), MAX_LIST_LIMIT),
		full,
		expand,
		cursor: single(params, "cursor"),
	};
}
