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
	| { kind: "chat" | "complete"; model: string; commit: string | undefined; body: Record<string, unknown> };

/** What the client gets: an HTTP status and a JSON body, already serialised. */
export interface WorkerAnswer {
	status: number;
	body: string;
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

export type ToWorker = { type: "call"; call: WorkerCall } | FileReply;

export type FromWorker =
	| ({ type: "answer" } & WorkerAnswer)
	| FileRequest
	| { type: "log"; level: "info" | "error"; message: string };

/** What every worker is started with. */
export interface WorkerOptions {
	maxLoadedModels: number;
}
