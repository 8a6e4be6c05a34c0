/**
 * `ModelFiles` over files held in memory (a model written by text-models.ts or
 * pooled-classifier.ts): for running an engine in this thread, as the
 * benchmarks' in-process baseline and the engine's unit tests do.
 */
import type { ModelFiles } from "./engine.js";
import { RuntimeError } from "./errors.js";

export function memoryModelFiles(
	model: string,
	files: readonly { path: string; content?: string | Uint8Array }[],
): ModelFiles {
	const contents = new Map<string, Uint8Array>();
	for (const file of files) {
		if (file.content === undefined) continue;
		contents.set(file.path, typeof file.content === "string" ? new TextEncoder().encode(file.content) : file.content);
	}
	const bytes = async (path: string, limit: number) => {
		const content = contents.get(path);
		if (!content) throw new RuntimeError("unsupported", `Model ${model} has no ${path}`);
		if (content.byteLength > limit) {
			throw new RuntimeError("unsupported", `Model ${model}'s ${path} is larger than the local runtime loads`);
		}
		return content;
	};
	return {
		model,
		has: async (path) => contents.has(path),
		bytes,
		json: async (path) => JSON.parse(new TextDecoder().decode(await bytes(path, Number.POSITIVE_INFINITY))),
	};
}
