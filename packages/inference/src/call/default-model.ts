/**
 * The hub's default model per task: the first of the task's models in
 * `GET {hubUrl}/api/tasks`, the list fetched once per hub.
 */
import { HF_HUB_URL } from "../config.js";
import { InferenceClientHubApiError, InferenceClientInputError, redactRequest } from "../errors.js";
import { fetchOrAbort, readBody } from "../lib/http.js";
import { type SharedLookup, sharedLookup } from "../lib/shared-lookup.js";
import type { InferenceTask, Options } from "../types.js";

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
	const entry = (await tasks.wait(options.signal))[task] as { models?: unknown } | undefined;
	const first = Array.isArray(entry?.models) ? (entry.models[0] as { id?: unknown } | undefined) : undefined;
	if (typeof first?.id === "string" && first.id) return first.id;
	throw new InferenceClientInputError(`No default model defined for the task ${task}`);
}

function forget(hubUrl: string, lookup: SharedLookup<Record<string, unknown>>): void {
	if (taskCache.get(hubUrl) === lookup) taskCache.delete(hubUrl);
}
