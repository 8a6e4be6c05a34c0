/**
 * canRunLocally's look at a GGUF model (capability.ts): a repository with a
 * .gguf file is the GGUF engine's (llama-engine.ts). It can run when the file it
 * would load is real (not a sample placeholder), no larger than the engine
 * copies, and its `general.architecture` is one this build of llama.cpp knows
 * (node-llama-cpp's `GgufArchitectureType`). Only the file's first bytes are read.
 */
import type { LocalCandidate, LocalCapability } from "./capability.js";
import { GGUF_HEAD_BYTES, ggufArchitecture } from "./llama/gguf-header.js";
import { ggufPath, MAX_GGUF_BYTES } from "./llama-engine.js";

/** The task of a GGUF model's hf-inference mapping: it is served on the chat route (and completions). */
export const GGUF_TASK = "conversational";

/** The architectures llama.cpp loads, loaded once and only when a GGUF model is checked. */
let known: Promise<Set<string>> | undefined;
function knownArchitectures(): Promise<Set<string>> {
	// A const enum in node-llama-cpp's types, an object of names at run time.
	known ??= import("node-llama-cpp").then(
		(module) =>
			new Set(
				Object.values((module as unknown as { GgufArchitectureType: Record<string, string> }).GgufArchitectureType),
			),
	);
	return known;
}

/** Undefined when the repository has no .gguf file (other checks decide), else the verdict. */
export async function ggufCapability(model: LocalCandidate): Promise<LocalCapability | undefined> {
	const paths = await model.files.paths?.();
	const path = paths === undefined ? undefined : ggufPath(paths);
	if (path === undefined) return undefined;
	const refuse = (problem: string): LocalCapability => ({ ok: false, reason: `Model ${model.id}: ${problem}` });
	const file = await model.files.file(path);
	if (!file?.real) return refuse(`${path} is a sample placeholder, not the real file`);
	if (file.size === 0 || file.size > MAX_GGUF_BYTES) return refuse(`${path} is empty or larger than the runtime loads`);
	const head = await model.files.head?.(path, GGUF_HEAD_BYTES);
	if (!head) return refuse(`${path} cannot be read`);
	const found = ggufArchitecture(head);
	if ("problem" in found) return refuse(`${path}: ${found.problem}`);
	if (!(await knownArchitectures()).has(found.architecture)) {
		return refuse(
			`${path}: llama.cpp does not run the ${JSON.stringify(found.architecture.slice(0, 80))} architecture`,
		);
	}
	return { ok: true, task: GGUF_TASK };
}
