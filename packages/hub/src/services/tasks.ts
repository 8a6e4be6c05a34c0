/**
 * `GET /api/tasks`: the task catalogue keyed by pipeline tag. Clients read
 * `widgetModels[0]` (default model) and `models[0].id`; the rest is the task
 * page from @hubkit/tasks. Built once: the catalogue is constant.
 */
import { TASKS_DATA, type TaskData } from "@hubkit/tasks";

let cached: Record<string, TaskData> | undefined;

export function taskCatalogue(): Record<string, TaskData> {
	cached ??= Object.fromEntries(
		Object.entries(TASKS_DATA).filter((entry): entry is [string, TaskData] => entry[1] !== undefined),
	);
	return cached;
}
