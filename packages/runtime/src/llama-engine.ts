/**
 * GGUF models through llama.cpp (node-llama-cpp's prebuilt CPU binary, loaded
 * with `build: "never"` and `gpu: false`: nothing is downloaded or compiled).
 * An engine like the others (engine.ts) that answers the chat and completion
 * calls (`/v1/chat/completions`, `/v1/completions`), whole or streamed as
 * server-sent events, with the model's own chat template (node-llama-cpp reads
 * `tokenizer.chat_template`). llama.cpp loads from a file, so the GGUF is copied
 * from the hub's store to a temporary file while loaded.
 *
 * It runs in the runtime's one completion worker (local-runtime.ts), so one
 * warm model serves every call and calls wait their turn in that worker's
 * bounded queue. It is `exclusive` because releasing a model in place does not
 * give its memory back: disposing it and loading another in the same thread
 * aborted the process (a native Napi::Error from node-llama-cpp 3.22.1), and a
 * model only dropped keeps its weights mapped (a 400 MB model: 599 MB resident
 * before, 503 MB after a forced GC). So the host ends the worker after a release
 * and runs a call for another model in a fresh one (engine-host.ts).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pickGgufFile } from "@hubkit/tasks";
import type { ChatHistoryItem, Llama, LlamaContext, LlamaContextSequence, LlamaModel } from "node-llama-cpp";
import type { EngineSettings, LocalEngine, ModelFiles } from "./engine.js";
import { RuntimeError } from "./errors.js";
import { CompletionAnswer, type FinishReason, usage } from "./llama/completion-answer.js";
import { type CompletionRequest, parseCompletionRequest } from "./llama/completion-request.js";

/** The largest GGUF the runtime copies out of the store (a Node.js buffer's limit). */
export const MAX_GGUF_BYTES = 4 * 1024 ** 3 - 1;
/** Tokens of context per call at most: prompt and answer together. */
const MAX_CONTEXT = 4096;

/** A loaded GGUF: the model, its context, and the temporary copy llama.cpp reads. */
export interface LoadedGguf {
	/** The model id, for the answer and log lines. */
	name: string;
	model: LlamaModel;
	context: LlamaContext;
	sequence: LlamaContextSequence;
	directory: string;
	log(message: string): void;
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

async function loadGguf(
	files: ModelFiles,
	log: (message: string) => void,
	settings: EngineSettings,
): Promise<LoadedGguf> {
	// `accepts` took the model for its .gguf file, so there is one.
	const path = ggufPath(files.paths ?? []) as string;
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
			log(`Local runtime: llama.cpp could not load ${files.model}'s ${path}: ${String(error)}`);
			throw new RuntimeError("unsupported", `Model ${files.model}: llama.cpp cannot load ${path}`);
		}
		const context = await model.createContext({ contextSize: { max: MAX_CONTEXT }, threads: settings.threads });
		log(
			`Local runtime: loaded ${files.model} (${path}) with llama.cpp in ${Math.round(performance.now() - started)} ms`,
		);
		return { name: files.model, model, context, sequence: context.getSequence(), directory, log };
	} catch (error) {
		await rm(directory, { recursive: true, force: true });
		throw error;
	}
}

async function generate(
	loaded: LoadedGguf,
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
		loaded.log(`Local runtime: the client left; generation stopped after ${completionTokens} tokens`);
	}
	const counts = usage(promptTokens ?? loaded.sequence.nextTokenIndex, completionTokens);
	return { text, finish: finishReason(stopReason), counts };
}

export const llamaEngine: LocalEngine<LoadedGguf, CompletionRequest> = {
	task: "text-generation",
	calls: ["chat", "complete"],
	exclusive: true,
	async accepts(files) {
		return files.paths !== undefined && ggufPath(files.paths) !== undefined;
	},
	parseRequest: (body, kind) => parseCompletionRequest(kind ?? "complete", body),
	load: loadGguf,
	async run(loaded, request, stream) {
		const answer = new CompletionAnswer(request, loaded.name);
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
	},
	async release(loaded) {
		loaded.log(`Local runtime: released ${loaded.name}`);
		// Dropped, not disposed (see the top of this file); ending the worker frees the memory.
		await rm(loaded.directory, { recursive: true, force: true });
	},
};
