/**
 * One in-flight look-up shared by every caller that needs the same answer
 * (a model's mapping, the task list). Each caller waits with its own signal: one
 * caller aborting ends only its own wait, and the look-up itself is aborted only
 * when every caller has given up on it.
 */
import { abortError } from "./http.js";

export interface SharedLookup<T> {
	/** Settles with the look-up (for cache bookkeeping; callers use `wait`). */
	readonly promise: Promise<T>;
	/** The look-up's result, or the abort error when `signal` fires first. */
	wait(signal: AbortSignal | undefined): Promise<T>;
}

/**
 * Starts `run` with a signal of its own. `onAbandon` is called when the last
 * waiter gave up before it settled (the caller drops it from its cache).
 */
export function sharedLookup<T>(run: (signal: AbortSignal) => Promise<T>, onAbandon: () => void): SharedLookup<T> {
	const controller = new AbortController();
	const promise = run(controller.signal);
	let settled = false;
	let waiters = 0;
	promise.then(
		() => {
			settled = true;
		},
		() => {
			settled = true;
		},
	);
	const leave = () => {
		waiters--;
		if (waiters <= 0 && !settled) {
			controller.abort();
			onAbandon();
		}
	};
	return {
		promise,
		wait(signal) {
			if (settled) return promise;
			waiters++;
			// A waiter without a signal never gives up: the look-up runs to its end.
			if (!signal) return promise;
			return new Promise<T>((resolve, reject) => {
				const onAbort = () => {
					leave();
					reject(abortError(signal));
				};
				if (signal.aborted) return onAbort();
				signal.addEventListener("abort", onAbort, { once: true });
				promise.then(
					(value) => {
						signal.removeEventListener("abort", onAbort);
						resolve(value);
					},
					(error: unknown) => {
						signal.removeEventListener("abort", onAbort);
						reject(error);
					},
				);
			});
		},
	};
}
