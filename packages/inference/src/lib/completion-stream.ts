/**
 * The async iterator that `chatCompletionStream` and `textGenerationStream`
 * return. It behaves as an async generator does (lazy start, calls answered in
 * order, `return()` closes the connection) but is written by hand: an async
 * generator awaits every value it yields and resumes its frame once per chunk,
 * and on a fast stream that costs more than parsing the chunk's SSE framing.
 * Here a chunk already decoded from the last network read is handed out with
 * one resolved promise.
 */
import { InferenceClientError, InferenceClientProviderOutputError } from "../errors.js";
import { abortError } from "./http.js";
import { completionPayload, SseDecoder, STREAM_DONE } from "./sse.js";

/** A streamed response, sent and accepted (2xx with a body). */
export interface OpenedStream {
	response: Response;
	url: string;
	signal: AbortSignal;
}

const END: IteratorReturnResult<undefined> = Object.freeze({ value: undefined, done: true });

export class CompletionStream<T> implements AsyncGenerator<T, undefined, undefined> {
	readonly #open: () => Promise<OpenedStream>;
	readonly #secret: string | undefined;
	readonly #decoder = new SseDecoder();
	// The events of the last read, as data/event pairs; `#index` is the next one to hand out.
	readonly #events: string[] = [];
	#count = 0;
	#index = 0;
	#reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
	#url = "";
	#status = 0;
	#signal: AbortSignal | undefined;
	#closed = false;
	// A read (or the opening request) in flight: calls made meanwhile wait for it, in order.
	#busy: Promise<unknown> | undefined;

	/** `open` sends the request; nothing is sent before the first `next()`. */
	constructor(open: () => Promise<OpenedStream>, secret: string | undefined) {
		this.#open = open;
		this.#secret = secret;
	}

	[Symbol.asyncIterator](): this {
		return this;
	}

	next(): Promise<IteratorResult<T, undefined>> {
		if (this.#busy !== undefined) return this.#after(this.#busy, () => this.next());
		if (this.#index < this.#count) {
			let result: IteratorResult<T, undefined>;
			try {
				result = this.#take();
			} catch (error) {
				return this.#fail(error);
			}
			return result === END ? this.#close(true).then(() => END) : Promise.resolve(result);
		}
		if (this.#closed) return Promise.resolve(END);
		const reading = this.#read();
		// Cleared by #read once it settles, which is always after at least one await.
		this.#busy = reading;
		return reading;
	}

	/** Ends the stream early (a `break` out of `for await`): the connection is closed. */
	return(value?: undefined | PromiseLike<undefined>): Promise<IteratorResult<T, undefined>> {
		if (this.#busy !== undefined) return this.#after(this.#busy, () => this.return(value));
		return this.#close(true).then(() => ({ value: undefined, done: true }));
	}

	/** Ends the stream with `error`, as throwing into a suspended generator would. */
	throw(error: unknown): Promise<IteratorResult<T, undefined>> {
		if (this.#busy !== undefined) return this.#after(this.#busy, () => this.throw(error));
		return this.#close(true).then(() => {
			throw error;
		});
	}

	#after(
		busy: Promise<unknown>,
		call: () => Promise<IteratorResult<T, undefined>>,
	): Promise<IteratorResult<T, undefined>> {
		return busy.then(call, call);
	}

	/** The next decoded event as an iterator result; END for `[DONE]`. Throws typed stream errors. */
	#take(): IteratorResult<T, undefined> {
		const index = this.#index;
		this.#index = index + 2;
		const payload = completionPayload(
			this.#events[index] as string,
			this.#events[index + 1] as string,
			this.#url,
			this.#status,
			this.#secret,
		);
		return payload === STREAM_DONE ? END : { value: payload as T, done: false };
	}

	async #read(): Promise<IteratorResult<T, undefined>> {
		try {
			if (this.#reader === undefined) await this.#start();
			const reader = this.#reader as ReadableStreamDefaultReader<Uint8Array>;
			for (;;) {
				const { done, value } = await reader.read();
				this.#count = this.#decoder.push(done ? undefined : value, this.#events);
				this.#index = 0;
				if (this.#count > 0) {
					const result = this.#take();
					if (result === END) await this.#close(true);
					return result;
				}
				if (done) {
					await this.#close(false);
					throw new InferenceClientProviderOutputError("Invalid inference output: the stream ended before [DONE]");
				}
			}
		} catch (error) {
			// Not #fail: it would wait for this very read.
			await this.#close(true);
			throw this.#failure(error);
		} finally {
			this.#busy = undefined;
		}
	}

	async #start(): Promise<void> {
		const { response, url, signal } = await this.#open();
		this.#url = url;
		// Read once: Response's getters check their receiver on every call.
		this.#status = response.status;
		this.#signal = signal;
		this.#reader = (response.body as ReadableStream<Uint8Array>).getReader();
	}

	async #fail(error: unknown): Promise<never> {
		await this.#close(true);
		throw this.#failure(error);
	}

	/** What a failure becomes: an abort, our own typed error, or an interrupted stream. */
	#failure(error: unknown): unknown {
		if (this.#signal?.aborted) return abortError(this.#signal, error);
		// Errors from sending the request (before any byte of the stream) pass as they are.
		if (error instanceof InferenceClientError || this.#reader === undefined) return error;
		// The connection broke mid-stream (reset, truncated chunk): the stream never reached [DONE].
		return new InferenceClientProviderOutputError(
			`Invalid inference output: the stream was interrupted before [DONE] (${error instanceof Error ? error.message : String(error)})`,
		);
	}

	/** Closes once: cancels the body when it may still be open, and lets go of it. */
	async #close(cancel: boolean): Promise<void> {
		if (this.#closed) return;
		this.#closed = true;
		this.#count = 0;
		this.#index = 0;
		const reader = this.#reader;
		if (reader === undefined) return;
		if (cancel) await reader.cancel().catch(() => undefined);
		reader.releaseLock();
	}
}

/**
 * One idle stream, never started, alive as long as the module. V8 keeps the
 * hidden class that instances end up with only while one of them lives: when a
 * full GC finds none, code optimized for them (this iterator's methods, a
 * caller's `for await`) is thrown away, and the next stream runs while it is
 * compiled again: 5–9 % of a 10,000-chunk stream in bench/inference-stream-alternating.mjs,
 * which collects before every stream. This instance keeps the class alive.
 */
export const IDLE_STREAM: AsyncGenerator<never> = new CompletionStream<never>(
	() => Promise.reject(new Error("never opened")),
	undefined,
);
