/**
 * What a local inference engine is: one module per kind of model, run inside the
 * runtime's worker threads (engine-host.ts), never on the hub's event loop. An
 * engine reads the model's files through `ModelFiles` (the worker asks the main
 * thread, which holds the database and the blob store) and answers one task.
 *
 * Adding one (transformers.js, llama.cpp …): write `<name>-engine.ts` implementing
 * `LocalEngine` and register it by task in engine-host.ts.
 */
import type { PipelineType } from "@hubkit/tasks";

/** One model revision's files, read on demand from the hub that holds them. */
export interface ModelFiles {
	/** The model's id, for messages. */
	readonly model: string;
	/** Whether the revision has a file at `path` (no bytes are read). */
	has(path: string): Promise<boolean>;
	/** The file's bytes; a RuntimeError when it is missing, a placeholder or larger than `limit`. */
	bytes(path: string, limit: number): Promise<Uint8Array>;
	/** The file parsed as JSON; a RuntimeError when it is not JSON. */
	json(path: string): Promise<unknown>;
}

export interface LocalEngine<Model, Request> {
	task: PipelineType;
	/** Checks a parsed JSON body before any model is loaded; a RuntimeError ("input") when it is wrong. */
	parseRequest(body: unknown): Request;
	/** `log` takes one plain line for the hub's log (never a token or a request's content). */
	load(files: ModelFiles, log: (message: string) => void): Promise<Model>;
	/** The answer, sent to the client as JSON. */
	run(model: Model, request: Request): Promise<unknown>;
	release(model: Model): Promise<void>;
}
