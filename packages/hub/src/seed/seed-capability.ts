/**
 * The `hf-inference` mapping of a seed record says the hub runs the model
 * itself, so it is the runtime's to decide, not the record's: the loader gives
 * a record a live one (for the task the runtime serves) exactly when
 * `canRunLocally` says the runtime can run it now, and drops any the record
 * declares otherwise (the rule: services/provider-mapping.ts). This module
 * shows the runtime a seed record's files.
 */
import { type CandidateFiles, canRunLocally, type LocalCapability } from "@hubkit/runtime";
import { mappingsWithLocal } from "../services/provider-mapping.js";
import type { SeedFile, SeedModel, SeedProviderMapping } from "./types.js";

const decoder = new TextDecoder();

/** A seed record's files as the runtime's check reads them: a file without `content` is a placeholder. */
function seedFiles(files: SeedFile[]): CandidateFiles {
	// As in the loader, a later entry for a path replaces an earlier one.
	const find = (path: string): SeedFile | undefined => {
		for (let index = files.length - 1; index >= 0; index--) if (files[index]?.path === path) return files[index];
		return undefined;
	};
	return {
		async file(path) {
			const file = find(path);
			if (!file) return undefined;
			if (file.content === undefined) return { size: file.size ?? 0, real: false };
			const size = typeof file.content === "string" ? Buffer.byteLength(file.content) : file.content.byteLength;
			return { size, real: true };
		},
		async text(path) {
			const content = find(path)?.content;
			return typeof content === "string" ? content : decoder.decode(content);
		},
		async paths() {
			return [...new Set(files.map((file) => file.path))];
		},
		async head(path, length) {
			const content = find(path)?.content ?? "";
			return (typeof content === "string" ? new TextEncoder().encode(content) : content).subarray(0, length);
		},
	};
}

export function seedCapability(record: SeedModel): Promise<LocalCapability> {
	return canRunLocally({ id: record.id, pipelineTag: record.pipeline_tag, files: seedFiles(record.files) });
}

/** The record's provider mappings with hf-inference as the runtime finds it (the record itself is not changed). */
export async function withLocalMapping(record: SeedModel): Promise<SeedProviderMapping[]> {
	return mappingsWithLocal(record.inferenceProviderMapping, await seedCapability(record), record.id);
}
