/**
 * One dataset, at a revision: `GET /api/datasets/{id}[/revision/{rev}]`. The old id of a
 * renamed dataset the caller may see answers `{ movedTo }` (the route makes it a 307).
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { Database } from "../db/schema.js";
import { repoNotFound } from "../errors.js";
import { DATASET_INFO_KEYS, type DatasetKey, renderDataset } from "./dataset-view.js";
import { siblingsOf, siblingsWithBlobs } from "./model-list.js";
import { resolveRevision } from "./repo-access.js";
import { findVisibleOrMoved } from "./repo-redirect.js";

export async function datasetInfo(
	db: Kysely<Database>,
	id: string,
	options: {
		revision: string | undefined;
		expand: DatasetKey[] | undefined;
		caller: Caller | undefined;
		/** Siblings with size, blob id and LFS facts (`blobs=true`). */
		blobs?: boolean;
	},
): Promise<Record<string, unknown> | { movedTo: string }> {
	const repo = await findVisibleOrMoved(db, "dataset", id, options.caller);
	if ("movedTo" in repo) return repo;
	const row = await db.selectFrom("datasets").selectAll().where("id", "=", repo.id).executeTakeFirst();
	// Deleted between the two reads: answered as any missing dataset.
	if (!row) throw repoNotFound(id, options.caller !== undefined);
	const keys = options.expand ?? DATASET_INFO_KEYS;
	const sha = options.revision === undefined ? row.sha : await resolveRevision(db, repo.key, options.revision);
	const wanted = keys.includes("siblings") || keys.includes("usedStorage");
	const siblings = wanted ? await (options.blobs ? siblingsWithBlobs(db, sha) : siblingsOf(db, [{ sha }])) : undefined;
	return renderDataset(row, keys, { sha, siblings: siblings?.get(sha) ?? [] });
}
