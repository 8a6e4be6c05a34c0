/**
 * `GET /api/tasks`: the task catalogue keyed by pipeline tag. Clients read
 * `widgetModels[0]` (default model) and `models[0].id`; the rest is the task
 * page from @hubkit/tasks. For a task this hub can run itself, a model it runs
 * (a live hf-inference mapping, public and not gated) comes first in both
 * lists and is named in `localModel`, so a call without a model runs something
 * real; for the others `localModel` is null and the page's lists are as written.
 */

import { CHECKS } from "@hubkit/runtime";
import { PIPELINE_DATA, type PipelineType, TASKS_DATA, type TaskData } from "@hubkit/tasks";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export interface TaskEntry extends TaskData {
	/** A model this hub runs for the task (first in `models` and `widgetModels`), or null when it runs none. */
	localModel: string | null;
	/**
	 * For a task the local runtime serves but no model of this hub runs: one line saying what a
	 * person adds to try it here (an ONNX folder, or a GGUF file for text generation).
	 */
	localNote?: string;
}

/** What to add to try a task the runtime serves, when no model ships for it; text generation also runs GGUF. */
export function localModelNote(task: string): string {
	if (task === "text-generation") {
		return "No text-generation model ships with this hub: add a model repository holding a GGUF file (llama.cpp) or an ONNX text-generation folder (transformers.js) to try one here.";
	}
	const label = Object.hasOwn(PIPELINE_DATA, task) ? PIPELINE_DATA[task as PipelineType].name : task;
	return `No ${label.toLowerCase()} model ships with this hub: add a model repository holding an ONNX folder for the task (transformers.js layout: config.json, tokenizer files, onnx/model.onnx) to try one here.`;
}

let served: Set<string> | undefined;

/** Tasks the local runtime has an engine for, whatever models the hub holds (GGUF models are text generation). */
function servedTasks(): Set<string> {
	served ??= new Set([...Object.keys(CHECKS), "text-generation"]);
	return served;
}

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
		return local && servedTasks().has(page.id)
			? { ...page, localModel: null, localNote: localModelNote(page.id) }
			: { ...page, localModel: null };
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
