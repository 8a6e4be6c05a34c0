/**
 * The one place where SQLite and PostgreSQL differ: the substring index behind
 * `GET /api/models?search=`. SQLite gets an FTS5 table with the trigram
 * tokenizer (kept in step with `models` by triggers); PostgreSQL gets a pg_trgm
 * GIN index on `models.id`. Both answer "id contains this text, any case" from
 * the index for queries of three or more characters; shorter ones fall back to
 * a scan with LIKE, which the trigram indexes cannot serve.
 */
import { type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { DatabaseEngine } from "./engine.js";
import type { Database } from "./schema.js";

/** PostgreSQL's trigram index on `models.id` (pg_trgm). */
export const POSTGRES_SEARCH_INDEX = {
	name: "models_id_trgm",
	definition: "CREATE INDEX models_id_trgm ON models USING gin (id gin_trgm_ops)",
};

/**
 * PostgreSQL's trigram index within a task (migration 0014): `btree_gin` lets one GIN index
 * hold the task and the id's trigrams, so a term rare among a task's models is answered from
 * the index alone. Made only where the server offers `btree_gin`.
 */
export const POSTGRES_TASK_SEARCH_INDEX = {
	name: "models_pipeline_id_trgm",
	definition: "CREATE INDEX models_pipeline_id_trgm ON models USING gin (pipeline_tag, id gin_trgm_ops)",
};

/** Whether `btree_gin` is installed in this database (then the task search index is expected). */
export async function hasBtreeGin(db: Kysely<Database>): Promise<boolean> {
	const rows = await sql<{ found: boolean }>`
		SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') AS found`.execute(db);
	return rows.rows[0]?.found === true;
}

export async function createTaskSearchIndex(db: Kysely<unknown>): Promise<void> {
	const available = await sql<{ found: boolean }>`
		SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'btree_gin') AS found`.execute(db);
	if (available.rows[0]?.found !== true) return;
	await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
	await sql.raw(POSTGRES_TASK_SEARCH_INDEX.definition).execute(db);
}

/**
 * SQLite's triggers that keep `models_search` in step with `models`, by name.
 * db/index-check.ts builds them again (after refilling the table) when missing.
 */
export const SQLITE_SEARCH_TRIGGERS: Record<string, string> = {
	models_search_insert: `CREATE TRIGGER models_search_insert AFTER INSERT ON models BEGIN
		INSERT INTO models_search (rowid, id) VALUES (new.rowid, new.id);
	END`,
	models_search_delete: `CREATE TRIGGER models_search_delete AFTER DELETE ON models BEGIN
		DELETE FROM models_search WHERE rowid = old.rowid;
	END`,
};

export async function createSearchIndex(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
	if (engine === "postgres") {
		await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
		await sql.raw(POSTGRES_SEARCH_INDEX.definition).execute(db);
		return;
	}
	await sql`CREATE VIRTUAL TABLE models_search USING fts5(id, tokenize = 'trigram')`.execute(db);
	for (const definition of Object.values(SQLITE_SEARCH_TRIGGERS)) await sql.raw(definition).execute(db);
}

/**
 * Brings the search index up to date with `models` after writes that ran
 * without its triggers (a bulk load, or triggers found missing at start-up).
 * PostgreSQL's index rebuilds with the others.
 */
export async function fillSearchIndex(db: Kysely<Database>, engine: DatabaseEngine): Promise<void> {
	if (engine === "postgres") return;
	await sql`DELETE FROM models_search`.execute(db);
	await sql`INSERT INTO models_search (rowid, id) SELECT rowid, id FROM models`.execute(db);
}

/** `%`, `_` and the escape character itself, escaped for `LIKE … ESCAPE '\'`. */
function likePattern(text: string): string {
	return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** FTS matches from which a term counts as common (see idSearchCondition). */
export const COMMON_TERM_MATCHES = 2000;

export type ModelsCondition = (eb: ExpressionBuilder<Database, "models">) => Expression<SqlBool>;

/**
 * The condition `idContains` would give, chosen for speed on SQLite. A rare term
 * is best answered from the FTS index (few matches to look up). A common one is
 * not: materialising tens of thousands of FTS matches costs more than walking the
 * sort index and testing each id with LIKE until a page is full, which is what
 * the planner does with a plain LIKE. One capped FTS count tells the two apart.
 */
export async function idSearchCondition(
	db: Kysely<Database>,
	engine: DatabaseEngine,
	text: string,
	commonFrom = COMMON_TERM_MATCHES,
): Promise<ModelsCondition> {
	if (engine === "postgres" || [...text].length < 3) return (eb) => idContains(engine, eb, text);
	const counted = await sql<{ matches: number }>`SELECT count(*) AS matches FROM (
		SELECT rowid FROM models_search WHERE models_search MATCH ${ftsPhrase(text)} LIMIT ${commonFrom}
	)`.execute(db);
	if (Number(counted.rows[0]?.matches ?? 0) < commonFrom) return (eb) => idContains(engine, eb, text);
	return (eb) => idLike(engine, eb.ref("models.id"), text);
}

function ftsPhrase(text: string): string {
	return `"${text.replace(/"/g, '""')}"`;
}

/**
 * `column` (a model id) contains `text`, ignoring case, tested on the value
 * itself: for ids a query already holds, where no index is needed.
 */
export function idLike(engine: DatabaseEngine, column: Expression<string>, text: string): Expression<SqlBool> {
	const pattern = likePattern(text);
	return engine === "postgres"
		? sql<SqlBool>`${column} ILIKE ${pattern} ESCAPE '\\'`
		: sql<SqlBool>`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/**
 * The cheapest key to find a `models` row by again: SQLite's rowid (one B-tree
 * search, where the text primary key takes two), PostgreSQL's primary key.
 */
export function modelRowKey(engine: DatabaseEngine): RawBuilder<string | number> {
	return engine === "sqlite" ? sql<number>`models.rowid` : sql<string>`models.id`;
}

/** A WHERE condition on `models`: the id contains `text`, ignoring case. */
export function idContains(
	engine: DatabaseEngine,
	eb: ExpressionBuilder<Database, "models">,
	text: string,
): Expression<SqlBool> {
	// PostgreSQL's trigram index serves ILIKE itself. SQLite's FTS cannot serve terms under three
	// characters; its LIKE ignores ASCII case by default.
	if (engine === "postgres" || [...text].length < 3) return idLike(engine, eb.ref("models.id"), text);
	return sql<SqlBool>`models.rowid IN (SELECT rowid FROM models_search WHERE models_search MATCH ${ftsPhrase(text)})`;
}
