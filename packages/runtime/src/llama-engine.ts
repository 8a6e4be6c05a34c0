/**
 * GGUF models through llama.cpp (node-llama-cpp's prebuilt CPU binary, loaded
 * with `build: "never"` and `gpu: false`: nothing is downloaded or compiled).
 * It serves the chat and completion calls (`/v1/chat/completions`,
 * `/v1/completions`), whole or streamed as server-sent events, with the
 * model's own chat template (node-llama-cpp reads `tokenizer.chat_template`).
 *
 * It runs in the runtime's one completion worker (local-runtime.ts), so one
 * warm model serves every call and calls wait their turn in that worker's
 * bounded queue. The warm model is released after `idleMs` without calls, and a
 * call for another model needs it released first. llama.cpp loads from a file,
 * so the GGUF is copied from the hub's store to a temporary file while loaded.
 *
 * Releasing a model in place does not give its memory back: disposing it and
 * loading another in the same thread aborted the process (a native Napi::Error
 * from node-llama-cpp 3.22.1), and a model only dropped keeps its weights
 * mapped (a 400 MB model: 599 MB resident before, 503 MB after a forced GC).
 * So in a worker (`retire` given) a released model ends the worker: after an
 * idle release the worker retires, and a call for another model is handed back
 * (FreshWorkerNeeded) to run in the worker that replaces it.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pickGgufFile } from "@hubkit/tasks";
import type { ChatHistoryItem, Llama, LlamaContext, LlamaContextSequence, LlamaModel } from "node-llama-cpp";
import type { ModelFiles } from "./engine.js";
import { RuntimeError } from "./errors.js";
import { CompletionAnswer, type FinishReason, usage } from "./llama/completion-answer.js";
import { type CompletionRequest, parseCompletionRequest } from "./llama/completion-request.js";

/** The largest GGUF the runtime copies out of the store (a Node.js buffer's limit). */
export const MAX_GGUF_BYTES = 4 * 1024 ** 3 - 1;
/** Tokens of context per call at most: prompt and answer together. */
const MAX_CONTEXT = 4096;

/** Where a streamed answer goes: `open` before the first event, then one `write` per event. */
export interface AnswerStream {
	open(): void;
	write(text: string): void;
	/** Aborted when the client goes away: generation stops. */
	readonly signal: AbortSignal;
}

export interface LlamaCall {
	kind: "chat" | "complete";
	model: string;
	commit: string;
	/** The revision's file paths (the engine picks its .gguf among them). */
	paths: readonly string[];
	body: unknown;
}

interface Warm {
	key: string;
	/** The model id, for log lines. */
	name: string;
	model: LlamaModel;
	context: LlamaContext;
	sequence: LlamaContextSequence;
	directory: string;
}

/** The .gguf file to run: a Q4_K_M one, else the nearest quantisation (the rule local apps use). */
export function ggufPath(paths: readonly string[]): string | undefined {
	return pickGgufFile({ id: "", siblings: paths.map((rfilename) => ({ rfilename })) } as Parameters<
		typeof pickGgufFile
	>[0]);
}

let llama: Promise<Llama> | undefined;

/** node-llama-cpp's native library, loaded once per worker and only when a GGUF call comes. */
function loadLlama(): Promise<Llama> {
	llama ??= import("node-llama-cpp").then(({ getLlama, LlamaLogLevel }) =>
		getLlama({ gpu: false, build: "never", progressLogs: false, logLevel: LlamaLogLevel.error }),
	);
	return llama;
}

const finishReason = (stopReason: string): FinishReason => (stopReason === "maxTokens" ? "length" : "stop");

function history(request: CompletionRequest): ChatHistoryItem[] {
	return request.messages.map((message): ChatHistoryItem => {
		if (message.role === "assistant") return { type: "model", response: [message.content] };
		return { type: message.role, text: message.content };
	});
}

export interface LlamaEngine {
	/** The whole answer as JSON; undefined when it was streamed (`stream.open()` was called). */
	answer(call: LlamaCall, files: ModelFiles, stream: AnswerStream): Promise<unknown>;
	close(): Promise<void>;
}

/** The call needs a worker with no model loaded: the warm one must go first, and only ending the worker frees it. */
export class FreshWorkerNeeded extends Error {
	constructor() {
		super("This call runs in a fresh worker");
		this.name = "FreshWorkerNeeded";
	}
}

export interface LlamaEngineOptions {
	idleMs: number;
	/**
	 * Ends this worker once it is idle (the pool starts another when a call comes). Given in a
	 * worker thread; without it (in process) models are released in place.
	 */
	retire?: () => void;
	/** CPU threads llama.cpp computes with; undefined: node-llama-cpp's default (the machine's math cores). */
	threads?: number;
	log(message: string): void;
}

