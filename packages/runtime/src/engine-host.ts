/**
 * The runtime's side inside a worker thread: picks the engine for a call's task,
 * keeps loaded models per commit (a push to main loads the new weights on the next
 * call), at most `maxLoadedModels`, least recently used released first, and turns
 * every outcome into an answer (status and JSON text). Nothing here touches the
 * database or the blob store: files come through `ModelFiles`.
 */
import { BinaryAnswer, MediaBody, type ModelFiles } from "./engine.js";
import { RuntimeError } from "./errors.js";
import { type AnswerStream, FreshWorkerNeeded, ggufPath } from "./llama-engine.js";
import { type AnyEngine, CHAT_ENGINE, FIRST_CHOICES, LOCAL_TASKS, TASK_ENGINES } from "./local-engines.js";
import { answerCompletion, parseCompletionCall } from "./transformers/generation-task.js";
import type { Pipe } from "./transformers/types.js";
import { WEIGHT_CHOICES } from "./transformers-engine.js";
import type { WorkerAnswer, WorkerCall } from "./worker-protocol.js";

export { LOCAL_TASKS } from "./local-engines.js";

export interface EngineHostDeps {
	/** The files of one model revision. */
	files(model: string, commit: string): ModelFiles;
	log: { info(message: string): void; error(message: string, error?: unknown): void };
	maxLoadedModels: number;
	/** The warm GGUF model is released after this long without calls. Default 5 minutes. */
	completionIdleMs?: number;
	/** CPU threads for llama.cpp; default node-llama-cpp's. */
	completionThreads?: number;
	/** Ends this worker once idle, to free a released GGUF model's memory (llama-engine.ts); in a worker only. */
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

function releaseIfIdle(entry: LoadedEntry): void {
	if (!entry.evicted || entry.active > 0 || entry.released) return;
	entry.released = true;
	entry.model.then((model) => entry.engine.release(model)).catch(() => undefined);
}

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
	// Chat and completion calls: GGUF models through llama.cpp (one warm model, in the completion worker).
	if (!CHAT_ENGINE) throw new Error("LOCAL_ENGINES has no chat engine");
	const llama = CHAT_ENGINE({
		idleMs: deps.completionIdleMs ?? 300_000,
		threads: deps.completionThreads,
		log: deps.log.info,
		retire: deps.retire,
	});

	function entryFor(engine: AnyEngine, model: string, commit: string): LoadedEntry {
		const key = `${engine.task} ${commit}`;
		let entry = loaded.get(key);
		if (entry) {
			loaded.delete(key);
		} else {
			const created: LoadedEntry = {
				engine,
				model: engine.load(deps.files(model, commit), (message) => deps.log.info(message)),
				active: 0,
				evicted: false,
			};
			created.model.catch(() => {
				if (loaded.get(key) === created) loaded.delete(key);
			});
			entry = created;
		}
		loaded.set(key, entry);
		for (const [oldest, dropped] of loaded) {
			if (loaded.size <= deps.maxLoadedModels) break;
			loaded.delete(oldest);
			dropped.evicted = true;
			releaseIfIdle(dropped);
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
			for (const engine of FIRST_CHOICES) {
				if (engine.task === call.task && (await engine.accepts?.(files))) return engine;
			}
			// A packaged model asked for another task: say so, rather than what another engine lacks.
			for (const engine of FIRST_CHOICES) {
				if (engine.task !== call.task && (await engine.accepts?.(files))) {
					throw new RuntimeError("unsupported", `Model ${call.model} does ${engine.task}, not ${call.task}`);
				}
			}
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
		return withModel(engine, call, (model) => engine.run(model, request));
	}

	async function withModel<T>(
		engine: AnyEngine,
		call: { model: string; commit: string | undefined },
		use: (model: unknown) => Promise<T>,
	): Promise<T> {
		if (!call.commit) throw new RuntimeError("unsupported", `Model ${call.model} has no main branch`);
		// The model is not released (even if evicted meanwhile) until this call is done with it.
		const entry = entryFor(engine, call.model, call.commit);
		entry.active++;
		try {
			return await use(await entry.model);
		} finally {
			entry.active--;
			releaseIfIdle(entry);
		}
	}

	/** A text completion for an ONNX model folder (no .gguf): transformers.js's text-generation engine. */
	async function completeWithOnnx(
		call: Exclude<WorkerCall, { kind: "run" }>,
		stream: AnswerStream,
	): Promise<WorkerAnswer | undefined> {
		const engine = TASK_ENGINES["text-generation"] as AnyEngine;
		const request = parseCompletionCall(call.body);
		const output = await withModel(engine, call, (pipe) => answerCompletion(pipe as Pipe, request, call.model, stream));
		return output === undefined ? undefined : { status: 200, body: JSON.stringify(output) };
	}

	async function answer(call: WorkerCall, stream?: AnswerStream): Promise<WorkerAnswer | undefined | "fresh-worker"> {
		try {
			if (call.kind === "run") {
				const output = await run(call);
				if (output instanceof BinaryAnswer) return { status: 200, body: output.bytes, contentType: output.contentType };
				return { status: 200, body: JSON.stringify(output) };
			}
			const sink = stream ?? { open: noStream, write: noStream, signal: new AbortController().signal };
			const paths = call.paths ?? [];
			if (call.kind === "complete" && !ggufPath(paths) && WEIGHT_CHOICES.some(({ path }) => paths.includes(path))) {
				return await completeWithOnnx(call, sink);
			}
			if (!call.commit) throw new RuntimeError("unsupported", `Model ${call.model} has no main branch`);
			const { kind, model, commit, body } = call;
			const output = await llama.answer(
				{ kind, model, commit, body, paths: call.paths ?? [] },
				deps.files(model, commit),
				sink,
			);
			return output === undefined ? undefined : { status: 200, body: JSON.stringify(output) };
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
			await llama.close();
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
