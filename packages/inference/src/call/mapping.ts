/**
 * Which providers serve a model, and under which id: the hub's
 * `inferenceProviderMapping`. Look-ups are cached per hub and model for
 * MAPPING_TTL_MS, and concurrent look-ups of the same model share one request.
 */
import { HF_HUB_URL, MAPPING_TTL_MS } from "../config.js";
import { InferenceClientHubApiError, InferenceClientInputError, redactRequest, redactSecret } from "../errors.js";
import { fetchOrAbort, readBody } from "../lib/http.js";
import { type SharedLookup, sharedLookup } from "../lib/shared-lookup.js";
import type { InferenceProviderMappingEntry, InferenceTask, Options } from "../types.js";

interface CacheEntry {
	expires: number;
	lookup: SharedLookup<InferenceProviderMappingEntry[]>;
}

/**
 * Owned by this module; keyed by everything the answer depends on: the hub,
 * the token sent to it (a private model's mapping is per user) and the model.
 */
const mappingCache = new Map<string, CacheEntry>();

function cacheKey(modelId: string, accessToken: string | undefined, options: Options): string {
	// Only hub tokens are sent to the hub; any other token gets the anonymous answer.
	const sentToken = accessToken?.startsWith("hf_") ? accessToken : "";
	// A space can be in none of the three (URLs, tokens and model ids have none), so keys cannot collide.
	return `${options.hubUrl ?? HF_HUB_URL} ${sentToken} ${modelId}`;
}

/** Forgets every cached mapping (tests, or a caller that knows the hub changed). */
export function clearMappingCache(): void {
	mappingCache.clear();
}

/** A model id as a URL path: each segment encoded, the `/` between owner and name kept. */
export function modelPath(modelId: string): string {
	return modelId.split("/").map(encodeURIComponent).join("/");
}

/** The hub shapes: an object keyed by provider (model info) or an array (listings). */
function normaliseMapping(modelId: string, raw: unknown): InferenceProviderMappingEntry[] {
	const entries = Array.isArray(raw)
		? raw
		: raw && typeof raw === "object"
			? Object.entries(raw).map(([provider, entry]) => ({ ...(entry as object), provider }))
			: [];
	return entries.flatMap((entry) => {
		if (!entry || typeof entry !== "object") return [];
		const item = entry as Record<string, unknown>;
		if (typeof item.provider !== "string" || typeof item.providerId !== "string") return [];
		return [
			{
				provider: item.provider,
				providerId: item.providerId,
				hfModelId: typeof item.hfModelId === "string" ? item.hfModelId : modelId,
				task: typeof item.task === "string" ? item.task : "",
				status: item.status === "staging" ? "staging" : "live",
				...(typeof item.adapter === "string" ? { adapter: item.adapter } : {}),
				...(typeof item.adapterWeightsPath === "string" ? { adapterWeightsPath: item.adapterWeightsPath } : {}),
				...(typeof item.type === "string" ? { type: item.type } : {}),
			},
		];
	});
}

async function fetchMapping(
	modelId: string,
	accessToken: string | undefined,
	options: Options,
	signal: AbortSignal,
): Promise<InferenceProviderMappingEntry[]> {
	const hubUrl = (options.hubUrl ?? HF_HUB_URL).replace(/\/+$/, "");
	const url = `${hubUrl}/api/models/${modelPath(modelId)}?expand[]=inferenceProviderMapping`;
	// Only hub tokens go to the hub: a provider key is none of its business.
	const headers: Record<string, string> = accessToken?.startsWith("hf_")
		? { Authorization: `Bearer ${accessToken}` }
		: {};
	const init = { method: "GET", headers };
	const response = await fetchOrAbort(options.fetch ?? fetch, url, init, signal);
	const body = redactSecret(await readBody(response, signal), accessToken);
	if (response.status === 404) {
		throw new InferenceClientHubApiError(`Model ${modelId} does not exist`, redactRequest(url, init, accessToken), {
			status: 404,
			body,
		});
	}
	if (!response.ok) {
		throw new InferenceClientHubApiError(
			`Failed to fetch inference provider mapping for model ${modelId}`,
			redactRequest(url, init, accessToken),
			{ status: response.status, body },
		);
	}
	const raw = body && typeof body === "object" ? (body as Record<string, unknown>).inferenceProviderMapping : undefined;
	return normaliseMapping(modelId, raw);
}

/**
 * The model's mapping, from the cache when fresh. Concurrent look-ups share one
 * request; a failed look-up is not cached. `options.signal` ends this caller's
 * wait (with the typed abort error) without failing the others.
 */
export function getInferenceProviderMapping(
	modelId: string,
	accessToken: string | undefined,
	options: Options,
): Promise<InferenceProviderMappingEntry[]> {
	const key = cacheKey(modelId, accessToken, options);
	const cached = mappingCache.get(key);
	if (cached && cached.expires > Date.now()) return cached.lookup.wait(options.signal);
	const entry: CacheEntry = {
		expires: Date.now() + MAPPING_TTL_MS,
		lookup: sharedLookup(
			(signal) => fetchMapping(modelId, accessToken, options, signal),
			() => forget(key, entry),
		),
	};
	mappingCache.set(key, entry);
	entry.lookup.promise.catch(() => forget(key, entry));
	return entry.lookup.wait(options.signal);
}

function forget(key: string, entry: CacheEntry): void {
	if (mappingCache.get(key) === entry) mappingCache.delete(key);
}

const warnedStaging = new Set<string>();

/**
 * The mapping entry for this provider and task. hf-inference needs none (the
 * hub id is its id). Throws when the model is not served there for this task.
 */
export async function getProviderMapping(
	params: { modelId: string; provider: string; task: InferenceTask | undefined; accessToken: string | undefined },
	options: Options,
): Promise<InferenceProviderMappingEntry | undefined> {
	const mapping = await getInferenceProviderMapping(params.modelId, params.accessToken, options);
	return entryFor(mapping, params);
}

function entryFor(
	mapping: InferenceProviderMappingEntry[],
	params: { modelId: string; provider: string; task: InferenceTask | undefined },
): InferenceProviderMappingEntry | undefined {
	const { modelId, provider, task } = params;
	const entry = mapping.find((item) => item.provider === provider);
	if (!entry) {
		if (provider === "hf-inference") return undefined;
		throw new InferenceClientInputError(
			`No inference provider information found for model ${modelId} and provider ${provider}`,
		);
	}
	const sameTask =
		// request() without a task takes the entry as it is.
		task === undefined ||
		entry.task === task ||
		// Chat models are listed under text-generation or image-text-to-text.
		(task === "conversational" && (entry.task === "text-generation" || entry.task === "image-text-to-text")) ||
		(task === "text-generation" && entry.task === "conversational");
	if (!sameTask) {
		throw new InferenceClientInputError(`Model ${modelId} is not supported for task ${task} and provider ${provider}`);
	}
	if (entry.status === "staging" && !warnedStaging.has(`${provider}:${modelId}`)) {
		warnedStaging.add(`${provider}:${modelId}`);
		console.warn(`Model ${modelId} is in staging mode for provider ${provider}. Meant for test purposes only.`);
	}
	return entry;
}

/** "auto" becomes the first provider the model's mapping lists. */
export async function firstMappedProvider(
	modelId: string,
	accessToken: string | undefined,
	options: Options,
): Promise<string> {
	const mapping = await getInferenceProviderMapping(modelId, accessToken, options);
	const first = mapping[0]?.provider;
	if (!first) throw new InferenceClientInputError(`No provider available for model ${modelId}`);
	return first;
}
