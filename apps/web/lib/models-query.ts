/**
 * The /models page keeps every choice in its URL: filters, sort, and the pager's
 * state. The hub pages by opaque cursor, so "next" carries the hub's cursor and
 * "previous" pops a stack of the cursors that led here (`back`, one per page,
 * repeated keys so no value outgrows the hub's 1,024-character limit).
 */
export const MODEL_SORTS = {
	trending: "Trending",
	downloads: "Most downloads",
	likes: "Most likes",
	lastModified: "Recently updated",
	createdAt: "Recently created",
} as const;
export type ModelSort = keyof typeof MODEL_SORTS;

/** Pages kept on the stack; older ones are dropped, and "previous" from there starts over. */
export const MAX_BACK_STACK = 60;

export interface ModelsState {
	search: string;
	pipeline_tag: string;
	library: string;
	inference_provider: string;
	/** A tag filter, as huggingface.co names it (`other=base_model:quantized:<id>`): the model tree's links. */
	other: string;
	sort: ModelSort;
	cursor: string;
	back: string[];
}

type RawParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export function readModelsState(params: RawParams): ModelsState {
	const sort = first(params.sort);
	const back = params.back;
	return {
		search: first(params.search).slice(0, 200),
		pipeline_tag: first(params.pipeline_tag),
		library: first(params.library),
		inference_provider: first(params.inference_provider),
		other: first(params.other).slice(0, 300),
		sort: sort in MODEL_SORTS ? (sort as ModelSort) : "trending",
		cursor: first(params.cursor),
		back: (Array.isArray(back) ? back : back !== undefined ? [back] : []).slice(-MAX_BACK_STACK),
	};
}

const MADE_FROM_TITLES: Record<string, string> = {
	adapter: "Adapters",
	finetune: "Finetunes",
	merge: "Merges",
	quantized: "Quantizations",
};

/** The listing's title under a tag filter: the model tree's links read as what they list. */
export function tagFilterTitle(tag: string): string {
	const child = /^base_model:([a-z]+):(.+)$/.exec(tag);
	const kind = child ? MADE_FROM_TITLES[child[1] as string] : undefined;
	if (child && kind) return `${kind} of ${child[2]}`;
	const base = /^base_model:([^:]+)$/.exec(tag);
	if (base) return `Models made from ${base[1]}`;
	return `Models tagged “${tag}”`;
}

/** The hub's sort key for a page sort. */
export function hubSort(sort: ModelSort): string {
	return sort === "trending" ? "trendingScore" : sort;
}

/** A /models URL for `state` with `changes` applied; a filter change starts again at page one. */
export function modelsHref(state: ModelsState, changes: Partial<ModelsState>): string {
	const next = { ...state, ...changes };
	const params = new URLSearchParams();
	for (const key of ["search", "pipeline_tag", "library", "inference_provider", "other"] as const) {
		if (next[key]) params.set(key, next[key]);
	}
	if (next.sort !== "trending") params.set("sort", next.sort);
	if (next.cursor) {
		params.set("cursor", next.cursor);
		for (const cursor of next.back) params.append("back", cursor);
	}
	const query = params.toString();
	return query ? `/models?${query}` : "/models";
}

/** Links for the pager: next (when the hub has one) and previous (when this is not page one). */
export function pagerHrefs(state: ModelsState, nextCursor: string | undefined) {
	const next = nextCursor
		? modelsHref(state, {
				cursor: nextCursor,
				// The first page has no cursor; an empty entry on the stack stands for it.
				back: [...state.back, state.cursor].slice(-MAX_BACK_STACK),
			})
		: undefined;
	const previous = state.cursor
		? modelsHref(state, { cursor: state.back.at(-1) ?? "", back: state.back.slice(0, -1) })
		: undefined;
	return { next, previous };
}
