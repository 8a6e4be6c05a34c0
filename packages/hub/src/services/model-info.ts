/**
 * One model, at a revision: `GET /api/models/{id}[/revision/{rev}]`, as the JSON
 * text of the answer. Text rather than an object so that a cached answer is sent
 * as it is, without serialising it again on every request.
 */
import type { Caller } from "../auth/caller.js";
import type { InferenceEndpoints } from "../router/endpoints.js";
import type { ExpandableKey } from "./model-fields.js";
import { type CacheDeps, cachedModelInfo, keepModelInfo } from "./model-info-cache.js";
import { mappingsOf, siblingsOf, siblingsWithBlobs } from "./model-list.js";
import { childrenModelCounts } from "./model-tree.js";
import { INFO_DEFAULT_KEYS, renderModel } from "./model-view.js";
import { findVisibleModel, resolveRevision } from "./repo-access.js";

export async function modelInfo(
	deps: CacheDeps & { endpoints?: InferenceEndpoints },
	repoId: string,
	options: {
		revision: string | undefined;
		expand: ExpandableKey[] | undefined;
		caller: Caller | undefined;
		/** Siblings with size, blob id and LFS facts (`blobs=true`). */
		blobs?: boolean;
	},
): Promise<string> {
	const keys = options.expand ?? INFO_DEFAULT_KEYS;
	const variant = `${options.revision ?? ""}\u0000${keys.join(",")}${options.blobs ? "\u0000blobs" : ""}`;
	const cached = await cachedModelInfo(deps, repoId, variant);
	if (cached) return cached;
	const db = deps.db;
	const model = await findVisibleModel(db, repoId, options.caller);
	const sha = options.revision === undefined ? model.sha : await resolveRevision(db, repoId, options.revision);
	const [mappings, siblings, children] = await Promise.all([
		keys.includes("inferenceProviderMapping") ? mappingsOf(db, [model], deps.endpoints) : undefined,
		keys.includes("siblings") || keys.includes("usedStorage")
			? options.blobs
				? siblingsWithBlobs(db, sha)
				: siblingsOf(db, [{ sha }])
			: undefined,
		(keys as readonly string[]).includes("childrenModelCount") ? childrenModelCounts(db, [model.id]) : undefined,
	]);
	const body = JSON.stringify(
		renderModel(model, keys, {
			mappingShape: "object",
			mappings: mappings?.get(model.id) ?? [],
			siblings: siblings?.get(sha) ?? [],
			sha,
			children: children?.get(model.id),
		}),
	);
	if (!model.private) keepModelInfo(deps, repoId, variant, body);
	return body;
}
