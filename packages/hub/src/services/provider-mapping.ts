/**
 * The provider-mapping rule, one home for the seed loader, commits and the
 * catalogue refresh: a model's mappings in preference order, stored one row per
 * entry, and the `hf-inference` entry, which says the hub runs the model itself,
 * so the runtime decides it, not the record. Other providers' mappings describe
 * third parties and are kept as written. Pure: the runtime's verdict comes in as
 * a value (seed/seed-capability.ts and services/local-mapping.ts ask for it).
 */

import type { LocalCapability } from "@hubkit/runtime";
import type { Insertable } from "kysely";
import type { ProviderMappingsTable } from "../db/schema.js";

/** The hub's own provider: a mapping to it is served by the local runtime. */
export const LOCAL_PROVIDER = "hf-inference";

export interface ProviderMapping {
	provider: string;
	/** The provider's own id for the model. */
	providerId: string;
	/** Pipeline tag, or `conversational` for chat routes. */
	task: string;
	status: "live" | "staging";
	adapter?: "lora";
	adapterWeightsPath?: string;
}

/**
 * `declared` with hf-inference set to what `capability` says: dropped when the runtime cannot
 * run the model; otherwise live for the runtime's task, keeping a declared entry's place in the
 * preference order and its status. Other providers' entries stay as they are.
 */
export function mappingsWithLocal(
	declared: ProviderMapping[],
	capability: LocalCapability,
	id: string,
): ProviderMapping[] {
	if (!capability.ok) return declared.filter((mapping) => mapping.provider !== LOCAL_PROVIDER);
	const own = declared.find((mapping) => mapping.provider === LOCAL_PROVIDER);
	if (own) {
		return declared.map((mapping) => (mapping === own ? { ...own, providerId: id, task: capability.task } : mapping));
	}
	return [...declared, { provider: LOCAL_PROVIDER, providerId: id, task: capability.task, status: "live" }];
}

/** A model's provider mappings as rows, in preference order. */
export function mappingRows(modelId: string, mappings: ProviderMapping[]): Insertable<ProviderMappingsTable>[] {
	return mappings.map((mapping, position) => ({
		model_id: modelId,
		position,
		provider: mapping.provider,
		provider_id: mapping.providerId,
		task: mapping.task,
		status: mapping.status,
		adapter: mapping.adapter ?? null,
		adapter_weights_path: mapping.adapterWeightsPath ?? null,
	}));
}

/** A stored row as the mapping it holds. */
export function mappingOfRow(
	row: Pick<ProviderMappingsTable, "provider" | "provider_id" | "task" | "status" | "adapter" | "adapter_weights_path">,
): ProviderMapping {
	return {
		provider: row.provider,
		providerId: row.provider_id,
		task: row.task,
		status: row.status === "staging" ? "staging" : "live",
		...(row.adapter === "lora" ? { adapter: "lora" as const } : {}),
		...(row.adapter_weights_path ? { adapterWeightsPath: row.adapter_weights_path } : {}),
	};
}
