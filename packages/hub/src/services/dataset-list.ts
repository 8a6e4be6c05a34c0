/**
 * The dataset listing: filters, visibility and keyset pagination over (sort
 * column, id), as the model listing (model-list.ts) but simpler: a hub holds a
 * few datasets beside many models, so the id search is a plain case-insensitive
 * match on the rows the other filters leave, and the count is always taken
 * (capped, like the models').
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import { type Caller, readableNamespaces } from "../auth/caller.js";
import type { DatabaseEngine } from "../db/engine.js";
import type { Database } from "../db/schema.js";
import { idLike } from "../db/search-index.js";
import type { DatasetListQuery } from "./dataset-list-query.js";
import {
	DATASET_LIST_FULL_KEYS,
	DATASET_LIST_KEYS,
	type DatasetKey,
	type DatasetRow,
	renderDataset,
} from "./dataset-view.js";
import { cursorValue, decodeCursor, encodeCursor } from "./model-cursor.js";
import { siblingsOf } from "./model-list.js";
import { type ModelCount, TOTAL_COUNT_CAP } from "./model-list-count.js";

export interface DatasetListPage {
	items: Record<string, unknown>[];
	/** Cursor of the next page; undefined on the last page. */
	nextCursor: string | undefined;
}

type DatasetsExpression = ExpressionBuilder<Database, "datasets">;

/** Public datasets, and the private ones the caller may see (as `canSee` in repo-access.ts). */
function visibleTo(caller: Caller | undefined) {
	return (eb: DatasetsExpression) => {
		if (!caller || caller.repos?.length === 0) return eb("datasets.private", "=", 0);
		const owners = readableNamespaces(caller);
		if (owners.length === 0) return eb("datasets.private", "=", 0);
		const own = eb.or([eb("datasets.author", "in", owners), eb("datasets.owner", "in", owners)]);
		const ownInScope = caller.repos ? eb.and([own, eb("datasets.id", "in", caller.repos)]) : own;
		return eb.or([eb("datasets.private", "=", 0), ownInScope]);
	};
}

/** Every filter of the query, visibility included; no cursor, no order. */
function matching(
	deps: { db: Kysely<Database>; engine: DatabaseEngine },
	query: DatasetListQuery,
	caller: Caller | undefined,
) {
	let select = deps.db.selectFrom("datasets").where(visibleTo(caller));
	if (query.author !== undefined) select = select.where("datasets.author", "=", query.author);
	const search = query.search;
	if (search !== undefined) select = select.where((eb) => idLike(deps.engine, eb.ref("datasets.id"), search));
	for (const tag of query.tags) {
		select = select.where((eb) =>
			eb.exists(
				eb
					.selectFrom("dataset_tags")
					.select("dataset_tags.tag")
					.whereRef("dataset_tags.dataset_id", "=", "datasets.id")
					.where("dataset_tags.tag", "=", tag),
			),
		);
	}
	return select;
}

function responseKeys(query: DatasetListQuery): readonly DatasetKey[] {
	if (query.expand) return query.expand;
	return query.full ? [...DATASET_LIST_KEYS, ...DATASET_LIST_FULL_KEYS] : DATASET_LIST_KEYS;
}

export async function listDatasets(
	deps: { db: Kysely<Database>; engine: DatabaseEngine },
	query: DatasetListQuery,
	caller: Caller | undefined,
): Promise<DatasetListPage> {
	const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, query.sort);
	const direction = query.descending ? "desc" : "asc";
	let select = matching(deps, query, caller).selectAll("datasets");
	if (after) {
		select = select.where((eb) =>
			eb(
				eb.refTuple(`datasets.${query.sort}`, "datasets.id"),
				query.descending ? "<" : ">",
				// Never null: no dataset sort column is nullable (model-cursor.ts NULLABLE_COLUMNS).
				eb.tuple(after.value as string, after.id),
			),
		);
	}
	const rows: DatasetRow[] = await select
		.orderBy(`datasets.${query.sort}`, direction)
		.orderBy("datasets.id", direction)
		.limit(query.limit + 1)
		.execute();
	const page = rows.slice(0, query.limit);
	const keys = responseKeys(query);
	const siblings =
		keys.includes("siblings") || keys.includes("usedStorage") ? await siblingsOf(deps.db, page) : new Map();
	const items = page.map((row) => renderDataset(row, keys, { siblings: siblings.get(row.sha) ?? [] }));
	const last = page.at(-1);
	const nextCursor =
		rows.length > query.limit && last
			? encodeCursor({ value: cursorValue(query.sort, last[query.sort]), id: last.id })
			: undefined;
	return { items, nextCursor };
}

/** How many datasets the listing matches, up to `cap` (then "at least cap"), for `X-Total-Count`. */
export async function countDatasets(
	deps: { db: Kysely<Database>; engine: DatabaseEngine },
	query: DatasetListQuery,
	caller: Caller | undefined,
	cap = TOTAL_COUNT_CAP,
): Promise<ModelCount> {
	const ids = matching(deps, query, caller)
		.select("datasets.id")
		.limit(cap + 1);
	const row = await deps.db
		.selectFrom(ids.as("matching"))
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	const count = Number(row.count);
	return count > cap ? { atLeast: cap } : { exact: count };
}
