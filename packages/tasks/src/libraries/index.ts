import type { ModelData } from "../model-data.js";
import { toModelData } from "../model-record.js";
import { LIBRARY_FACTS, type LibraryFacts, type ModelLibraryKey } from "./catalogue.js";
import { LIBRARY_SNIPPETS } from "./snippets/index.js";
import type { LibraryEntry } from "./types.js";

export type { LibraryFacts, ModelLibraryKey } from "./catalogue.js";
export { countsAsDownload, DEFAULT_DOWNLOAD_QUERY, type DownloadQuery, parseDownloadQuery } from "./download-query.js";
export type { LibraryEntry, LibrarySnippet, SnippetGenerator, SnippetLanguage } from "./types.js";

/** Every model library: its facts, and its snippet generator where it has one. */
export const MODEL_LIBRARIES = Object.fromEntries(
	(Object.entries(LIBRARY_FACTS) as [ModelLibraryKey, LibraryFacts][]).map(([key, facts]) => {
		const generate = LIBRARY_SNIPPETS[key];
		// Generators trust ModelData's types; the record is checked once, here.
		return [key, generate ? { ...facts, snippets: (model: ModelData) => generate(toModelData(model)) } : { ...facts }];
	}),
) as Record<ModelLibraryKey, LibraryEntry>;

/** Every library key, in catalogue order. */
export const LIBRARY_KEYS = Object.keys(LIBRARY_FACTS) as ModelLibraryKey[];

/** The libraries offered as a filter on the model listing. */
export const FILTERABLE_LIBRARY_KEYS = LIBRARY_KEYS.filter((key) => MODEL_LIBRARIES[key].filter);

export function isModelLibraryKey(value: unknown): value is ModelLibraryKey {
	return typeof value === "string" && Object.hasOwn(LIBRARY_FACTS, value);
}
