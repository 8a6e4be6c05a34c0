/**
 * Admits password hashing a few at a time. scrypt runs on libuv's thread pool (four threads by
 * default), the same pool that reads files from disk: a burst of sign-ups or sign-ins would
 * otherwise take every thread (and 128 MiB each) and leave `/resolve` waiting behind them. Work
 * runs in arrival order; while `concurrency` hashes run, up to `capacity` more wait, and the next
 * one is refused at once with a 503 and `Retry-After`, so no request waits unboundedly.
 */
import { HubError } from "../errors.js";

export interface HashingQueueOptions {
	/** Hashes running at once. */
	concurrency: number;
	/** Hashes waiting their turn before further ones are refused. */
	capacity: number;
}

export interface HashingQueue {
	/** Runs `work` when its turn comes; a `HubError` 503 (`PasswordHashingBusy`) when the queue is full. */
	run<T>(work: () => Promise<T>): Promise<T>;
	/** Running and waiting now, and the most that ever ran at once. */
	readonly load: { running: number; waiting: number; peakRunning: number };
}

/** Seconds one hash takes on a modest machine (scrypt, N=2^17): the estimate before any hash was measured. */
const FIRST_ESTIMATE_MS = 400;

export function hashingQueue(options: HashingQueueOptions): HashingQueue {
	const { concurrency, capacity } = options;
	if (!(concurrency >= 1) || !(capacity >= 0)) throw new Error("A hashing queue needs concurrency >= 1, capacity >= 0");
	const waiting: Array<() => void> = [];
	let running = 0;
	let peakRunning = 0;
	// The last hash's duration, to tell a refused caller roughly when the queue will have room.
	let lastMs = FIRST_ESTIMATE_MS;

	// A finishing hash hands its slot straight to the next in line (running stays the same), so a
	// newcomer arriving in between cannot overtake the queue.
	const finish = () => {
		const next = waiting.shift();
		if (next) next();
		else running -= 1;
	};

	return {
		async run(work) {
			if (running >= concurrency) {
				if (waiting.length >= capacity) {
					const seconds = Math.max(1, Math.ceil((lastMs * (waiting.length + 1)) / concurrency / 1000));
					throw new HubError(503, `Too many password checks at once: try again in ${seconds} s`, {
						code: "PasswordHashingBusy",
						headers: { "Retry-After": String(seconds) },
					});
				}
				await new Promise<void>((resolve) => waiting.push(resolve));
			} else {
				running += 1;
				peakRunning = Math.max(peakRunning, running);
			}
			const began = performance.now();
			try {
				return await work();
			} finally {
				lastMs = performance.now() - began;
				finish();
			}
		},
		get load() {
			return { running, waiting: waiting.length, peakRunning };
		},
	};
}
