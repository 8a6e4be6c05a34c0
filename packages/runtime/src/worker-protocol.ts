/**
 * The messages between the hub's event loop and a runtime worker. A worker runs
 * one call at a time: the main thread sends `call`, the worker may ask for model
 * files (`file`, answered by id) and send log lines, and ends with `answer`.
 */
import type { RuntimeErrorKind } from "./errors.js";

/** One `LocalRuntime` call, after the main thread found the model and checked the caller may see it. */
export type WorkerCall =
	| {
			kind: "run";
			model: string;
			/** The model's `main` commit; undefined when it has no main branch. */
			commit: string | undefined;
			/** From the URL, else the model's own pipeline tag. */
			task: string | undefined;
			body: Uint8Array;
			/** The request's Content-Type, as the client sent it. */
			contentType?: string;
	  }
	| {
			kind: "chat" | "complete";
			model: string;
			commit: string | undefined;
			body: Record<string, unknown>;
			/** The revision's file paths: a completion engine picks its weights among them (a .gguf). */
			paths?: string[];
	  };

/** What the client gets: an HTTP status and a JSON body, already serialised, or bytes with their content type. */
export interface WorkerAnswer {
	status: number;
	/** JSON text; or the bytes of a binary answer (speech), handed over rather than copied. */
	body: string | Uint8Array;
	/** A binary answer's content type (e.g. audio/wav); JSON when absent. */
	contentType?: string;
}

export interface SerializedError {
	kind: RuntimeErrorKind;
	message: string;
}

/** A worker asks for one file of a model revision: its bytes up to `limit`, or (no limit) whether it exists. */
export interface FileRequest {
	type: "file";
	id: number;
	model: string;
	commit: string;
	path: string;
	limit?: number;
}

export type FileReply =
	| { type: "file"; id: number; exists: boolean; bytes?: Uint8Array }
	| { type: "file"; id: number; error: SerializedError };

export type ToWorker =
	| { type: "call"; call: WorkerCall }
	| FileReply
	/** The client of the streamed answer went away: stop generating. */
	| { type: "cancel" };

export type FromWorker =
	| ({ type: "answer" } & WorkerAnswer)
	| FileRequest
	| { type: "log"; level: "info" | "error"; message: string }
	/** A streamed answer instead of `answer`: `stream` (status 200, server-sent events), `chunk`s of event text, `end`. */
	| { type: "stream" }
	| { type: "chunk"; text: string }
	| { type: "end" }
	/**
	 * End this worker once its call is done (a released GGUF model's memory is freed only so);
	 * `retry`: the call it holds was not run, and goes to the worker that replaces it.
	 */
	| { type: "retire"; retry: boolean };

/** What every worker is started with. */
export interface WorkerOptions {
	maxLoadedModels: number;
	/** A completion worker's warm GGUF model is released after this long without calls. */
	completionIdleMs?: number;
	/** CPU threads for llama.cpp in a completion worker. */
	completionThreads?: number;
}
