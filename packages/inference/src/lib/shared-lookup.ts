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
	/** The result once the look-up has succeeded, else undefined: for callers that can go on without waiting. */
	peek(): T | undefined;
}

/** A value now or later: the cached steps of a call stay synchronous (no promise, no microtask). */
export type MaybePromise<T> = T | Promise<T>;

/** Applies `next` at once to a value, or once a promise settles. */
export function andThen<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
	return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * Starts `run` with a signal of its own. `onAbandon` is called when the last
 * waiter gave up before it settled (the caller drops it from its cache).
 */
export function sharedLookup<T>(run: (signal: AbortSignal) => Promise<T>, onAbandon: () => void): SharedLookup<T> {
	const controller = new AbortController();
	const promise = run(controller.signal);
	let settled = false;
	let fulfilled = false;
	let result: T | undefined;
	let waiters = 0;
	promise.then(
		(value) => {
			settled = true;
			fulfilled = true;
			result = value;
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
		peek: () => (fulfilled ? result : undefined),
		wait(signal) {
			// Settled (the cached case): nothing to wire.
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
