/**
 * The runtime's side inside a worker thread: picks the engine for a call's task,
 * keeps loaded models per commit (a push to main loads the new weights on the next
 * call), at most `maxLoadedModels`, least recently used released first, and turns
 * every outcome into an answer (status and JSON text). Nothing here touches the
 * database or the blob store: files come through `ModelFiles`.
 */
import { type AnswerStream, BinaryAnswer, type EngineSettings, MediaBody, type ModelFiles } from "./engine.js";
import { ModelLostError, RuntimeError } from "./errors.js";
import {
	type AnyEngine,
	COMPLETION_ENGINES,
	FIRST_CHOICES,
	LOCAL_TASKS,
	noCompletionEngine,
	TASK_ENGINES,
} from "./local-engines.js";
import { answerCompletion, parseCompletionCall } from "./transformers/generation-task.js";
import type { Pipe } from "./transformers/types.js";
import { WEIGHT_CHOICES } from "./transformers-engine.js";
import type { WorkerAnswer, WorkerCall } from "./worker-protocol.js";

export { LOCAL_TASKS } from "./local-engines.js";

export interface EngineHostDeps {
	/** The files of one model revision; `paths` when the call brings its listing (chat and completion calls). */
	files(model: string, commit: string, paths?: readonly string[]): ModelFiles;
	log: { info(message: string): void; error(message: string, error?: unknown): void };
	maxLoadedModels: number;
	/** An exclusive engine's model (a GGUF) is released after this long without calls. Default 5 minutes. */
	completionIdleMs?: number;
	/** CPU threads for llama.cpp; default node-llama-cpp's. */
	completionThreads?: number;
	/**
	 * Ends this worker once idle, to free a released exclusive model's memory (engine.ts,
	 * `exclusive`); in a worker only. Without it such a model is released in place.
	 */
	retire?: () => void;
}

interface LoadedEntry {
	engine: AnyEngine;
	model: Promise<unknown>;
	/** Calls running on it now. */
	active: number;
	/** Out of the cache: released once no call uses it. */
	evicted: boolean;
	released?: boolean;
}

/** The call needs a worker with no exclusive model loaded: only ending the worker frees the one it holds. */
class FreshWorkerNeeded extends Error {
	constructor() {
		super("This call runs in a fresh worker");
		this.name = "FreshWorkerNeeded";
	}
}

/** The loaded models' key: a task engine's per task and commit; a completion engine's per commit. */
const keyOf = (engine: AnyEngine, commit: string) => `${engine.calls ? "completion" : engine.task} ${commit}`;

export interface EngineHost {
	/**
	 * Undefined when the answer went to `stream` (a streamed chat or completion); "fresh-worker"
	 * when the call must run in another worker (a GGUF model other than the one this worker holds).
	 */
	answer(call: WorkerCall, stream?: AnswerStream): Promise<WorkerAnswer | undefined | "fresh-worker">;
	/** Releases every loaded model. */
	close(): Promise<void>;
}

