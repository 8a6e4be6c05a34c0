/**
 * What the widgets and the inference panel read from the hub, on the server, per
 * request like every hub call: `GET /api/providers` with each provider's kind and
 * tasks (model-serving.ts reads a model's mapping against it), and the model
 * `GET /api/tasks` names as the one this hub runs itself for a task.
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

/** `localModel` of the task in `GET /api/tasks`: a public model the hub's own runtime runs for it. */
export async function getLocalModel(task: string): Promise<string | undefined> {
	await connection();
	try {
		const response = await fetch(`${hubUrl()}/api/tasks`, {
			cache: "no-store",
			headers: { Accept: "application/json" },
		});
		if (!response.ok) return undefined;
		const tasks = (await response.json()) as Record<string, { localModel?: unknown } | undefined>;
		const local = Object.hasOwn(tasks, task) ? tasks[task]?.localModel : undefined;
		return typeof local === "string" ? local : undefined;
	} catch {
		return undefined;
	}
}
