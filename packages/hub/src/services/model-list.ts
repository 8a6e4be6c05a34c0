/**
 * The model listing: filters, visibility, keyset pagination over (sort column,
 * id), and the extra rows (mappings, files) the requested keys need, fetched
 * for the whole page in one query each.
 */
import type { AliasableExpression, ExpressionBuilder, Kysely, SelectQueryBuilder } from "kysely";
import { type Caller, readableNamespaces } from "../auth/caller.js";
import type { DatabaseEngine } from "../db/engine.js";
import { rareSearchPage, searchProbeMatches } from "../db/model-list-queries.js";
import type { Database } from "../db/schema.js";
import { idSearchCondition, type ModelsCondition } from "../db/search-index.js";
import type { InferenceEndpoints } from "../router/endpoints.js";
import { comparePaths } from "../storage/repo-tree.js";
import { recentLikes } from "./likes.js";
import { type CursorPosition, cursorValue, decodeCursor, encodeCursor, NULLABLE_COLUMNS } from "./model-cursor.js";
import type { ExpandableKey } from "./model-fields.js";
import type { ModelListQuery } from "./model-list-query.js";
import { childrenModelCounts } from "./model-tree.js";
import {
	columnsFor,
	LIST_DEFAULT_KEYS,
	LIST_FULL_KEYS,
	type MappingRow,
	renderModel,
	type SiblingRow,
} from "./model-view.js";
import { LOCAL_PROVIDER } from "./provider-mapping.js";
import type { ModelRow } from "./repo-access.js";
import { commitSnapshot, filesOfCommits } from "./trees.js";

export interface ModelListPage {
	items: Record<string, unknown>[];
	/** Cursor of the next page; undefined on the last page. */
	nextCursor: string | undefined;
}

function responseKeys(query: ModelListQuery): (ExpandableKey | "modelId")[] {
	if (query.expand) return query.expand;
	const keys: (ExpandableKey | "modelId")[] = [...LIST_DEFAULT_KEYS];
	if (query.full) keys.push(...LIST_FULL_KEYS);
	if (query.config) keys.push("config");
	if (query.cardData || query.full) keys.push("cardData");
	return keys;
}

/** Rows a search first looks through in sort order (see `probeSearch`). */
export const SEARCH_PROBE_ROWS = 2000;

export interface ListOptions {
	/** Overrides SEARCH_PROBE_ROWS (tests reach both search paths with a few rows). */
	probeRows?: number;
}

type ModelsSelect = SelectQueryBuilder<Database, "models", object>;
type ListColumn = `models.${keyof ModelRow}`;
type StoredSort = Exclude<ModelListQuery["sort"], "likes30d">;

/**
 * What a listing sorts by: a column of `models`, or for `likes30d` each model's likes since
 * `likesSince`, counted per model from the (repo_id, created_at) index. That count is worked
 * out for every filtered model on every page (no column holds it), so it costs a pass over the
 * filtered models; the keyset is the same (count, id) pair as for a column.
 */
function sortValue(eb: ExpressionBuilder<Database, "models">, query: ModelListQuery): AliasableExpression<unknown> {
	if (query.sort === "likes30d") return recentLikes(eb, query.likesSince ?? "").$asScalar();
	return eb.ref(`models.${query.sort}`);
}

/**
 * Which models of the order a query walks. A nullable sort column
 * (num_parameters) is walked in two parts: the models with a value, in sort
 * order, then the models without one, by id. Each part reads straight from the
 * (column, id) index on either engine, whatever order the engine gives NULLs.
 */
type Part = "all" | "valued" | "unvalued";

/** Where a query starts (after the cursor's model), which part of the order it walks, and how many rows it wants. */
interface Walk {
	after: CursorPosition | undefined;
	part: Part;
	rows: number;
}

/**
 * Only the models the caller may see: public ones, and their own private ones; for a token
 * scoped to some repos, only the private ones among those (as `canSee` in repo-access.ts).
 */
