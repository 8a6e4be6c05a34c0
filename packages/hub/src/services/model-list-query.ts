/**
 * `GET /api/models` parameters, read from a URL and checked. Lists arrive as
 * repeated keys, comma-joined values or both (reference/hub-api.md §1); every
 * spelling the clients use for sort keys and booleans is accepted.
 */
import { LOCAL_APP_KEYS } from "@hubkit/tasks";
import { badRequest } from "../errors.js";
import { recentLikesSince } from "./likes.js";
import { type ExpandableKey, parseExpand } from "./model-fields.js";

export const MAX_LIST_LIMIT = 1000;
export const DEFAULT_LIST_LIMIT = 1000;
const MAX_LIST_VALUES = 50;

export type SortColumn =
	| "downloads"
	| "likes"
	| "trending_score"
	| "created_at"
	| "last_modified"
	| "main_size"
	| "num_parameters"
	| "id"
	/** Not a column: the likes of the last 30 days, counted from `likes` (services/likes.ts). */
	| "likes30d";

const SORT_KEYS: Record<string, SortColumn> = {
	downloads: "downloads",
	likes: "likes",
	trending: "trending_score",
	trendingScore: "trending_score",
	trending_score: "trending_score",
	createdAt: "created_at",
	created_at: "created_at",
	lastModified: "last_modified",
	last_modified: "last_modified",
	mainSize: "main_size",
	num_parameters: "num_parameters",
	id: "id",
	likes30d: "likes30d",
};

const KNOWN_APPS: ReadonlySet<string> = new Set(LOCAL_APP_KEYS);

export interface ModelListQuery {
	search: string | undefined;
	author: string | undefined;
	pipelineTag: string | undefined;
	libraries: string[];
	/** Every tag must be present. */
	tags: string[];
	/** Any of these providers; `all` means any provider at all. */
	providers: string[] | "all" | undefined;
	/** Any of these local apps (`LOCAL_APPS` keys) can run the model. */
	apps: string[];
	gated: boolean | undefined;
	sort: SortColumn;
	/** For `likes30d`: the first moment whose likes count (fixed when the request is read). */
	likesSince: string | undefined;
	descending: boolean;
	limit: number;
	full: boolean;
	config: boolean;
	cardData: boolean;
	expand: ExpandableKey[] | undefined;
	cursor: string | undefined;
}

function listValues(params: URLSearchParams, ...names: string[]): string[] {
	const values = names
		.flatMap((name) => params.getAll(name))
		.flatMap((value) => value.split(","))
		.map((value) => value.trim())
		.filter((value) => value !== "");
	if (values.length > MAX_LIST_VALUES) throw badRequest(`At most ${MAX_LIST_VALUES} values for ${names[0]}`);
	return [...new Set(values)];
}

function single(params: URLSearchParams, name: string): string | undefined {
	const value = params.get(name)?.trim();
	return value === undefined || value === "" ? undefined : value;
}

export function parseBoolean(value: string | undefined, name: string): boolean | undefined {
	if (value === undefined) return undefined;
	if (/^(true|1)$/i.test(value)) return true;
	if (/^(false|0)$/i.test(value)) return false;
	throw badRequest(`${name} must be true or false`);
}

function parseLimit(value: string | undefined): number {
	if (value === undefined) return DEFAULT_LIST_LIMIT;
	if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw badRequest("limit must be a positive integer");
	return Math.min(Number(value), MAX_LIST_LIMIT);
}

function parseDirection(value: string | undefined): boolean {
	if (value === undefined || value === "-1" || value === "desc") return true;
	if (value === "1" || value === "asc") return false;
	throw badRequest("direction must be -1 or 1");
}

export function parseModelListQuery(params: URLSearchParams): ModelListQuery {
	const sortName = single(params, "sort") ?? "downloads";
	const sort = Object.hasOwn(SORT_KEYS, sortName) ? SORT_KEYS[sortName] : undefined;
	if (!sort) throw badRequest(`Unsupported sort: ${JSON.stringify(sortName.slice(0, 64))}`);
	const apps = listValues(params, "apps");
	const unknownApp = apps.find((app) => !KNOWN_APPS.has(app));
	if (unknownApp !== undefined) {
		throw badRequest(
			`Unknown local app ${JSON.stringify(unknownApp.slice(0, 64))}; known: ${LOCAL_APP_KEYS.join(", ")}`,
		);
	}
	const providers = listValues(params, "inference_provider");
	const expand = parseExpand([...params.getAll("expand"), ...params.getAll("expand[]")]);
	const full = parseBoolean(single(params, "full"), "full") ?? false;
	const config = parseBoolean(single(params, "config"), "config") ?? false;
	const cardData = parseBoolean(single(params, "cardData"), "cardData") ?? false;
	if (expand && (full || config || cardData))
		throw badRequest("expand cannot be combined with full, config or cardData");
	return {
		search: single(params, "search"),
		author: single(params, "author"),
		pipelineTag: single(params, "pipeline_tag"),
		libraries: listValues(params, "library"),
		tags: listValues(params, "filter", "other"),
		providers: providers.includes("all") ? "all" : providers.length > 0 ? providers : undefined,
		apps,
		gated: parseBoolean(single(params, "gated"), "gated"),
		sort,
		likesSince: sort === "likes30d" ? recentLikesSince() : undefined,
		descending: parseDirection(single(params, "direction")),
		limit: parseLimit(single(params, "limit")),
		full,
		config,
		cardData,
		expand,
		cursor: single(params, "cursor"),
	};
}
