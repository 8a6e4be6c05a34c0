/**
 * Who serves a model on this hub: the model's `inferenceProviderMapping` (either
 * of the hub's two shapes) read against `GET /api/providers`, which says which
 * providers this hub can route to now and for which tasks. The one answer a
 * model page gives: the widget calls `serving`, and the "Inference providers"
 * panel opens on it and marks the others with why calls to them would fail.
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

export interface ServingEntry extends MappingEntry {
	/** Why a call through this hub to this provider would fail; absent when it can be routed (or the hub did not say). */
	notRoutedBecause?: string;
}

export interface ModelServing {
	/** Every mapped provider, the one that serves first, then the mapping's order. */
	entries: ServingEntry[];
	/** The provider the widget calls: undefined when none can serve the model here. */
	serving?: ServingEntry;
	/** Why no provider serves the model here (when `serving` is undefined). */
	reason?: string;
	/** Whether the hub said what it routes (`GET /api/providers` answered). */
	known: boolean;
}

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

type Blocker = "unknown" | "client-only" | "unkeyed" | "local-off" | "task";

/** What keeps this hub from routing a call for the entry's task to its provider, or undefined when nothing does. */
function blockerOf(entry: MappingEntry, provider: ProviderSummary | undefined): Blocker | undefined {
	if (!provider) return "unknown";
	if (provider.kind === "client-only") return "client-only";
	if (!provider.configured) return provider.kind === "local" ? "local-off" : "unkeyed";
	return provider.tasks.includes(entry.task) ? undefined : "task";
}

/** Whether this hub routes a call for `task` to the provider now (a key set or its runtime on, and the task among its own). */
export function routesTask(provider: ProviderSummary, task: string): boolean {
	return blockerOf({ provider: provider.id, task, status: "live" }, provider) === undefined;
}

/** The blocker in the panel's words, about one provider ("it"). */
function blockerReason(blocker: Blocker, entry: MappingEntry, local: boolean): string {
	switch (blocker) {
		case "unknown":
			return "this hub does not know this provider";
		case "client-only":
			return "it takes only its own key, never a call through a hub";
		case "unkeyed":
			return "no key for it is set on this hub";
		case "local-off":
			return "this hub's local runtime is not running";
		case "task":
			return local
				? `this hub's local runtime does not run ${entry.task}`
				: `this hub does not route ${entry.task} to it`;
	}
}

/** Why none of the mapped providers serves, grouped by blocker ("this hub has no key set for a and b"). */
function noneServes(blocked: { entry: MappingEntry; blocker: Blocker }[]): string {
	const named = (blocker: Blocker) =>
		blocked.filter((item) => item.blocker === blocker).map((item) => item.entry.provider);
	const why: string[] = [];
	const unkeyed = named("unkeyed");
	if (unkeyed.length > 0) {
		why.push(`this hub has no key set for ${listOf(unkeyed)} (its operator adds one with HUBKIT_PROVIDER_KEY_…)`);
	}
	const off = named("local-off");
	if (off.length > 0) why.push(`this hub runs no local inference (${listOf(off)})`);
	const direct = named("client-only");
	if (direct.length > 0)
		why.push(`${listOf(direct)} ${direct.length > 1 ? "are" : "is"} only called directly, not through a hub`);
	for (const { entry } of blocked.filter((item) => item.blocker === "task")) {
		why.push(`this hub does not route ${entry.task} to ${entry.provider}`);
	}
	const unknown = named("unknown");
	if (unknown.length > 0) why.push(`this hub does not know ${listOf(unknown)}`);
	const names = blocked.map((item) => item.entry.provider);
	return `No inference provider serves this model on this hub. It is mapped to ${listOf(names)}, but ${listOf(why)}.`;
}

const NOTHING_MAPPED =
	"None is mapped to it yet. A model whose files this hub runs itself (ONNX or GGUF weights for a task it supports) is served here as soon as they are uploaded.";

/**
 * The provider that serves the model: the hub's own runtime first (a visitor may
 * use it without a token), then the mapping's order. `providers` undefined means
 * the hub did not say what it can route, so the first mapped provider is tried as is.
 */
export function modelServing(mapping: unknown, providers: ProviderSummary[] | undefined): ModelServing {
	const mapped = mappingEntries(mapping);
	if (mapped.length === 0) return { entries: [], reason: NOTHING_MAPPED, known: providers !== undefined };
	if (!providers) {
		const [first] = mapped as [MappingEntry];
		return { entries: mapped, serving: first, known: false };
	}
	const byId = new Map(providers.map((provider) => [provider.id, provider]));
	const blocked: { entry: MappingEntry; blocker: Blocker }[] = [];
	const entries = mapped.map((entry): ServingEntry => {
		const provider = byId.get(entry.provider);
		const blocker = blockerOf(entry, provider);
		if (!blocker) return entry;
		blocked.push({ entry, blocker });
		return { ...entry, notRoutedBecause: blockerReason(blocker, entry, provider?.kind === "local") };
	});
	const usable = entries.filter((entry) => entry.notRoutedBecause === undefined);
	const serving = usable.find((entry) => byId.get(entry.provider)?.kind === "local") ?? usable[0];
	if (serving) return { entries: [serving, ...entries.filter((entry) => entry !== serving)], serving, known: true };
	return { entries, reason: noneServes(blocked), known: true };
}
