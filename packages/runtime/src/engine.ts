/**
 * What a local inference engine is: one module per kind of model, run inside the
 * runtime's worker threads (engine-host.ts), never on the hub's event loop. An
 * engine reads the model's files through `ModelFiles` (the worker asks the main
 * thread, which holds the database and the blob store) and answers one task.
 *
 * Adding one: write `<name>-engine.ts` implementing `LocalEngine` and its capability
 * check, and add one entry to LOCAL_ENGINES (local-engines.ts). Several engines may
 * serve one task: the host gives a model to the first whose `accepts` takes its files.
 */
import type { PipelineType } from "@hubkit/tasks";

/**
 * What `accepts` reads of a revision: whether a file is there, a small JSON file, the file names.
 * Both threads answer it: a worker through ModelFiles, the hub's event loop from its store
 * (capability.ts), so the two decide whose model it is by the same function.
 */
export interface FileLookup {
	/** The model's id, for messages. */
	readonly model: string;
	/**
	 * Every file path of the revision, when known (the hub's look and chat and completion calls
	 * bring them): an engine that picks its file by name (a .gguf) needs them.
	 */
	readonly paths?: readonly string[];
	/** Whether the revision has a file at `path` (no bytes are read). */
	has(path: string): Promise<boolean>;
	/** The file parsed as JSON; a RuntimeError when it is not JSON. */
	json(path: string): Promise<unknown>;
}

/** One model revision's files, read on demand from the hub that holds them. */
export interface ModelFiles extends FileLookup {
	/** The file's bytes; a RuntimeError when it is missing, a placeholder or larger than `limit`. */
	bytes(path: string, limit: number): Promise<Uint8Array>;
}

/** A raw request body (an image or a recording, not JSON), as it came, for engines that take `media`. */
export class MediaBody {
	constructor(
		readonly bytes: Uint8Array,
		readonly contentType: string | undefined,
	) {}
}

/** An answer sent as these bytes with this content type (audio, an image), not as JSON. */
export class BinaryAnswer {
	constructor(
		readonly bytes: Uint8Array,
		readonly contentType: string,
	) {}
}

/** Where a streamed answer goes: `open` before the first event, then one `write` per event. */
export interface AnswerStream {
	open(): void;
	write(text: string): void;
	/** Aborted when the client goes away: generation stops. */
	readonly signal: AbortSignal;
}

/** The OpenAI-style calls (`/v1/chat/completions`, `/v1/completions`) an engine may answer instead of `run` calls. */
export type CompletionKind = "chat" | "complete";

/** What the worker is set up with, for engines that use it. */
export interface EngineSettings {
	/** CPU threads llama.cpp computes with; undefined: its default (the machine's math cores). */
	threads?: number;
}

export interface LocalEngine<Model, Request> {
	task: PipelineType;
	/**
	 * The OpenAI-style calls it answers; such an engine answers only those, never a task's `run`
	 * call, and gets the call's kind in `parseRequest`.
	 */
	calls?: readonly CompletionKind[];
	/**
	 * Its models hold a worker alone: one loaded at a time, outside the least-recently-used count,
	 * released after the worker's idle time without calls. A released model's memory comes back
	 * only when its thread ends, so in a worker a release retires the worker and a call for
	 * another model goes to a fresh one.
	 */
	exclusive?: boolean;
	/**
	 * The raw bodies it takes besides JSON: "image" (image/*) or "audio" (audio/*); the host hands
	 * such a body to `parseRequest` as a MediaBody. Without it a media body is refused (400).
	 */
	media?: "image" | "audio";
	/**
	 * Whether this engine reads this model's files (a cheap look, e.g. `files.has`, nothing
	 * loaded). Without it the engine takes every model of its task, so it goes last in its list.
	 */
	accepts?(files: FileLookup): Promise<boolean>;
	/** Checks a parsed JSON body before any model is loaded; a RuntimeError ("input") when it is wrong. */
	parseRequest(body: unknown, kind?: CompletionKind): Request;
	/** `log` takes one plain line for the hub's log (never a token or a request's content). */
	load(files: ModelFiles, log: (message: string) => void, settings: EngineSettings): Promise<Model>;
	/**
	 * The answer, sent to the client as JSON (a BinaryAnswer as its bytes); undefined when it went
	 * to `stream` as events (a streamed chat or completion).
	 */
	run(model: Model, request: Request, stream: AnswerStream): Promise<unknown>;
	release(model: Model): Promise<void>;
}
