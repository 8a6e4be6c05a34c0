/**
 * A runtime worker thread's entry: answers the calls the pool sends, one at a
 * time, with the engine host; asks the main thread for model files and sends it
 * its log lines. Started by worker-pool.ts from the built `dist/` file.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { ModelFiles } from "./engine.js";
import { createEngineHost } from "./engine-host.js";
import { RuntimeError } from "./errors.js";
import type { FileReply, FileRequest, FromWorker, ToWorker, WorkerOptions } from "./worker-protocol.js";

/** config.json and tokenizer.json are read whole; a larger one is not a model this runtime can use. */
const MAX_JSON_BYTES = 64 * 1024 * 1024;

const port = parentPort;
if (!port) throw new Error("runtime-worker.js runs as a worker thread of the hub's local runtime");
const options = workerData as WorkerOptions;

const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let nextFileId = 0;
const waiting = new Map<number, (reply: FileReply) => void>();

function askFile(request: Omit<FileRequest, "type" | "id">): Promise<FileReply> {
	const id = nextFileId++;
	return new Promise((resolve) => {
		waiting.set(id, resolve);
		send({ type: "file", id, ...request });
	});
}

function modelFiles(model: string, commit: string, paths?: readonly string[]): ModelFiles {
	const bytes = async (path: string, limit: number): Promise<Uint8Array> => {
		const reply = await askFile({ model, commit, path, limit });
		if ("error" in reply) throw new RuntimeError(reply.error.kind, reply.error.message);
		if (!reply.bytes) throw new RuntimeError("unsupported", `Model ${model} has no ${path}`);
		return reply.bytes;
	};
	return {
		model,
		paths,
		async has(path) {
			const reply = await askFile({ model, commit, path });
			if ("error" in reply) throw new RuntimeError(reply.error.kind, reply.error.message);
			return reply.exists;
		},
		bytes,
		async json(path) {
			const text = new TextDecoder().decode(await bytes(path, MAX_JSON_BYTES));
			try {
				return JSON.parse(text);
			} catch {
				throw new RuntimeError("unsupported", `Model ${model}: ${path} is not valid JSON`);
			}
		},
	};
}

const host = createEngineHost({
	files: modelFiles,
	maxLoadedModels: options.maxLoadedModels,
	completionIdleMs: options.completionIdleMs,
	completionThreads: options.completionThreads,
	retire: () => send({ type: "retire", retry: false }),
	log: {
		info: (message) => send({ type: "log", level: "info", message }),
		error: (message, error) => {
			const detail = error instanceof Error ? (error.stack ?? error.message) : error === undefined ? "" : String(error);
			send({ type: "log", level: "error", message: detail ? `${message}: ${detail}` : message });
		},
	},
});

/** Aborts the call running now (a streamed answer whose client went away). */
let cancel: AbortController | undefined;

port.on("message", (message: ToWorker) => {
	if (message.type === "file") {
		const resolve = waiting.get(message.id);
		waiting.delete(message.id);
		resolve?.(message);
		return;
	}
	if (message.type === "cancel") {
		cancel?.abort();
		return;
	}
	const controller = new AbortController();
	cancel = controller;
	let streaming = false;
	const stream = {
		open() {
			streaming = true;
			send({ type: "stream" });
		},
		write: (text: string) => send({ type: "chunk", text }),
		signal: controller.signal,
	};
	host.answer(message.call, stream).then((answer) => {
		if (cancel === controller) cancel = undefined;
		if (answer === "fresh-worker") return send({ type: "retire", retry: true });
		if (streaming) {
			// A failure after the stream began is one last event (the client reads `error` as a failed stream).
			if (answer && typeof answer.body === "string") send({ type: "chunk", text: `data: ${answer.body}\n\n` });
			send({ type: "end" });
			return;
		}
		if (!answer) throw new Error("An answer was streamed without opening the stream");
		const { status, body, contentType } = answer;
		// A binary answer's bytes move to the main thread instead of being copied.
		const transfer = typeof body === "string" ? [] : [body.buffer as ArrayBuffer];
		send({ type: "answer", status, body, ...(contentType ? { contentType } : {}) }, transfer);
	});
});
