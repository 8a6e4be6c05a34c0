/**
 * What the widgets and the inference panel read from the hub, on the server, per
 * request like every hub call: `GET /api/providers` with each provider's kind and
 * tasks (model-serving.ts reads a model's mapping against it), and the model
 * `GET /api/tasks` names as the one this hub runs itself for a task (or, when it
 * runs none, what a person adds to try the task).
 */
import "server-only";
import { connection } from "next/server";
import type { ProviderSummary } from "./model-serving";

function hubUrl(): string {
	return (process.env.HUBKIT_HUB_URL ?? "http://127.0.0.1:8787").replace(/\/+$/, "");
}

const KINDS = new Set(["remote", "local", "client-only"]);

/** Undefined when the hub does not answer it: the widget then tries the first mapped provider. */
export async function getProviderSummaries(): Promise<ProviderSummary[] | undefined> {
	await connection();
	try {
		const response = await fetch(`${hubUrl()}/api/providers`, {
			cache: "no-store",
			headers: { Accept: "application/json" },
		});
		if (!response.ok) return undefined;
		const body = (await response.json()) as unknown;
		if (!Array.isArray(body)) return undefined;
		return body.flatMap((item): ProviderSummary[] => {
			const entry = item as Partial<ProviderSummary>;
			if (typeof entry.id !== "string" || !KINDS.has(entry.kind as string)) return [];
			return [
				{
					id: entry.id,
					kind: entry.kind as ProviderSummary["kind"],
					configured: entry.configured === true,
					tasks: Array.isArray(entry.tasks) ? entry.tasks.filter((task) => typeof task === "string") : [],
				},
			];
		});
	} catch {
		return undefined;
	}
}

/** What `GET /api/tasks` says of a task on this hub. */
export interface TaskLocal {
	/** `localModel`: a public model the hub's own runtime runs for the task. */
	model?: string;
	/** `localNote`: for a task the runtime serves with no model here, what a person adds to try it. */
	note?: string;
}

export async function getTaskLocal(task: string): Promise<TaskLocal> {
	await connection();
	try {
		const response = await fetch(`${hubUrl()}/api/tasks`, {
			cache: "no-store",
			headers: { Accept: "application/json" },
		});
		if (!response.ok) return {};
		const tasks = (await response.json()) as Record<string, { localModel?: unknown; localNote?: unknown } | undefined>;
		const entry = Object.hasOwn(tasks, task) ? tasks[task] : undefined;
		return {
			...(typeof entry?.localModel === "string" ? { model: entry.localModel } : {}),
			...(typeof entry?.localNote === "string" ? { note: entry.localNote } : {}),
		};
	} catch {
		return {};
	}
}
