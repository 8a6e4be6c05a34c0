import { GitFormatError } from "./format-error.js";

/**
 * A pull reader over an async iterable of byte chunks: the pkt-line and pack readers ask it for
 * exact lengths and it holds only what they have not taken yet. Views it hands out stay valid:
 * its buffer is replaced when it grows, never written into.
 */
export class ByteSource {
	readonly #iterator: AsyncIterator<Uint8Array>;
	#buffer: Uint8Array = new Uint8Array(0);
	#start = 0;
	#ended = false;
	/** Bytes taken so far: the offset of the next byte in the whole stream. */
	position = 0;

	constructor(source: AsyncIterable<Uint8Array>) {
		this.#iterator = source[Symbol.asyncIterator]();
	}

	/** Bytes held and not yet taken. */
	get buffered(): number {
		return this.#buffer.byteLength - this.#start;
	}

	/** The held bytes, not taken. */
	peek(): Uint8Array {
		return this.#buffer.subarray(this.#start);
	}

	/** Reads chunks until at least `min` bytes are held; false when the stream ended first. */
	async fill(min: number): Promise<boolean> {
		if (this.buffered >= min) return true;
		const parts: Uint8Array[] = [this.peek()];
		let held = this.buffered;
		while (held < min && !this.#ended) {
			const next = await this.#iterator.next();
			if (next.done) this.#ended = true;
			else if (next.value.byteLength > 0) {
				parts.push(next.value);
				held += next.value.byteLength;
			}
		}
		if (parts.length > 1) {
			this.#buffer = parts.length === 2 && parts[0]?.byteLength === 0 ? (parts[1] as Uint8Array) : concat(parts, held);
			this.#start = 0;
		}
		return held >= min;
	}

	/** Takes `length` held bytes (the caller filled them first). */
	take(length: number): Uint8Array {
		if (length > this.buffered) throw new Error(`take(${length}) past the ${this.buffered} bytes held`);
		const bytes = this.#buffer.subarray(this.#start, this.#start + length);
		this.#start += length;
		this.position += length;
		return bytes;
	}

	/** Exactly `length` bytes, or a `truncated` error naming `what` was cut short. */
	async read(length: number, what: string): Promise<Uint8Array> {
		if (!(await this.fill(length))) {
			throw new GitFormatError("truncated", `the stream ends inside ${what} at byte ${this.position}`);
		}
		return this.take(length);
	}

	/** Lets the source go (a reader stopped early or failed): its iterator is told to return. */
	async close(): Promise<void> {
		if (this.#ended) return;
		this.#ended = true;
		await this.#iterator.return?.();
	}

	/** True once every byte was taken and the stream has nothing more. */
	async atEnd(): Promise<boolean> {
		return !(await this.fill(1));
	}
}

export function concat(parts: readonly Uint8Array[], size = parts.reduce((sum, part) => sum + part.byteLength, 0)) {
	const out = new Uint8Array(size);
	let offset = 0;
	for (const part of parts) {
		out.set(part, offset);
		offset += part.byteLength;
	}
	return out;
}
