/**
 * Download counting. For a model, only fetches of the files a library's rule
 * names (its `countsAsDownload` query: `config.json` for most, the weights file
 * for some) count, so a client that pulls ten shards and a tokenizer counts once.
 * A dataset has no library to say which file is "the" data, so every fetched
 * file counts except the two a page or client reads without taking the data:
 * the card (`README.md`) and `.gitattributes`.
 */
import { countsAsDownload } from "@hubkit/tasks";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { forgetModelInfo } from "./model-info-cache.js";
import type { Repo } from "./repos.js";

/** Files of a dataset whose fetch is not a download of its data. */
const DATASET_METADATA_FILES: ReadonlySet<string> = new Set(["README.md", ".gitattributes"]);

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

/** Counts a fetch of `path` from a model or dataset by its type's rule (above); returns whether it counted. */
export async function recordRepoFileFetch(db: Kysely<Database>, repo: Repo, path: string): Promise<boolean> {
	if (repo.type === "model") return recordFileFetch(db, { id: repo.id, libraryName: repo.libraryName }, path);
	if (DATASET_METADATA_FILES.has(path)) return false;
	await db.updateTable("datasets").set({ downloads: sql`downloads + 1` }).where("id", "=", repo.id).execute();
	return true;
}
