/**
 * A fixed number of worker threads running the runtime's calls off the hub's
 * event loop, one call per worker at a time. Workers start on demand (a hub that
 * never runs a model starts none). Calls beyond the workers wait in a bounded
 * queue; past it a call fails at once with RuntimeBusyError. A worker that dies
 * (an uncaught error, an exit) fails only the call it was running; the next call
 * starts a fresh worker. A worker may ask to retire (to free memory only its end
 * frees): it is ended once its call is done, or at once with its call handed to
 * the worker that replaces it. `close` ends every worker.
 */
import { Worker } from "node:worker_threads";
import { RuntimeBusyError, RuntimeError } from "./errors.js";
import type { FromWorker, ToWorker, WorkerAnswer, WorkerCall, WorkerOptions } from "./worker-protocol.js";

/** What a busy caller is told to wait: about how long a maximum-size call takes. */
const RETRY_AFTER_SECONDS = 1;

/** A worker's answer: status and body, or a stream of server-sent events that ends when the worker's call does. */
export type PoolAnswer = WorkerAnswer | { status: 200; stream: ReadableStream<Uint8Array> };

/** Worker messages the pool handles itself. */
type PoolMessage = { type: "answer" | "stream" | "chunk" | "end" | "retire" };

export interface WorkerPoolOptions {
	/** The worker's entry module (a built `.js` file). */
	script: URL;
	size: number;
	maxQueued: number;
	workerOptions: WorkerOptions;
	/** Seconds a busy caller is told to wait (`Retry-After`). Default 1. */
	retryAfterSeconds?: number;
	/** A worker's messages other than answers: file requests and log lines. `reply` posts back to that worker. */
	onMessage(
		message: Exclude<FromWorker, PoolMessage>,
		reply: (message: ToWorker, transfer?: ArrayBuffer[]) => void,
	): void;
	/** A worker died; `error` is its uncaught error, if it had one. */
	onCrash(error: unknown): void;
}

interface Job {
	call: WorkerCall;
	resolve(answer: PoolAnswer): void;
	reject(error: unknown): void;
}

interface Slot {
	worker: Worker;
	job: Job | undefined;
	/** The uncaught error the worker died of, reported on exit. */
	error?: unknown;
	/** The streamed answer being written, if the job's answer is one. */
	stream?: ReadableStreamDefaultController<Uint8Array>;
	/** Asked to retire: takes no new call, and is ended once idle. */
	retiring?: boolean;
}

export interface WorkerPoolLoad {
	workers: number;
	running: number;
	queued: number;
}

export class WorkerPool {
	readonly #options: WorkerPoolOptions;
	readonly #slots = new Set<Slot>();
	readonly #queue: Job[] = [];
	#closed = false;

	constructor(options: WorkerPoolOptions) {
		this.#options = options;
	}

