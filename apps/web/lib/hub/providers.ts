/**
 * What the widgets and the inference panel read from the hub, on the server, per
 * request like every hub call: `GET /api/providers` with each provider's kind and
 * tasks (model-serving.ts reads a model's mapping against it), and the model
 * `GET /api/tasks` names as the one this hub runs itself for a task (or, when it
 * runs none, what a person adds to try the task). Both are the same for everyone:
 * no cookie goes with them.
 */
import "server-only";
import type { ProviderSummary } from "../model-serving";
import { readPublic } from "./fetch";

const KINDS = new Set(["remote", "local", "client-only"]);

/** The providers of a `GET /api/providers` answer, entries of another shape dropped; undefined when it is no list. */
export function providerSummariesOf(body: unknown): ProviderSummary[] | undefined {
	if (!Array.isArray(body)) return undefined;
	return body.flatMap((item): ProviderSummary[] => {
		const entry = item as Partial<ProviderSummary> | null;
		if (typeof entry?.id !== "string" || !KINDS.has(entry.kind as string)) return [];
		return [
			{
				id: entry.id,
				kind: entry.kind as ProviderSummary["kind"],
				configured: entry.configured === true,
				tasks: Array.isArray(entry.tasks) ? entry.tasks.filter((task) => typeof task === "string") : [],
			},
		];
	});
}

/** Undefined when the hub does not answer it: the widget then tries the first mapped provider. */
export async function getProviderSummaries(): Promise<ProviderSummary[] | undefined> {
	return providerSummariesOf(await readPublic("/api/providers"));
}

/** What `GET /api/tasks` says of a task on this hub. */
export interface TaskLocal {
	/** `localModel`: a public model the hub's own runtime runs for the task. */
	model?: string;
	/** `localNote`: for a task the runtime serves with no model here, what a person adds to try it. */
	note?: string;
}

/** One task's `localModel` and `localNote` from a `GET /api/tasks` answer (nothing for a task it does not name). */
export function taskLocalOf(body: unknown, task: string): TaskLocal {
	if (!body || typeof body !== "object") return {};
	const tasks = body as Record<string, { localModel?: unknown; localNote?: unknown } | undefined>;
	const entry = Object.hasOwn(tasks, task) ? tasks[task] : undefined;
	return {
		...(typeof entry?.localModel === "string" ? { model: entry.localModel } : {}),
		...(typeof entry?.localNote === "string" ? { note: entry.localNote } : {}),
	};
}

export async function getTaskLocal(task: string): Promise<TaskLocal> {
	return taskLocalOf(await readPublic("/api/tasks"), task);
}
