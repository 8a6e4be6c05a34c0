/**
 * Which provider a model's widget calls, or why none can: the model's
 * `inferenceProviderMapping` (either of the hub's two shapes) read against
 * `GET /api/providers`, which says which providers this hub can route to now.
 * Pure, so the server works it out once and the browser receives the answer.
 */

export interface ProviderSummary {
	id: string;
	/** remote: forwarded with the operator's key; local: the hub's own runtime; client-only: never through a hub. */
	kind: "remote" | "local" | "client-only";
	configured: boolean;
	tasks: string[];
}

export interface MappingEntry {
	provider: string;
	task: string;
	status: "live" | "staging";
}

export type WidgetAvailability =
	| { state: "ready"; provider: string; task: string; status: "live" | "staging" }
	| { state: "unavailable"; reason: string };

/** The mapping as entries in the hub's order, from the object shape (model info) or the array shape (listings). */
export function mappingEntries(mapping: unknown): MappingEntry[] {
	const rows = Array.isArray(mapping)
		? mapping
		: mapping && typeof mapping === "object"
			? Object.entries(mapping).map(([provider, entry]) => ({ ...(entry as object), provider }))
			: [];
	return rows.flatMap((row): MappingEntry[] => {
		const entry = row as { provider?: unknown; task?: unknown; status?: unknown };
		if (typeof entry.provider !== "string" || typeof entry.task !== "string") return [];
		return [{ provider: entry.provider, task: entry.task, status: entry.status === "staging" ? "staging" : "live" }];
	});
}

/** "a", "a and b", "a, b and c". */
function listOf(names: string[]): string {
	if (names.length <= 1) return names.join("");
	return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * The provider the widget calls: the hub's own runtime first (a visitor may use it
 * without a token), then the mapping's order. `providers` undefined means the hub
 * did not say what it can route, so the first mapped provider is tried as is.
 */
export function widgetAvailability(mapping: unknown, providers: ProviderSummary[] | undefined): WidgetAvailability {
	const entries = mappingEntries(mapping);
	if (entries.length === 0) {
		return {
			state: "unavailable",
			reason:
				"None is mapped to it yet. A model whose files this hub runs itself (ONNX or GGUF weights for a task it supports) is served here as soon as they are uploaded.",
		};
	}
	if (!providers) {
		const [first] = entries as [MappingEntry];
		return { state: "ready", provider: first.provider, task: first.task, status: first.status };
	}
	const byId = new Map(providers.map((provider) => [provider.id, provider]));
	const usable = entries.filter((entry) => {
		const provider = byId.get(entry.provider);
		return provider?.configured === true && provider.kind !== "client-only";
	});
	const chosen = usable.find((entry) => byId.get(entry.provider)?.kind === "local") ?? usable[0];
	if (chosen) return { state: "ready", provider: chosen.provider, task: chosen.task, status: chosen.status };

	const names = entries.map((entry) => entry.provider);
	const unknown = names.filter((name) => !byId.has(name));
	const direct = names.filter((name) => byId.get(name)?.kind === "client-only");
	const unkeyed = names.filter((name) => byId.get(name)?.kind === "remote");
	const local = names.filter((name) => byId.get(name)?.kind === "local");
	const why: string[] = [];
	if (unkeyed.length > 0) {
		why.push(`this hub has no key set for ${listOf(unkeyed)} (its operator adds one with HUBKIT_PROVIDER_KEY_…)`);
	}
	if (local.length > 0) why.push(`this hub runs no local inference (${listOf(local)})`);
	if (direct.length > 0)
		why.push(`${listOf(direct)} ${direct.length > 1 ? "are" : "is"} only called directly, not through a hub`);
	if (unknown.length > 0) why.push(`this hub does not know ${listOf(unknown)}`);
	return {
		state: "unavailable",
		reason: `No inference provider serves this model on this hub. It is mapped to ${listOf(names)}, but ${listOf(why)}.`,
	};
}
