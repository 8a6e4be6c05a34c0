/** LoRA adapters: where the adapter's weights are, for providers that load them by path. */
import { HF_HUB_URL } from "../config.js";
import { InferenceClientHubApiError, redactRequest } from "../errors.js";
import type { InferenceProviderMappingEntry, Options } from "../types.js";
import { readBody } from "./http.js";

/** The adapter weights' path: from the mapping, else the first .safetensors file of the repository. */
export async function adapterWeightsPath(entry: InferenceProviderMappingEntry, options: Options): Promise<string> {
	if (entry.adapterWeightsPath) return entry.adapterWeightsPath;
	const hubUrl = (options.hubUrl ?? HF_HUB_URL).replace(/\/+$/, "");
	const url = `${hubUrl}/api/models/${entry.hfModelId}/tree/main`;
	const response = await (options.fetch ?? fetch)(url, { signal: options.signal });
	const body = await readBody(response);
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
			typeof item === "object" && item !== null && typeof item.path === "string" && item.path.endsWith(".safetensors"),
	);
	if (!file) {
		throw new InferenceClientHubApiError(
			`No .safetensors file found in the model tree for ${entry.hfModelId}.`,
			redactRequest(url, {}),
			{
				status: response.status,
				body,
			},
		);
	}
	return file.path;
}
