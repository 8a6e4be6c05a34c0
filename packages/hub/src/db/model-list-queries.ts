/**
 * The model listing's queries whose best form differs by engine, one function
 * each. services/model-list.ts decides what a page is (filters, visibility,
 * order, cursor) and hands the built parts here; these choose how each engine
 * runs them fast.
 */
import type { AliasableExpression, ExpressionBuilder, Kysely, SelectQueryBuilder } from "kysely";
import { sql } from "kysely";
import type { DatabaseEngine } from "./engine.js";
import type { Database, ModelsTable } from "./schema.js";
import { idLike, type ModelsCondition, modelRowKey } from "./search-index.js";

type ModelsSelect = SelectQueryBuilder<Database, "models", object>;
type SortValue = (eb: ExpressionBuilder<Database, "models">) => AliasableExpression<unknown>;
type Direction = "asc" | "desc";

export interface SearchProbe {
	/** The filtered models (filters and cursor applied, nothing selected yet). */
	filtered: ModelsSelect;
	sortValue: SortValue;
	direction: Direction;
	/** How many models of the order the probe reads. */
	probeRows: number;
	search: string;
	columns: `models.${keyof ModelsTable}`[];
	/** Also select the sort value as `likes30d` (the order by recent likes: no column holds it). */
	selectLikes30d: boolean;
	visible: ModelsCondition;
	rows: number;
}

/**
 * Among the first `probeRows` filtered models in sort order (read from the sort index: ids only),
 * the first `rows` the caller may see whose id contains the term, with their columns.
 */
export async function searchProbeMatches(
	db: Kysely<Database>,
	engine: DatabaseEngine,
	probe: SearchProbe,
): Promise<Record<string, unknown>[]> {
	const { direction, sortValue } = probe;
	// On PostgreSQL the row key is the id itself, and it must be selected once only: then the
	// planner sees that the probe already comes in the page's order, reads it through the join
	// and stops at the page's last match. Given a second copy of the id to join on, it no longer
	// matches the order to the probe's, and joins and sorts every match among the probe rows.
	const rowKey = engine === "postgres" ? "probe.probe_id" : "probe.probe_key";
	const prefix = probe.filtered
		.select((eb) => [
			...(engine === "postgres" ? [] : [modelRowKey(engine).as("probe_key")]),
			"models.id as probe_id",
			sortValue(eb).as("probe_sort"),
		])
		.orderBy((eb) => sortValue(eb), direction)
		.orderBy("models.id", direction)
		.limit(probe.probeRows);
	return await db
		.selectFrom(prefix.as("probe"))
		.innerJoin("models", (join) => join.on((eb) => eb(modelRowKey(engine), "=", eb.ref(rowKey))))
		.select(probe.columns)
		.$if(probe.selectLikes30d, (select) => select.select("probe.probe_sort as likes30d"))
		// The id test first: it reads the probe's own column, so only matches are looked up in `models`.
		.where((eb) => idLike(engine, eb.ref("probe.probe_id"), probe.search))
		.where(probe.visible)
		.orderBy("probe.probe_sort", direction)
		.orderBy("probe.probe_id", direction)
		.limit(probe.rows)
		.execute();
}

export interface SearchPage {
	/** The matches: filters, visibility and the id search applied, the page's columns selected. */
	matches: SelectQueryBuilder<Database, "models", Record<string, unknown>>;
	sortValue: SortValue;
	/** The selected column the matches sort by (`likes30d` when that is the order). */
	sortColumn: string;
	direction: Direction;
	rows: number;
}

/** The first `rows` matches of a search the probe found rare among the first models in sort order. */
export async function rareSearchPage(
	db: Kysely<Database>,
	engine: DatabaseEngine,
	page: SearchPage,
): Promise<Record<string, unknown>[]> {
	const { direction, sortValue } = page;
	if (engine === "postgres") {
		// Walking the sort index would read far past the first models, where the term is rare.
		// PostgreSQL's planner cannot know that (it takes the term and the filters as independent)
		// and picks the walk; the OFFSET 0 fence makes it find the matches from the trigram and
		// filter indexes instead, then sort only those.
		return await db
			.selectFrom(page.matches.offset(0).as("matches"))
			.selectAll()
			.orderBy(sql.ref(`matches.${page.sortColumn}`), direction)
			.orderBy("matches.id", direction)
			.limit(page.rows)
			.execute();
	}
	return await page.matches
		.orderBy((eb) => sortValue(eb), direction)
		.orderBy("models.id", direction)
		.limit(page.rows)
		.execute();
}