export function createEngineHost(deps: EngineHostDeps): EngineHost {
	/** `{task} {commit}` → the loading or loaded model; insertion order is recency. Tasks of one revision load apart. */
	const loaded = new Map<string, LoadedEntry>();
	const settings: EngineSettings = { threads: deps.completionThreads };
	/** Releases the exclusive model once no call came for `completionIdleMs`. */
	let idleTimer: NodeJS.Timeout | undefined;

	function releaseIfIdle(entry: LoadedEntry): void {
		if (!entry.evicted || entry.active > 0 || entry.released) return;
		entry.released = true;
		entry.model
			.then(async (model) => {
				await entry.engine.release(model);
				if (entry.engine.exclusive) deps.retire?.();
			})
			.catch(() => undefined);
	}

	function evict(key: string, entry: LoadedEntry): void {
		loaded.delete(key);
		entry.evicted = true;
		releaseIfIdle(entry);
	}

	/** An exclusive model goes before another loads: in a worker by ending the worker, else in place. */
	function makeRoomForExclusive(): void {
		for (const [key, other] of loaded) {
			if (!other.engine.exclusive) continue;
			if (deps.retire) throw new FreshWorkerNeeded();
			evict(key, other);
		}
	}

	function entryFor(engine: AnyEngine, files: ModelFiles, commit: string): LoadedEntry {
		const key = keyOf(engine, commit);
		let entry = loaded.get(key);
		if (entry) {
			loaded.delete(key);
		} else {
			if (engine.exclusive) makeRoomForExclusive();
			const created: LoadedEntry = {
				engine,
				model: engine.load(files, (message) => deps.log.info(message), settings),
				active: 0,
				evicted: false,
			};
			created.model.catch(() => {
				if (loaded.get(key) === created) loaded.delete(key);
			});
			entry = created;
		}
		loaded.set(key, entry);
		// The least recently used shared model goes first; an exclusive one is not counted.
		let shared = [...loaded.values()].filter((held) => !held.engine.exclusive).length;
		for (const [oldest, dropped] of loaded) {
			if (shared <= deps.maxLoadedModels) break;
			if (dropped.engine.exclusive) continue;
			evict(oldest, dropped);
			shared--;
		}
		return entry;
	}

	/** The loaded model's engine, else the first of FIRST_CHOICES that accepts the files, else the task's (LOCAL_ENGINES). */
	async function engineFor(call: Extract<WorkerCall, { kind: "run" }>): Promise<AnyEngine | undefined> {
		if (call.task === undefined) return undefined;
		if (call.commit) {
			const held = loaded.get(`${call.task} ${call.commit}`);
			if (held) return held.engine;
			const files = deps.files(call.model, call.commit);
			const own = await firstAccepting(FIRST_CHOICES, files, (engine) => engine.task === call.task);
			if (own) return own;
			// A packaged model asked for another task: say so, rather than what another engine lacks.
			const other = await firstAccepting(FIRST_CHOICES, files, (engine) => engine.task !== call.task);
			if (other) throw new RuntimeError("unsupported", `Model ${call.model} does ${other.task}, not ${call.task}`);
		}
		return TASK_ENGINES[call.task];
	}

	async function run(call: Extract<WorkerCall, { kind: "run" }>): Promise<unknown> {
		const engine = await engineFor(call);
		if (!engine) {
			throw new RuntimeError(
				"unsupported",
				`Model ${call.model} cannot run on this hub: the local runtime runs ${LOCAL_TASKS.join(", ")} models, not ${call.task ?? "models without a task"}`,
			);
		}
		const mediaType = call.contentType?.split(";")[0]?.trim().toLowerCase();
		if (engine.media) return await runOn(engine, call, mediaBodyFor(engine.media, call, mediaType));
		// The engines take JSON bodies; a body declared as something else (an image, a form) is not theirs.
		if (mediaType && mediaType !== "application/json" && !mediaType.endsWith("+json")) {
			throw new RuntimeError(
				"input",
				`Model ${call.model} takes a JSON body (Content-Type: application/json), not ${mediaType.slice(0, 80)}`,
			);
		}
		let body: unknown;
		try {
			body = JSON.parse(new TextDecoder().decode(call.body));
		} catch {
			throw new RuntimeError("input", "The request body is not valid JSON");
		}
		return await runOn(engine, call, body);
	}

	async function runOn(engine: AnyEngine, call: Extract<WorkerCall, { kind: "run" }>, body: unknown): Promise<unknown> {
		const request = engine.parseRequest(body);
		if (!call.commit) throw new RuntimeError("unsupported", `Model ${call.model} has no main branch`);
		const files = deps.files(call.model, call.commit);
		return withModel(engine, files, call.commit, (model) => engine.run(model, request, NO_STREAM));
	}

	async function withModel<T>(
		engine: AnyEngine,
		files: ModelFiles,
		commit: string,
		use: (model: unknown) => Promise<T>,
	): Promise<T> {
		if (engine.exclusive) clearTimeout(idleTimer);
		// The model is not released (even if evicted meanwhile) until this call is done with it.
		const entry = entryFor(engine, files, commit);
		entry.active++;
		try {
			return await use(await entry.model);
		} catch (error) {
			// A lost model would fail every later call too: the next one loads it again.
			const key = keyOf(engine, commit);
			if (error instanceof ModelLostError && loaded.get(key) === entry) evict(key, entry);
			throw error;
		} finally {
			entry.active--;
			releaseIfIdle(entry);
			if (engine.exclusive) releaseWhenIdle();
		}
	}

	function releaseWhenIdle(): void {
		clearTimeout(idleTimer);
		idleTimer = setTimeout(() => {
			for (const [key, entry] of loaded) if (entry.engine.exclusive) evict(key, entry);
		}, deps.completionIdleMs ?? 300_000);
		idleTimer.unref();
	}

	/**
	 * A chat or completion call: the first of COMPLETION_ENGINES that takes the model's files (a
	 * .gguf: llama.cpp), else, for a text completion of an ONNX model folder, transformers.js's
	 * text-generation engine.
	 */
	async function complete(
		call: Exclude<WorkerCall, { kind: "run" }>,
		stream: AnswerStream,
	): Promise<WorkerAnswer | undefined> {
		if (!call.commit) throw new RuntimeError("unsupported", `Model ${call.model} has no main branch`);
		const paths = call.paths ?? [];
		const files = deps.files(call.model, call.commit, paths);
		let output: unknown;
		const engine = await firstAccepting(COMPLETION_ENGINES, files, (candidate) => candidate.calls?.includes(call.kind));
		if (engine) {
			const request = engine.parseRequest(call.body, call.kind);
			output = await withModel(engine, files, call.commit, (model) => engine.run(model, request, stream));
		} else if (call.kind === "complete" && WEIGHT_CHOICES.some(({ path }) => paths.includes(path))) {
			const onnx = TASK_ENGINES["text-generation"] as AnyEngine;
			const request = parseCompletionCall(call.body);
			output = await withModel(onnx, files, call.commit, (pipe) =>
				answerCompletion(pipe as Pipe, request, call.model, stream),
			);
		} else {
			throw new RuntimeError("unsupported", noCompletionEngine(call.model));
		}
		return output === undefined ? undefined : { status: 200, body: JSON.stringify(output) };
	}

	async function answer(call: WorkerCall, stream?: AnswerStream): Promise<WorkerAnswer | undefined | "fresh-worker"> {
		try {
			if (call.kind === "run") {
				const output = await run(call);
				if (output instanceof BinaryAnswer) return { status: 200, body: output.bytes, contentType: output.contentType };
				return { status: 200, body: JSON.stringify(output) };
			}
			return await complete(call, stream ?? NO_STREAM);
		} catch (error) {
			if (error instanceof FreshWorkerNeeded) return "fresh-worker";
			if (error instanceof RuntimeError) {
				if (error.kind === "failed") deps.log.error(`Local runtime: ${error.message}`);
				return { status: error.status, body: JSON.stringify({ error: error.message }) };
			}
			deps.log.error("Local runtime: unexpected failure", error);
			return { status: 500, body: JSON.stringify({ error: "The local runtime failed to run the model" }) };
		}
	}

	return {
		answer,
		async close() {
			clearTimeout(idleTimer);
			const all = [...loaded.values()];
			loaded.clear();
			for (const entry of all) {
				entry.evicted = true;
				releaseIfIdle(entry);
			}
			await Promise.all(all.map((entry) => entry.model.catch(() => undefined)));
		},
	};
}

