/**
 * Whether this hub's local runtime can run a model now, decided from its files
 * without loading it: an engine of LOCAL_ENGINES (local-engines.ts) that takes it,
 * and the real files that engine needs (a sample placeholder stands in for a file
 * but cannot be run). This is what an `hf-inference` mapping promises, so whoever
 * writes one asks here first (the hub's seed loader and its store's view of a model).
 * Nothing heavier than a small JSON file or a GGUF header is read, nothing is loaded.
 */
import type { FileLookup } from "./engine.js";
import { type FilesEntry, LOCAL_ENGINES, type TaskCheck } from "./local-engines.js";

export interface CandidateFile {
	/** Bytes the file has (or claims, for a placeholder). */
	size: number;
	/** False for a sample placeholder: the path and size of a file whose bytes are filler. */
	real: boolean;
}

/** One revision's files, as the caller holds them (seed records in memory, or the hub's store). */
export interface CandidateFiles {
	/** The file at `path`, undefined when there is none. */
	file(path: string): Promise<CandidateFile | undefined>;
	/** A real, small file's text. */
	text(path: string): Promise<string>;
	/** Every file path of the revision (a GGUF repository is known by its .gguf file); optional. */
	paths?(): Promise<string[]>;
	/** Up to `length` bytes from the start of a real file (a GGUF's header); optional. */
	head?(path: string, length: number): Promise<Uint8Array>;
}

export interface LocalCandidate {
	/** The model id, for messages. */
	id: string;
	pipelineTag: string | undefined;
	files: CandidateFiles;
}

/** `task`: what the runtime serves the model for, the task of its hf-inference mapping. */
export type LocalCapability = { ok: true; task: string } | { ok: false; reason: string };

/**
 * A check per task the runtime's task engines serve (a model of one of these tasks that no engine
 * claimed by its files goes to that task's engine).
 */
export const CHECKS: Readonly<Record<string, TaskCheck>> = Object.fromEntries(
	LOCAL_ENGINES.flatMap((entry) => (entry.claims === "task" ? Object.entries(entry.checks) : [])),
);

/** The candidate's files as an engine's `accepts` reads them in a worker. */
async function lookupOf(model: LocalCandidate): Promise<FileLookup> {
	const paths = await model.files.paths?.();
	return {
		model: model.id,
		paths,
		has: async (path) => (await model.files.file(path)) !== undefined,
		json: async (path) => JSON.parse(await model.files.text(path)),
	};
}

/** Whether one of the entry's engines takes the model, as the worker host asks (an unreadable file: none does). */
async function claims(entry: FilesEntry, files: FileLookup): Promise<boolean> {
	for (const engine of entry.engines) {
		try {
			if (await engine.accepts?.(files)) return true;
		} catch {
			// A manifest that is a placeholder or not JSON: not this engine's model.
		}
	}
	return false;
}

/**
 * Walks LOCAL_ENGINES as the worker host does: first every engine that claims models by their files
 * (in list order, by the engines' own `accepts`; the first that claims the model gives the verdict),
 * then the check of the engine for the model's task.
 */
export async function canRunLocally(model: LocalCandidate): Promise<LocalCapability> {
	const files = await lookupOf(model);
	for (const entry of LOCAL_ENGINES) {
		if (entry.claims !== "files" || !(await claims(entry, files))) continue;
		const verdict = await entry.capability(model);
		if (verdict) return verdict;
	}
	const task = model.pipelineTag;
	const check = task !== undefined && Object.hasOwn(CHECKS, task) ? CHECKS[task] : undefined;
	if (task === undefined || !check) {
		const tasks = Object.keys(CHECKS).join(", ");
		return {
			ok: false,
			reason: `Model ${model.id}: the local runtime runs ${tasks} models, not ${task ?? "models without a task"}`,
		};
	}
	const problem = await check(model);
	return problem === undefined ? { ok: true, task } : { ok: false, reason: `Model ${model.id}: ${problem}` };
}