export function visibleTo(caller: Caller | undefined): ModelsCondition {
	return (eb) => {
		if (!caller || caller.repos?.length === 0) return eb("models.private", "=", 0);
		// Theirs, or an organisation's they are a member of (repo-access.ts canSee).
		const owners = readableNamespaces(caller);
		if (owners.length === 0) return eb("models.private", "=", 0);
		const own = eb.or([eb("models.author", "in", owners), eb("models.owner", "in", owners)]);
		const ownInScope = caller.repos ? eb.and([own, eb("models.id", "in", caller.repos)]) : own;
		return eb.or([eb("models.private", "=", 0), ownInScope]);
	};
}

/** Every filter of the query except the id search and visibility, and the keyset cursor. */
export function filtered(
	db: Kysely<Database>,
	query: ModelListQuery,
	after: CursorPosition | undefined,
	part: Part,
): ModelsSelect {
	let select: ModelsSelect = db.selectFrom("models");
	const column = query.sort as StoredSort;
	if (part === "valued") select = select.where(`models.${column}`, "is not", null);
	if (part === "unvalued") select = select.where(`models.${column}`, "is", null);
	if (query.author !== undefined) select = select.where("models.author", "=", query.author);
	if (query.pipelineTag !== undefined) select = select.where("models.pipeline_tag", "=", query.pipelineTag);
	if (query.libraries.length > 0) select = select.where("models.library_name", "in", query.libraries);
	if (query.gated !== undefined) select = select.where("models.gated", query.gated ? "is not" : "is", null);
	for (const tag of query.tags) {
		select = select.where((eb) =>
			eb.exists(
				eb
					.selectFrom("model_tags")
					.select("model_tags.tag")
					.whereRef("model_tags.model_id", "=", "models.id")
					.where("model_tags.tag", "=", tag),
			),
		);
	}
	const providers = query.providers;
	if (providers !== undefined) {
		select = select.where((eb) => {
			let mapped = eb
				.selectFrom("provider_mappings")
				.select("provider_mappings.provider")
				.whereRef("provider_mappings.model_id", "=", "models.id");
			if (providers !== "all") mapped = mapped.where("provider_mappings.provider", "in", providers);
			return eb.exists(mapped);
		});
	}
	if (query.apps.length > 0) {
		select = select.where((eb) =>
			eb.exists(
				eb
					.selectFrom("model_apps")
					.select("model_apps.app")
					.whereRef("model_apps.model_id", "=", "models.id")
					.where("model_apps.app", "in", query.apps),
			),
		);
	}
	if (after && part === "unvalued") {
		select = select.where("models.id", query.descending ? "<" : ">", after.id);
	} else if (after && query.sort === "likes30d") {
		const before = query.descending ? "<" : ">";
		select = select.where((eb) => {
			const count = sortValue(eb, query);
			return eb.or([
				eb(count, before, after.value),
				eb.and([eb(count, "=", after.value), eb("models.id", before, after.id)]),
			]);
		});
	} else if (after) {
		select = select.where((eb) =>
			eb(eb.refTuple(`models.${column}`, "models.id"), query.descending ? "<" : ">", eb.tuple(after.value, after.id)),
		);
	}
	return select;
}

/**
 * A search whose term is common among the filtered models fills its page from
 * the first few hundred of them in sort order. So before anything else, the
 * first `probeRows` filtered models (read from the sort index: ids only)
 * are tested with the id condition, and only the page's matches are fetched.
 * The matches within a prefix of the order are a prefix of all matches, so a
 * full page is the right page; so is any answer when the filtered models number
 * fewer than the probe. Otherwise (a term rare among these models) undefined:
 * the caller asks the search index.
 */