export function createLlamaEngine(options: LlamaEngineOptions): LlamaEngine {
	let warm: Promise<Warm> | undefined;
	let warmKey: string | undefined;
	let idleTimer: NodeJS.Timeout | undefined;
	/** Releases run one after another, and a load waits for them (the idle timer's release may race a new call). */
	let releasing: Promise<void> = Promise.resolve();

	function release(): Promise<void> {
		const current = warm;
		warm = undefined;
		warmKey = undefined;
		releasing = releasing.then(async () => {
			const loaded = await current?.catch(() => undefined);
			if (!loaded) return;
			options.log(`Local runtime: released ${loaded.name}`);
			// Dropped, not disposed (see the top of this file); ending the worker frees the memory.
			await rm(loaded.directory, { recursive: true, force: true });
			options.retire?.();
		});
		return releasing;
	}

	async function load(files: ModelFiles, key: string, path: string): Promise<Warm> {
		const bytes = await files.bytes(path, MAX_GGUF_BYTES);
		const directory = await mkdtemp(join(tmpdir(), "hubkit-gguf-"));
		try {
			const modelPath = join(directory, "model.gguf");
			await writeFile(modelPath, bytes);
			const started = performance.now();
			let model: LlamaModel;
			try {
				model = await (await loadLlama()).loadModel({ modelPath });
			} catch (error) {
				options.log(`Local runtime: llama.cpp could not load ${files.model}'s ${path}: ${String(error)}`);
				throw new RuntimeError("unsupported", `Model ${files.model}: llama.cpp cannot load ${path}`);
			}
			const context = await model.createContext({ contextSize: { max: MAX_CONTEXT }, threads: options.threads });
			options.log(
				`Local runtime: loaded ${files.model} (${path}) with llama.cpp in ${Math.round(performance.now() - started)} ms`,
			);
			return { key, name: files.model, model, context, sequence: context.getSequence(), directory };
		} catch (error) {
			await rm(directory, { recursive: true, force: true });
			throw error;
		}
	}

	async function warmModel(files: ModelFiles, key: string, path: string): Promise<Warm> {
		if (warm && warmKey === key) return warm;
		if (warm && options.retire) throw new FreshWorkerNeeded();
		await release();
		warmKey = key;
		warm = load(files, key, path);
		warm.catch(() => {
			if (warmKey === key) {
				warm = undefined;
				warmKey = undefined;
			}
		});
		return warm;
	}

	async function generate(
		loaded: Warm,
		request: CompletionRequest,
		onText: (text: string) => void,
		signal: AbortSignal,
	) {
		const { LlamaChat, LlamaCompletion } = await import("node-llama-cpp");
		// Every call starts from an empty context, so the same seed gives the same text whatever came before.
		await loaded.sequence.clearHistory();
		let promptTokens: number | undefined;
		let completionTokens = 0;
		const settings = {
			maxTokens: request.maxTokens,
			temperature: request.temperature,
			topP: request.topP,
			seed: request.seed,
			customStopTriggers: request.stop.length > 0 ? request.stop : undefined,
			signal,
			stopOnAbortSignal: true,
			onTextChunk: onText,
			onToken: (tokens: readonly unknown[]) => {
				// The first generated token comes after the whole prompt was evaluated.
				promptTokens ??= loaded.sequence.nextTokenIndex;
				completionTokens += tokens.length;
			},
		};
		let text: string;
		let stopReason: string;
		if (request.kind === "chat") {
			const chat = new LlamaChat({ contextSequence: loaded.sequence });
			try {
				const result = await chat.generateResponse(history(request), settings);
				text = result.response;
				stopReason = result.metadata.stopReason;
			} finally {
				chat.dispose({ disposeSequence: false });
			}
		} else {
			const completion = new LlamaCompletion({ contextSequence: loaded.sequence });
			try {
				const result = await completion.generateCompletionWithMeta(request.prompt, settings);
				text = result.response;
				stopReason = result.metadata.stopReason;
			} finally {
				completion.dispose({ disposeSequence: false });
			}
		}
		if (signal.aborted) {
			options.log(`Local runtime: the client left; generation stopped after ${completionTokens} tokens`);
		}
		const counts = usage(promptTokens ?? loaded.sequence.nextTokenIndex, completionTokens);
		return { text, finish: finishReason(stopReason), counts };
	}

	return {
		async answer(call, files, stream) {
			const request = parseCompletionRequest(call.kind, call.body);
			const path = ggufPath(call.paths);
			if (!path) {
				throw new RuntimeError(
					"unsupported",
					`Model ${call.model} has no .gguf file to run: chat and text completion on this hub run GGUF models with llama.cpp, and none ships with the hub. Import one (a .gguf file in a model repository) to chat with it`,
				);
			}
			clearTimeout(idleTimer);
			try {
				const loaded = await warmModel(files, `${call.commit} ${path}`, path);
				const answer = new CompletionAnswer(request, call.model);
				if (!request.stream) {
					const { text, finish, counts } = await generate(loaded, request, () => undefined, stream.signal);
					return answer.whole(text, finish, counts);
				}
				stream.open();
				let first = true;
				const { finish, counts } = await generate(
					loaded,
					request,
					(text) => {
						if (text === "") return;
						stream.write(answer.piece(text, first));
						first = false;
					},
					stream.signal,
				);
				stream.write(answer.end(finish, counts));
				return undefined;
			} finally {
				idleTimer = setTimeout(() => {
					release().catch(() => undefined);
				}, options.idleMs);
				idleTimer.unref();
			}
		},
		async close() {
			clearTimeout(idleTimer);
			await release();
		},
	};
}
