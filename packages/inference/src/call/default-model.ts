/** The hub's default model per task (`GET {hubUrl}/api/tasks`), fetched once per hub. */
import { HF_HUB_URL } from "../config.js";
import { InferenceClientHubApiError, InferenceClientInputError, redactRequest } from "../errors.js";
import type { InferenceTask, Options } from "../types.js";
import { fetchOrAbort, readBody } from "./http.js";
import { type SharedLookup, sharedLookup } from "./shared.js";

const taskCache = new Map<string, SharedLookup<Record<string, unknown>>>();

/** Forgets the cached task lists (tests). */
export function clearDefaultModelCache(): void {
	taskCache.clear();
}

async function fetchTasks(hubUrl: string, options: Options, signal: AbortSignal): Promise<Record<string, unknown>> {
	const url = `${hubUrl}/api/tasks`;
	const response = await fetchOrAbort(options.fetch ?? fetch, url, {}, signal);
	const body = await readBody(response, signal);
	if (!response.ok || !body || typeof body !== "object" || Array.isArray(body)) {
		throw new InferenceClientHubApiError("Failed to fetch the default models of the tasks", redactRequest(url, {}), {
			status: response.status,
			body,
		});
	}
	return body as Record<string, unknown>;
}

export async function getDefaultModel(task: InferenceTask, options: Options): Promise<string> {
	const hubUrl = (options.hubUrl ?? HF_HUB_URL).replace(/\/+$/, "");
	let tasks = taskCache.get(hubUrl);
	if (!tasks) {
		const lookup = sharedLookup(
			(signal) => fetchTasks(hubUrl, options, signal),
			() => forget(hubUrl, lookup),
		);
		taskCache.set(hubUrl, lookup);
		lookup.promise.catch(() => forget(hubUrl, lookup));
		tasks = lookup;
	}
	const entry = (await tasks.wait(options.signal))[task] as { widgetModels?: unknown } | undefined;
	const widgetModel = Array.isArray(entry?.widgetModels)
		? entry.widgetModels.find((id) => typeof id === "string" && id)
		: undefined;
	if (typeof widgetModel === "string") return widgetModel;
	throw new InferenceClientInputError(`No default model defined for the task ${task}`);
}

function forget(hubUrl: string, lookup: SharedLookup<Record<string, unknown>>): void {
	if (taskCache.get(hubUrl) === lookup) taskCache.delete(hubUrl);
}