async function probeSearch(
	db: Kysely<Database>,
	engine: DatabaseEngine,
	query: ModelListQuery,
	search: string,
	columns: ListColumn[],
	caller: Caller | undefined,
	walk: Walk,
	probeRows: number,
): Promise<ModelRow[] | undefined> {
	const direction = query.descending ? "desc" : "asc";
	const sortBy = (eb: ExpressionBuilder<Database, "models">) => sortValue(eb, query);
	const rows = (await searchProbeMatches(db, engine, {
		filtered: filtered(db, query, walk.after, walk.part),
		sortValue: sortBy,
		direction,
		probeRows,
		search,
		columns,
		selectLikes30d: query.sort === "likes30d",
		visible: visibleTo(caller),
		rows: walk.rows,
	})) as ModelRow[];
	if (rows.length >= walk.rows) return rows;
	const probed = filtered(db, query, walk.after, walk.part)
		.select("models.id")
		.orderBy(sortBy, direction)
		.orderBy("models.id", direction)
		.limit(probeRows);
	const counted = await db
		.selectFrom(probed.as("probed"))
		.select((eb) => eb.fn.countAll<number>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(counted.count) < probeRows ? rows : undefined;
}

/**
 * A page of rows with the given columns only. Typed as whole rows for the
 * renderer, which reads no other column for the keys they were chosen for
 * (`columnsFor`; model-view.test.ts checks the two agree).
 */
async function findPage(
	db: Kysely<Database>,
	engine: DatabaseEngine,
	query: ModelListQuery,
	columns: ListColumn[],
	caller: Caller | undefined,
	walk: Walk,
	probeRows: number,
): Promise<ModelRow[]> {
	if (query.search !== undefined) {
		const probed = await probeSearch(db, engine, query, query.search, columns, caller, walk, probeRows);
		if (probed) return probed;
	}
	const direction = query.descending ? "desc" : "asc";
	let select = filtered(db, query, walk.after, walk.part).select(columns).where(visibleTo(caller));
	if (query.sort === "likes30d") select = select.select((eb) => sortValue(eb, query).as("likes30d"));
	if (query.search !== undefined) {
		select = select.where(await idSearchCondition(db, engine, query.search));
		return (await rareSearchPage(db, engine, {
			matches: select,
			sortValue: (eb) => sortValue(eb, query),
			sortColumn: query.sort,
			direction,
			rows: walk.rows,
		})) as ModelRow[];
	}
	return (await select
		.orderBy((eb) => sortValue(eb, query), direction)
		.orderBy("models.id", direction)
		.limit(walk.rows)
		.execute()) as ModelRow[];
}

/**
 * The page's rows plus one (which tells whether a next page exists). A nullable
 * sort walks the models with a value first, then, if the page is not full yet,
 * those without one; a cursor whose value is null is already in the second part.
 */
async function findRows(
	deps: { db: Kysely<Database>; engine: DatabaseEngine; endpoints?: InferenceEndpoints },
	query: ModelListQuery,
	columns: ListColumn[],
	caller: Caller | undefined,
	after: CursorPosition | undefined,
	probeRows: number,
): Promise<ModelRow[]> {
	const wanted = query.limit + 1;
	const find = (walk: Walk) => findPage(deps.db, deps.engine, query, columns, caller, walk, probeRows);
	if (!NULLABLE_COLUMNS.has(query.sort)) return await find({ after, part: "all", rows: wanted });
	const inUnvalued = after !== undefined && after.value === null;
	const valued = inUnvalued ? [] : await find({ after, part: "valued", rows: wanted });
	if (valued.length >= wanted) return valued;
	const unvalued = await find({
		after: inUnvalued ? after : undefined,
		part: "unvalued",
		rows: wanted - valued.length,
	});
	return [...valued, ...unvalued];
}

export async function listModels(
	deps: { db: Kysely<Database>; engine: DatabaseEngine; endpoints?: InferenceEndpoints },
	query: ModelListQuery,
	caller: Caller | undefined,
	options: ListOptions = {},
): Promise<ModelListPage> {
	const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, query.sort);
	const keys = responseKeys(query);
	const needed = new Set([...columnsFor(keys), ...(query.sort === "likes30d" ? [] : [query.sort])]);
	// The cursor reads the sort column; file lists are found by the head commit.
	if (keys.includes("siblings") || keys.includes("usedStorage")) needed.add("sha");
	const columns = [...needed].map((column) => `models.${column}` as const);
	const probeRows = options.probeRows ?? SEARCH_PROBE_ROWS;
	const rows = await findRows(deps, query, columns, caller, after, probeRows);
	const page = rows.slice(0, query.limit);
	const mappings = keys.includes("inferenceProviderMapping")
		? await mappingsOf(deps.db, page, deps.endpoints)
		: new Map();
	const siblings =
		keys.includes("siblings") || keys.includes("usedStorage") ? await siblingsOf(deps.db, page) : new Map();
	const children = keys.includes("childrenModelCount")
		? await childrenModelCounts(
				deps.db,
				page.map((row) => row.id),
			)
		: new Map();
	const items = page.map((row) =>
		renderModel(row, keys, {
			mappingShape: "array",
			mappings: mappings.get(row.id) ?? [],
			siblings: siblings.get(row.sha) ?? [],
			children: children.get(row.id),
		}),
	);
	const last = page[page.length - 1];
	const nextCursor =
		rows.length > query.limit && last
			? encodeCursor({ value: cursorValue(query.sort, (last as Record<string, unknown>)[query.sort]), id: last.id })
			: undefined;
	return { items, nextCursor };
}