/**
 * An engine that takes images or recordings gets the raw body as a MediaBody when it is one
 * (image/* or audio/* as the engine takes, application/octet-stream, or no content type: a
 * client's Blob without a type), the parsed JSON for application/json (base64 `inputs`), and
 * a 400 for anything else.
 */
function mediaBodyFor(
	kind: "image" | "audio",
	call: Extract<WorkerCall, { kind: "run" }>,
	mediaType: string | undefined,
): unknown {
	if (!mediaType || mediaType === "application/octet-stream" || mediaType.startsWith(`${kind}/`)) {
		return new MediaBody(call.body, call.contentType);
	}
	if (mediaType === "application/json" || mediaType.endsWith("+json")) {
		try {
			return JSON.parse(new TextDecoder().decode(call.body));
		} catch {
			throw new RuntimeError("input", "The request body is not valid JSON");
		}
	}
	throw new RuntimeError(
		"input",
		`Model ${call.model} takes ${kind === "image" ? "an image (image/*)" : "a recording (audio/*)"} or JSON with base64 \`inputs\`, not ${mediaType.slice(0, 80)}`,
	);
}

function noStream(): never {
	throw new RuntimeError("input", "This call cannot be streamed here");
}

/** Where a `run` call's answer would stream: nowhere (only chat and completion calls stream). */
const NO_STREAM: AnswerStream = { open: noStream, write: noStream, signal: new AbortController().signal };

/** The first engine that takes the model's files, among those `fits`. */
async function firstAccepting(
	engines: readonly AnyEngine[],
	files: ModelFiles,
	fits: (engine: AnyEngine) => boolean | undefined,
): Promise<AnyEngine | undefined> {
	for (const engine of engines) if (fits(engine) && (await engine.accepts?.(files))) return engine;
	return undefined;
}
