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

function modelFiles(model: string, commit: string): ModelFiles {
	const bytes = async (path: string, limit: number): Promise<Uint8Array> => {
		const reply = await askFile({ model, commit, path, limit });
		if ("error" in reply) throw new RuntimeError(reply.error.kind, reply.error.message);
		if (!reply.bytes) throw new RuntimeError("unsupported", `Model ${model} has no ${path}`);
		return reply.bytes;
	};
	return {
		model,
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
	log: {
		info: (message) => send({ type: "log", level: "info", message }),
		error: (message, error) => {
			const detail = error instanceof Error ? (error.stack ?? error.message) : error === undefined ? "" : String(error);
			send({ type: "log", level: "error", message: detail ? `${message}: ${detail}` : message });
		},
	},
});

port.on("message", (message: ToWorker) => {
	if (message.type === "file") {
		const resolve = waiting.get(message.id);
		waiting.delete(message.id);
		resolve?.(message);
		return;
	}
	host.answer(message.call).then(({ status, body }) => send({ type: "answer", status, body }));
});
