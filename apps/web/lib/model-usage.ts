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
	getModelInputPayload,
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
	shString,
	toModelData,
} from "@hubkit/tasks";
import type { ModelInfo } from "./hub/models";
import type { ModelServing } from "./model-serving";
import { rankingExample } from "./widget-inputs";

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

/**
 * A plain HTTP call to the hub's own runtime, for a task the inference client
 * has no function for (text ranking): the route's own JSON body, the token from
 * `HF_TOKEN` as every snippet reads it.
 */
function localRouteSnippet(model: ModelData, task: string, hubUrl: string): InferenceSnippet[] {
	const asTask: ModelData = { ...model, pipeline_tag: task as ModelData["pipeline_tag"] };
	const payload = task === "text-ranking" ? rankingExample(asTask) : getModelInputPayload(asTask);
	if (!payload) return [];
	const url = `${hubUrl.replace(/\/+$/, "")}/hf-inference/models/${model.id}`;
	const content = [
		`curl ${shString(url)}`,
		"-X POST",
		'-H "Authorization: Bearer $HF_TOKEN"',
		`-H ${shString("Content-Type: application/json")}`,
		`-d ${shString(JSON.stringify(payload, null, 4))}`,
		"--fail-with-body",
	].join(" \\\n    ");
	return [{ language: "sh", client: "curl", content }];
}

/**
 * The panel's providers: every entry of `modelServing` (the one serving first,
 * so the panel opens on the provider the widget calls), each with its snippets.
 */
export function providerUsage(info: ModelInfo, hubUrl: string, serving: ModelServing): ProviderUsage[] {
	const model = modelData(info);
	return serving.entries.map((entry) => {
		const given = info.inferenceProviderMapping?.[entry.provider];
		const mapping: InferenceProviderMappingEntry = {
			...(given ?? { providerId: info.id, task: entry.task, status: entry.status }),
			provider: entry.provider,
			hfModelId: given?.hfModelId ?? info.id,
		} as InferenceProviderMappingEntry;
		const options = { hubUrl, routerUrl: hubUrl };
		const clientSnippets = getInferenceSnippets(model, entry.provider as InferenceProvider, mapping, options);
		const snippets =
			clientSnippets.length === 0 && entry.provider === "hf-inference"
				? localRouteSnippet(model, entry.task, hubUrl)
				: clientSnippets;
		const streams = snippetTask(model, entry.task) === "conversational";
		const streamingSnippets = streams
			? getInferenceSnippets(model, entry.provider as InferenceProvider, mapping, { ...options, streaming: true })
			: [];
		return {
			provider: entry.provider,
			status: entry.status,
			routable: serving.known ? entry.notRoutedBecause === undefined : undefined,
			...(entry.notRoutedBecause ? { notRoutedBecause: entry.notRoutedBecause } : {}),
			snippets,
			...(streamingSnippets.length > 0 ? { streamingSnippets } : {}),
		};
	});
}
