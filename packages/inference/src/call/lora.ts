/** LoRA adapters: where the adapter's weights are, for providers that load them by path. */
import { HF_HUB_URL } from "../config.js";
import { InferenceClientHubApiError, redactRequest } from "../errors.js";
import { fetchOrAbort, readBody } from "../lib/http.js";
import { isRecord } from "../lib/validate.js";
import type { InferenceProviderMappingEntry, Options } from "../types.js";
import { modelPath } from "./mapping.js";

/** The adapter weights' path: from the mapping, else the first .safetensors file of the repository. */
export async function adapterWeightsPath(entry: InferenceProviderMappingEntry, options: Options): Promise<string> {
	if (entry.adapterWeightsPath) return entry.adapterWeightsPath;
	const hubUrl = (options.hubUrl ?? HF_HUB_URL).replace(/\/+$/, "");
	// No token: the tree of a public adapter is public, and the hub needs no credentials for it.
	const url = `${hubUrl}/api/models/${modelPath(entry.hfModelId)}/tree/main`;
	const response = await fetchOrAbort(options.fetch ?? fetch, url, {}, options.signal);
	const body = await readBody(response, options.signal);
	if (!response.ok || !Array.isArray(body)) {
		throw new InferenceClientHubApiError(
			`Unable to fetch the model tree for ${entry.hfModelId}.`,
			redactRequest(url, {}),
			{
				status: response.status,
				body,
			},
		);
	}
	const file = body.find(
		(item): item is { path: string } =>
			isRecord(item) &&
			(item.type === undefined || item.type === "file") &&
			typeof item.path === "string" &&
			item.path.endsWith(".safetensors"),
	);
	if (!file) {
		throw new InferenceClientHubApiError(
			`No .safetensors file found in the model tree for ${entry.hfModelId}.`,
			redactRequest(url, {}),
			{ status: response.status, body },
		);
	}
	return file.path;
}
