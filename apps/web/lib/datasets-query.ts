/**
 * The /datasets page keeps its search, task, sort and pager in the URL, as /models does
 * (lib/models-query.ts: the same sorts and the same "back" stack of the hub's cursors).
 * The task is named as huggingface.co's dataset list names it (`task_categories=…`).
 */
import { MAX_BACK_STACK, MODEL_SORTS, type ModelSort } from "./models-query";

export interface DatasetsState {
	search: string;
	/** A task id (`text-classification`), or "" for every task. */
	task: string;
	sort: ModelSort;
	cursor: string;
	back: string[];
}

type RawParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/** `task_categories:text-classification` (a tag, as huggingface.co's links have it) or `text-classification`. */
function taskOf(value: string): string {
	const task = value.startsWith("task_categories:") ? value.slice("task_categories:".length) : value;
	return /^[a-z0-9-]{1,64}$/.test(task) ? task : "";
}

export function readDatasetsState(params: RawParams): DatasetsState {
	const sort = first(params.sort);
	const back = params.back;
	return {
		search: first(params.search).slice(0, 200),
		task: taskOf(first(params.task_categories)),
		sort: sort in MODEL_SORTS ? (sort as ModelSort) : "trending",
		cursor: first(params.cursor),
		back: (Array.isArray(back) ? back : back !== undefined ? [back] : []).slice(-MAX_BACK_STACK),
	};
}

export function datasetsHref(state: DatasetsState, changes: Partial<DatasetsState>): string {
	const next = { ...state, ...changes };
	const params = new URLSearchParams();
	if (next.search) params.set("search", next.search);
	if (next.task) params.set("task_categories", next.task);
	if (next.sort !== "trending") params.set("sort", next.sort);
	if (next.cursor) {
		params.set("cursor", next.cursor);
		for (const cursor of next.back) params.append("back", cursor);
	}
	const query = params.toString();
	return query ? `/datasets?${query}` : "/datasets";
}

export function datasetPagerHrefs(state: DatasetsState, nextCursor: string | undefined) {
	const next = nextCursor
		? datasetsHref(state, { cursor: nextCursor, back: [...state.back, state.cursor].slice(-MAX_BACK_STACK) })
		: undefined;
	const previous = state.cursor
		? datasetsHref(state, { cursor: state.back.at(-1) ?? "", back: state.back.slice(0, -1) })
		: undefined;
	return { next, previous };
}
