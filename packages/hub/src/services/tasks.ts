/**
 * `GET /api/tasks`: the task catalogue keyed by pipeline tag. Clients read
 * `widgetModels[0]` (default model) and `models[0].id`; the rest is the task
 * page from @hubkit/tasks. For a task this hub can run itself, a model it runs
 * (a live hf-inference mapping, public and not gated) comes first in both
 * lists and is named in `localModel`, so a call without a model runs something
 * real; for the others `localModel` is null and the page's lists are as written.
 */
import { TASKS_DATA, type TaskData } from "@hubkit/tasks";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export interface TaskEntry extends TaskData {
	/** A model this hub runs for the task (first in `models` and `widgetModels`), or null when it runs none. */
	localModel: string | null;
	/** Why the hub runs no model for the task, where that is worth saying (chat: no model ships with it). */
	localNote?: string;
}

/** Tasks whose local engine is installed but whose models never ship with the hub. */
const NO_LOCAL_MODEL_NOTES: Partial<Record<string, string>> = {
	"text-generation":
		"No chat model ships with this hub: GGUF models run here with llama.cpp (and ONNX text-generation folders with transformers.js), and none is in any package the registries serve. Import one (a .gguf file, or an ONNX folder, in a model repository) to chat with it or complete text.",
};

/** Shown for a model the hub runs that the task page does not list. */
export const LOCAL_MODEL_DESCRIPTION =
	"Runs on this hub's own CPU (hf-inference): no provider key, nothing downloaded.";

let pages: [string, TaskData][] | undefined;

/** The task pages: constant, so gathered once. */
function taskPages(): [string, TaskData][] {
	pages ??= Object.entries(TASKS_DATA).filter((entry): entry is [string, TaskData] => entry[1] !== undefined);
	return pages;
}

/** Task → the most downloaded public, ungated model with a live hf-inference mapping for it. */
async function localModels(db: Kysely<Database>): Promise<Map<string, string>> {
	const rows = await db
		.selectFrom("provider_mappings")
		.innerJoin("models", "models.id", "provider_mappings.model_id")
		.select(["models.id", "models.pipeline_tag", "provider_mappings.task"])
		.where("provider_mappings.provider", "=", "hf-inference")
		.where("provider_mappings.status", "=", "live")
		.where("models.private", "=", 0)
		.where("models.gated", "is", null)
		.orderBy("models.downloads", "desc")
		.orderBy("models.id")
		.execute();
	const byTask = new Map<string, string>();
	for (const row of rows) {
		// A chat mapping serves the model's own task page (text-generation, image-text-to-text).
		const task = row.task === "conversational" ? row.pipeline_tag : row.task;
		if (task && !byTask.has(task)) byTask.set(task, row.id);
	}
	return byTask;
}

function withLocalModel(page: TaskData, id: string | undefined, local: boolean): TaskEntry {
	if (id === undefined) {
		const note = local ? NO_LOCAL_MODEL_NOTES[page.id] : undefined;
		return note === undefined ? { ...page, localModel: null } : { ...page, localModel: null, localNote: note };
	}
	const listed = page.models.find((entry) => entry.id === id);
	return {
		...page,
		models: [listed ?? { id, description: LOCAL_MODEL_DESCRIPTION }, ...page.models.filter((entry) => entry.id !== id)],
		widgetModels: [id, ...page.widgetModels.filter((widgetModel) => widgetModel !== id)],
		localModel: id,
	};
}

/** `local`: whether this hub runs models itself (a local runtime is attached to its router). */
export async function taskCatalogue(db: Kysely<Database>, local: boolean): Promise<Record<string, TaskEntry>> {
	const runnable = local ? await localModels(db) : new Map<string, string>();
	return Object.fromEntries(taskPages().map(([tag, page]) => [tag, withLocalModel(page, runnable.get(tag), local)]));
}
