/**
 * Version 14 (PostgreSQL only): a GIN index on (pipeline_tag, id trigrams), so a search whose
 * term is rare among one task's models finds its matches inside the index instead of fetching
 * every row the term matches in any task to test its task (80 ms → 1.4 ms at 1,000,000 models,
 * bench/HISTORY.md). It needs `btree_gin` (Debian's postgresql-15 ships it; trusted, so the
 * hub's own user may create it); a server without it keeps the plain trigram index, which
 * gives the same answers, more slowly. SQLite's probe and FTS table need nothing.
 */
import type { Kysely, Migration } from "kysely";
import type { DatabaseEngine } from "../engine.js";
import { createTaskSearchIndex } from "../search-index.js";

export function postgresSearchByTaskMigration(engine: DatabaseEngine): Migration {
	return {
		async up(db: Kysely<unknown>) {
			if (engine === "postgres") await createTaskSearchIndex(db);
		},
	};
}
