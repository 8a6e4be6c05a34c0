/**
 * The model listing: filters, visibility, keyset pagination over (sort column,
 * id), and the extra rows (mappings, files) the requested keys need, fetched
 * for the whole page in one query each.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { DatabaseEngine } from "../db/engine.js";
import type { Database } from "../db/schema.js";
import { idSearchCondition } from "../db/search-index.js";
import { type CursorPosition, decodeCursor, encodeCursor } from "./model-cursor.js";
import type { ExpandableKey } from "./model-fields.js";
import type { ModelListQuery } from "./model-list-query.js";
import { LIST_DEFAULT_KEYS, LIST_FULL_KEYS, type MappingRow, renderModel, type SiblingRow } from "./model-view.js";
import type { ModelRow } from "./repo-access.js";

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

async function findPage(
	db: Kysely<Database>,
	engine: DatabaseEngine,
	query: ModelListQuery,
	caller: Caller | undefined,
	after: CursorPosition | undefined,
): Promise<ModelRow[]> {
	const direction = query.descending ? "desc" : "asc";
	let select = db.selectFrom("models").selectAll("models");
	select = select.where((eb) =>
		caller
			? eb.or([
					eb("models.private", "=", 0),
					eb("models.author", "=", caller.userName),
					eb("models.owner", "=", caller.userName),
				])
			: eb("models.private", "=", 0),
	);
	if (query.search !== undefined) select = select.where(await idSearchCondition(db, engine, query.search));
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
	if (after) {
		select = select.where((eb) =>
			eb(
				eb.refTuple(`models.${query.sort}`, "models.id"),
				query.descending ? "<" : ">",
				eb.tuple(after.value, after.id),
			),
		);
	}
	return await select
		.orderBy(`models.${query.sort}`, direction)
		.orderBy("models.id", direction)
		.limit(query.limit + 1)
		.execute();
}

export async function listModels(
	deps: { db: Kysely<Database>; engine: DatabaseEngine },
	query: ModelListQuery,
	caller: Caller | undefined,
): Promise<ModelListPage> {
	const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, query.sort);
	const rows = await findPage(deps.db, deps.engine, query, caller, after);
	const page = rows.slice(0, query.limit);
	const keys = responseKeys(query);
	const mappings = keys.includes("inferenceProviderMapping") ? await mappingsOf(deps.db, page) : new Map();
	const siblings =
		keys.includes("siblings") || keys.includes("usedStorage") ? await siblingsOf(deps.db, page) : new Map();
	const items = page.map((row) =>
		renderModel(row, keys, {
			mappingShape: "array",
			mappings: mappings.get(row.id) ?? [],
			siblings: siblings.get(row.sha) ?? [],
		}),
	);
	const last = page[page.length - 1];
	const nextCursor =
		rows.length > query.limit && last ? encodeCursor({ value: last[query.sort], id: last.id }) : undefined;
	return { items, nextCursor };
}

export async function mappingsOf(db: Kysely<Database>, models: ModelRow[]): Promise<Map<string, MappingRow[]>> {
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

export async function siblingsOf(db: Kysely<Database>, models: { sha: string }[]): Promise<Map<string, SiblingRow[]>> {
	const byCommit = new Map<string, SiblingRow[]>();
	if (models.length === 0) return byCommit;
	const rows = await db
		.selectFrom("commit_files")
		.select(["commit_sha", "path", "size"])
		.where(
			"commit_sha",
			"in",
			models.map((model) => model.sha),
		)
		.orderBy("commit_sha")
		.orderBy("path")
		.execute();
	for (const row of rows) {
		const list = byCommit.get(row.commit_sha) ?? [];
		list.push({ path: row.path, size: row.size });
		byCommit.set(row.commit_sha, list);
	}
	return byCommit;
}
