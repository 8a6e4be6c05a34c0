/** The hub's default model per task (`GET {hubUrl}/api/tasks`), fetched once per hub. */
import { HF_HUB_URL } from "../config.js";
import { InferenceClientHubApiError, InferenceClientInputError, redactRequest } from "../errors.js";
import type { InferenceTask, Options } from "../types.js";
import { readBody } from "./http.js";

const taskCache = new Map<string, Promise<Record<string, unknown>>>();

export async function getDefaultModel(task: InferenceTask, options: Options): Promise<string> {
	const hubUrl = (options.hubUrl ?? HF_HUB_URL).replace(/\/+$/, "");
	let tasks = taskCache.get(hubUrl);
	if (!tasks) {
		const url = `${hubUrl}/api/tasks`;
		tasks = (async () => {
			const response = await (options.fetch ?? fetch)(url, { signal: options.signal });
			const body = await readBody(response);
			if (!response.ok || !body || typeof body !== "object") {
				throw new InferenceClientHubApiError(
					"Failed to fetch the default models of the tasks",
					redactRequest(url, {}),
					{
						status: response.status,
						body,
					},
				);
			}
			return body as Record<string, unknown>;
		})();
		taskCache.set(hubUrl, tasks);
		tasks.catch(() => taskCache.delete(hubUrl));
	}
	const entry = (await tasks)[task] as { widgetModels?: unknown; models?: { id?: unknown }[] } | undefined;
	const widgetModel = Array.isArray(entry?.widgetModels)
		? entry.widgetModels.find((id) => typeof id === "string" && id)
		: undefined;
	if (typeof widgetModel === "string") return widgetModel;
	throw new InferenceClientInputError(`No default model defined for the task ${task}`);
}