	/** Runs the call in a worker; rejects with RuntimeBusyError when the queue is full. */
	call(call: WorkerCall): Promise<PoolAnswer> {
		return new Promise((resolve, reject) => {
			if (this.#closed) return reject(new RuntimeError("failed", "The local runtime is shut down"));
			const job = { call, resolve, reject };
			const slot = [...this.#slots].find((candidate) => !candidate.job && !candidate.retiring) ?? this.#startWorker();
			if (slot) return this.#assign(slot, job);
			if (this.#queue.length >= this.#options.maxQueued) {
				return reject(
					new RuntimeBusyError(
						"The local runtime is busy: every worker is running a call and the queue is full; try again shortly",
						this.#options.retryAfterSeconds ?? RETRY_AFTER_SECONDS,
					),
				);
			}
			this.#queue.push(job);
		});
	}

	get load(): WorkerPoolLoad {
		const running = [...this.#slots].filter((slot) => slot.job).length;
		return { workers: this.#slots.size, running, queued: this.#queue.length };
	}

	async close(): Promise<void> {
		this.#closed = true;
		for (const job of this.#queue.splice(0)) job.reject(new RuntimeError("failed", "The local runtime is shut down"));
		await Promise.all([...this.#slots].map((slot) => slot.worker.terminate()));
	}

	/** A new worker, or undefined when the pool is full. */
	#startWorker(): Slot | undefined {
		if (this.#slots.size >= this.#options.size) return undefined;
		const worker = new Worker(this.#options.script, { workerData: this.#options.workerOptions });
		// An idle worker must not keep the process alive; the server that uses the runtime does.
		worker.unref();
		const slot: Slot = { worker, job: undefined };
		this.#slots.add(slot);
		const reply = (message: ToWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
		worker.on("message", (message: FromWorker) => {
			if (message.type === "stream") return this.#openStream(slot, reply);
			if (message.type === "chunk") return this.#write(slot, message.text);
			if (message.type === "end") {
				this.#endStream(slot);
				slot.job = undefined;
				return this.#next(slot);
			}
			if (message.type === "retire") return this.#retire(slot, message.retry);
			if (message.type !== "answer") return this.#options.onMessage(message, reply);
			const job = slot.job;
			slot.job = undefined;
			job?.resolve({ status: message.status, body: message.body, contentType: message.contentType });
			this.#next(slot);
		});
		worker.on("error", (error) => {
			slot.error = error;
		});
		worker.on("exit", () => {
			this.#slots.delete(slot);
			if (slot.retiring && !slot.job && !this.#closed) {
				// Asked for: not a crash. Calls waiting for a worker get the replacement.
				const replacement = this.#queue.length > 0 ? this.#startWorker() : undefined;
				if (replacement) this.#next(replacement);
				return;
			}
			slot.stream?.error(new RuntimeError("failed", "The local runtime's worker stopped while streaming this answer"));
			slot.stream = undefined;
			if (this.#closed) {
				slot.job?.reject(new RuntimeError("failed", "The local runtime shut down while running this call"));
				return;
			}
			this.#options.onCrash(slot.error);
			slot.job?.reject(
				new RuntimeError(
					"failed",
					"The local runtime's worker stopped while running this call; other calls are not affected",
				),
			);
			// Calls waiting for a worker get the replacement.
			const replacement = this.#queue.length > 0 ? this.#startWorker() : undefined;
			if (replacement) this.#next(replacement);
		});
		return slot;
	}

	/** The job's answer is a stream: the slot stays busy until the worker's `end`; a cancelled stream stops the call. */
	#openStream(slot: Slot, reply: (message: ToWorker) => void): void {
		const job = slot.job;
		const stream = new ReadableStream<Uint8Array>({
			start: (controller) => {
				slot.stream = controller;
			},
			cancel: () => {
				if (slot.job !== job) return;
				slot.stream = undefined;
				reply({ type: "cancel" });
			},
		});
		job?.resolve({ status: 200, stream });
	}

	#write(slot: Slot, text: string): void {
		slot.stream?.enqueue(new TextEncoder().encode(text));
	}

	#endStream(slot: Slot): void {
		slot.stream?.close();
		slot.stream = undefined;
	}

	#assign(slot: Slot, job: Job): void {
		slot.job = job;
		// A request body that is a whole buffer of its own (an image, a recording) moves to the worker uncopied.
		const body = job.call.kind === "run" ? job.call.body : undefined;
		const transfer =
			body && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? [body.buffer as ArrayBuffer] : [];
		slot.worker.postMessage({ type: "call", call: job.call } satisfies ToWorker, transfer);
	}

	#retire(slot: Slot, retry: boolean): void {
		slot.retiring = true;
		if (retry && slot.job) {
			// First in line: it was this worker's turn already.
			this.#queue.unshift(slot.job);
			slot.job = undefined;
		}
		if (!slot.job) void slot.worker.terminate();
	}

	#next(slot: Slot): void {
		if (slot.retiring) {
			if (!slot.job) void slot.worker.terminate();
			return;
		}
		const job = this.#queue.shift();
		if (job) this.#assign(slot, job);
	}
}
