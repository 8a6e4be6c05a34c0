/**
 * Facts the hub works out from a model record when the record is written and
 * keeps in columns, so listings can filter and sort on them with an index:
 * which local apps can run the model, and its parameter count. Both the seed
 * loader and the migration that filled them in for existing models call these,
 * so a model gets the same answer whichever way it arrived.
 */
import { LOCAL_APP_KEYS, LOCAL_APPS, type LocalAppKey, toModelData } from "@hubkit/tasks";

/** The parts of a record the local apps' rules read; JSON columns parsed, file paths as `siblings`. */
export interface AppRecord {
	id: string;
	tags: unknown;
	pipeline_tag: string | null | undefined;
	library_name: string | null | undefined;
	config: unknown;
	cardData: unknown;
	/** Repository paths of the `main` head. */
	paths: readonly string[];
}

/** Keys of the local apps whose `displayOnModelPage` accepts the model, in catalogue order. */
export function localAppsOf(record: AppRecord): LocalAppKey[] {
	const model = toModelData({
		id: record.id,
		tags: record.tags,
		pipeline_tag: record.pipeline_tag ?? undefined,
		library_name: record.library_name ?? undefined,
		config: record.config,
		cardData: record.cardData,
		siblings: record.paths.map((path) => ({ rfilename: path })),
	});
	return LOCAL_APP_KEYS.filter((key) => LOCAL_APPS[key].displayOnModelPage(model));
}

/** The parameter count the model's metadata states (GGUF `total`), when it states a plausible one. */
export function parameterCountOf(config: unknown): number | null {
	const gguf = isObject(config) ? config.gguf : undefined;
	const total = isObject(gguf) ? gguf.total : undefined;
	return typeof total === "number" && Number.isSafeInteger(total) && total > 0 ? total : null;
}

/** JSON text from a column, or null when absent or not JSON (a bad value must not stop a write). */
export function parsedJson(text: string | null): unknown {
	if (text === null) return null;
	try {
		return JSON.parse(text);
	} catch {
		return null;
	}
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