/**
 * The models' provider mappings, in preference order. A model the operator sent to an external
 * server (`endpoints`) that has no hf-inference mapping of its own gets one, first: the hub serves
 * its chat there (the file is the hub's own, so it is not stored in the database).
 */
export async function mappingsOf(
	db: Kysely<Database>,
	models: ModelRow[],
	endpoints?: InferenceEndpoints,
): Promise<Map<string, MappingRow[]>> {
	const byModel = await storedMappingsOf(db, models);
	if (!endpoints || endpoints.size === 0) return byModel;
	for (const { id } of models) {
		const stored = byModel.get(id) ?? [];
		if (!endpoints.match(id) || stored.some((row) => row.provider === LOCAL_PROVIDER)) continue;
		const served: MappingRow = {
			model_id: id,
			position: -1,
			provider: LOCAL_PROVIDER,
			provider_id: id,
			task: ENDPOINT_TASK,
			status: "live",
			adapter: null,
			adapter_weights_path: null,
		};
		byModel.set(id, [served, ...stored]);
	}
	return byModel;
}

/** The task of a mapped model's hf-inference entry: served on the chat route (and completions), as a GGUF model is. */
const ENDPOINT_TASK = "conversational";

async function storedMappingsOf(db: Kysely<Database>, models: ModelRow[]): Promise<Map<string, MappingRow[]>> {
	const byModel = new Map<string, MappingRow[]>();
	if (models.length === 0) return byModel;
	const rows = await db
		.selectFrom("provider_mappings")
		.selectAll()
		.where(
			"model_id",
			"in",
			models.map((model) => model.id),
		)
		.orderBy("model_id")
		.orderBy("position")
		.execute();
	for (const row of rows) byModel.set(row.model_id, [...(byModel.get(row.model_id) ?? []), row]);
	return byModel;
}

/** One commit's files with their ids (`blobs=true`), sorted by path. */
export async function siblingsWithBlobs(db: Kysely<Database>, sha: string): Promise<Map<string, SiblingRow[]>> {
	const snapshot = await commitSnapshot(db, sha);
	const files = [...snapshot.files.values()].sort((left, right) => comparePaths(left.path, right.path));
	const rows = files.map((file) => ({
		path: file.path,
		size: file.size,
		blob: { gitOid: file.gitOid, sha256: file.blobSha256 },
	}));
	return new Map([[sha, rows]]);
}

export async function siblingsOf(db: Kysely<Database>, models: { sha: string }[]): Promise<Map<string, SiblingRow[]>> {
	const byCommit = new Map<string, SiblingRow[]>();
	if (models.length === 0) return byCommit;
	const files = await filesOfCommits(
		db,
		models.map((model) => model.sha),
	);
	for (const [sha, list] of files) byCommit.set(sha, list);
	return byCommit;
}
