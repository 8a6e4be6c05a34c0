/**
 * Everything a model page offers to copy, worked out on the server from the
 * model record so the browser receives plain strings: the library snippets of
 * "Use this model", the local apps that can run it, and the inference snippets
 * per provider (from @hubkit/inference's generator, pointed at this hub).
 */
import {
	getInferenceSnippets,
	type InferenceProvider,
	type InferenceProviderMappingEntry,
	type InferenceSnippet,
	snippetTask,
} from "@hubkit/inference";
import {
	isDeeplinkApp,
	isModelLibraryKey,
	type LibrarySnippet,
	LOCAL_APP_KEYS,
	LOCAL_APPS,
	type LocalApp,
	type LocalAppSnippet,
	MODEL_LIBRARIES,
	type ModelData,
	type ModelLibraryKey,
	toModelData,
} from "@hubkit/tasks";
import type { HubProvider, ModelInfo } from "./hub";

export interface LibraryUsage {
	key: string;
	label: string;
	docsUrl?: string;
	snippets: LibrarySnippet[];
}

export type LocalAppUsage =
	| { key: string; label: string; docsUrl: string; kind: "commands"; steps: LocalAppSnippet[] }
	| { key: string; label: string; docsUrl: string; kind: "link"; href: string };

export interface ProviderUsage {
	provider: string;
	status: "live" | "staging";
	/** False when this hub has said it cannot route to the provider; undefined when it has not said. */
	routable: boolean | undefined;
	/** Why this hub cannot route the model's calls to the provider (when `routable` is false). */
	notRoutedBecause?: string;
	snippets: InferenceSnippet[];
	/** The same calls streaming the answer: chat models only. */
	streamingSnippets?: InferenceSnippet[];
}

export function modelData(info: ModelInfo): ModelData {
	return toModelData(info);
}

/** The model's own library first, then other libraries its tags name, each with snippets. */
export function libraryUsage(model: ModelData): LibraryUsage[] {
	const keys = [model.library_name, ...(model.tags ?? [])].filter(
		(key, index, all): key is ModelLibraryKey =>
			typeof key === "string" && isModelLibraryKey(key) && all.indexOf(key) === index,
	);
	return keys.flatMap((key) => {
		const library = MODEL_LIBRARIES[key];
		const snippets = library.snippets?.(model) ?? [];
		if (snippets.length === 0) return [];
		return [{ key, label: library.prettyLabel, docsUrl: library.docsUrl, snippets }];
	});
}

export function localAppUsage(model: ModelData): LocalAppUsage[] {
	return LOCAL_APP_KEYS.flatMap((key): LocalAppUsage[] => {
		const app: LocalApp = LOCAL_APPS[key];
		try {
			if (!app.displayOnModelPage(model)) return [];
			const base = { key, label: app.prettyLabel, docsUrl: app.docsUrl };
			if (isDeeplinkApp(app)) return [{ ...base, kind: "link", href: app.deeplink(model).toString() }];
			return [{ ...base, kind: "commands", steps: app.snippet(model) }];
		} catch {
			// One app failing on an odd record must not take the model page down.
			return [];
		}
	});
}

/** Why this hub cannot route a call for `task` to `provider`, or undefined when it can. */
export function notRoutedBecause(
	provider: string,
	task: string,
	providers: Map<string, HubProvider>,
): string | undefined {
	const served = providers.get(provider);
	if (!served) return "this hub does not know this provider";
	if (served.kind === "client-only") return "it takes only its own key, never a call through a hub";
	if (!served.configured) {
		return served.kind === "local" ? "this hub's local runtime is not running" : "no key for it is set on this hub";
	}
	if (!served.tasks.includes(task)) {
		return served.kind === "local"
			? `this hub's local runtime does not run ${task}`
			: `this hub does not route ${task} to it`;
	}
	return undefined;
}

export function providerUsage(
	info: ModelInfo,
	hubUrl: string,
	providers: Map<string, HubProvider> | undefined,
): ProviderUsage[] {
	const model = modelData(info);
	return Object.entries(info.inferenceProviderMapping ?? {}).flatMap(([provider, entry]) => {
		const mapping: InferenceProviderMappingEntry = { ...entry, provider, hfModelId: entry.hfModelId ?? info.id };
		const options = { hubUrl, routerUrl: hubUrl };
		const snippets = getInferenceSnippets(model, provider as InferenceProvider, mapping, options);
		if (snippets.length === 0) return [];
		const streams = snippetTask(model, entry.task) === "conversational";
		const streamingSnippets = streams
			? getInferenceSnippets(model, provider as InferenceProvider, mapping, { ...options, streaming: true })
			: [];
		const reason = providers ? notRoutedBecause(provider, entry.task, providers) : undefined;
		return [
			{
				provider,
				status: entry.status,
				routable: providers ? reason === undefined : undefined,
				...(reason ? { notRoutedBecause: reason } : {}),
				snippets,
				...(streamingSnippets.length > 0 ? { streamingSnippets } : {}),
			},
		];
	});
}
