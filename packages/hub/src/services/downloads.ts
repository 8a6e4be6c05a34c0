/**
 * Download counting. Only fetches of the files a library's rule names (its
 * `countsAsDownload` query: `config.json` for most, the weights file for some)
 * count, so a client that pulls ten shards and a tokenizer counts once.
 */
import { countsAsDownload } from "@hubkit/tasks";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { forgetModelInfo } from "./model-info-cache.js";

export async function incrementDownloads(db: Kysely<Database>, repoId: string): Promise<void> {
	await db.updateTable("models").set({ downloads: sql`downloads + 1` }).where("id", "=", repoId).execute();
	forgetModelInfo(db, repoId);
}

/** Counts a fetch of `path` from the model when its library's rule says so; returns whether it counted. */
export async function recordFileFetch(
	db: Kysely<Database>,
	model: { id: string; libraryName: string | null },
	path: string,
): Promise<boolean> {
	if (!countsAsDownload(model.libraryName ?? undefined, path)) return false;
	await incrementDownloads(db, model.id);
	return true;
}
