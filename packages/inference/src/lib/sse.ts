/**
 * A small server-sent-events reader for streamed completions. It handles chunks
 * split anywhere (even inside a UTF-8 character), LF, CRLF and CR line ends,
 * multi-line `data:` fields, comments, `event: error`, and the `[DONE]` end
 * mark. A stream that ends before `[DONE]` is an error, not a quiet end.
 */
import {
	InferenceClientProviderApiError,
	InferenceClientProviderOutputError,
	redactRequest,
	redactSecret,
} from "../errors.js";

export interface ServerSentEvent {
	event: string;
	data: string;
}

/**
 * Incremental SSE decoding: feed it bytes as they arrive, it writes every
 * complete event into the caller's array. Synchronous, so a reader can decode a
 * whole network read and hand out its events without an extra generator per
 * layer; the array is reused from read to read (written by index, never
 * emptied: resetting an array's length is a runtime call per read).
 */
export class SseDecoder {
	// Both keep a byte-order mark: only the one at the very start of the stream is dropped (#started).
	#streaming = new TextDecoder("utf-8", { ignoreBOM: true });
	#whole = new TextDecoder("utf-8", { ignoreBOM: true });
	// Whether #streaming may hold the first bytes of a character cut at the end of a read.
	#streamingHolds = false;
	#started = false;
	#buffer = "";
	#event = "";
	#data: string[] = [];
	// A CR at the very end of a chunk may be the first half of a CRLF.
	#pendingCR = false;

	/**
	 * Feeds one chunk; `undefined` ends the stream (a last unterminated line and
	 * event still count). Each complete event goes into `out` as two entries,
	 * data then event name, from index 0; returns how many entries it wrote
	 * (entries past that are stale).
	 */
	push(bytes: Uint8Array | undefined, out: string[]): number {
		if (bytes === undefined) {
			const rest = this.#buffer + this.#streaming.decode();
			this.#buffer = "";
			let count = 0;
			if (rest !== "") count = this.#line(rest, out, count);
			return this.#line("", out, count);
		}
		let text = this.#decode(bytes);
		// An empty chunk (or one holding only part of a character) says nothing about a pending CR.
		if (text === "") return 0;
		let count = 0;
		if (this.#pendingCR && text.charCodeAt(0) === 10) text = text.slice(1);
		this.#pendingCR = false;
		const buffer = this.#buffer + text;
		let start = 0;
		// Where the next CR is, or -1 when none is left: scanned once per chunk, not once per line.
		let cr = buffer.indexOf("\r");
		if (cr === -1 && this.#data.length === 0 && this.#event === "") {
			// The usual shape of a completion stream, taken event by event while it lasts: whole
			// one-line "data:" events ending in "\n\n", no CR, nothing pending from an earlier line.
			for (;;) {
				const lf = buffer.indexOf("\n", start);
				if (lf === -1) {
					this.#buffer = start === 0 ? buffer : buffer.slice(start);
					return count;
				}
				if (buffer.charCodeAt(lf + 1) !== 10 || !startsWithData(buffer, start)) break;
				const from = buffer.charCodeAt(start + 5) === 32 ? start + 6 : start + 5;
				if (from < lf) {
					out[count++] = buffer.slice(from, lf);
					out[count++] = "message";
				}
				start = lf + 2;
			}
		}
		for (;;) {
			const lf = buffer.indexOf("\n", start);
			if (cr !== -1 && cr < start) cr = buffer.indexOf("\r", start);
			const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
			if (end === -1) break;
			const content = buffer.slice(start, end);
			if (end === cr) {
				if (end + 1 === buffer.length) this.#pendingCR = true;
				start = buffer.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
			} else {
				start = end + 1;
			}
			count = this.#line(content, out, count);
		}
		this.#buffer = start === 0 ? buffer : buffer.slice(start);
		return count;
	}

	/**
	 * One read's text. A short read that ends on an ASCII byte (so on a whole
	 * character) while no cut character is pending is decoded on its own: outside
	 * stream mode, Node decodes ASCII 2–5 times faster (a live token stream is one
	 * short read per token). Longer reads go through the streaming decoder, which
	 * is the faster one for long text with non-ASCII characters.
	 */
	#decode(bytes: Uint8Array): string {
		const last = bytes.length - 1;
		if (last === -1) return "";
		let text: string;
		if (!this.#streamingHolds && last < WHOLE_READ_LIMIT && (bytes[last] as number) < 0x80) {
			text = this.#whole.decode(bytes);
		} else {
			text = this.#streaming.decode(bytes, { stream: true });
			this.#streamingHolds = (bytes[last] as number) >= 0x80;
		}
		if (!this.#started && text !== "") {
			this.#started = true;
			if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
		}
		return text;
	}

	/** One line; a blank one ends the event. Returns the new entry count of `out`. */
	#line(text: string, out: string[], count: number): number {
		if (text === "") {
			// Per the SSE spec an event whose data is empty is not dispatched.
			if (this.#data.length > 0) {
				const payload = this.#data.length === 1 ? (this.#data[0] as string) : this.#data.join("\n");
				if (payload !== "") {
					out[count++] = payload;
					out[count++] = this.#event || "message";
				}
			}
			this.#event = "";
			this.#data = [];
			return count;
		}
		if (text.charCodeAt(0) === 58 /* ":" comment */) return count;
		const colon = text.indexOf(":");
		const field = colon === -1 ? text : text.slice(0, colon);
		let value = colon === -1 ? "" : text.slice(colon + 1);
		if (value.charCodeAt(0) === 32) value = value.slice(1);
		if (field === "data") this.#data.push(value);
		else if (field === "event") this.#event = value;
		return count;
	}
}

/** Reads of up to this many bytes may be decoded on their own (see SseDecoder's #decode). */
const WHOLE_READ_LIMIT = 1024;

/** Whether the line at `start` begins with the field name `data:` (character tests: no call, no copy). */
function startsWithData(text: string, start: number): boolean {
	return (
		text.charCodeAt(start) === 100 &&
		text.charCodeAt(start + 1) === 97 &&
		text.charCodeAt(start + 2) === 116 &&
		text.charCodeAt(start + 3) === 97 &&
		text.charCodeAt(start + 4) === 58
	);
}

/**
 * Splits a byte stream into events. Pure parsing: no JSON, no [DONE] handling.
 * Leaving the loop early cancels the stream (the connection is not needed any more).
 */
export async function* readServerSentEvents(stream: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
	const reader = stream.getReader();
	const decoder = new SseDecoder();
	const decoded: string[] = [];
	let finished = false;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			const count = decoder.push(done ? undefined : value, decoded);
			for (let index = 0; index < count; index += 2) {
				yield { event: decoded[index + 1] as string, data: decoded[index] as string };
			}
			if (done) break;
		}
		finished = true;
	} finally {
		if (!finished) await reader.cancel().catch(() => undefined);
		reader.releaseLock();
	}
}

/** What `completionPayload` returns for the `[DONE]` mark. */
export const STREAM_DONE: unique symbol = Symbol("[DONE]");

/**
 * One event of a completion stream as its JSON payload, or STREAM_DONE. Error
 * events, and payloads carrying an `error`, become typed errors.
 */
export function completionPayload(
	data: string,
	event: string,
	url: string,
	status: number,
	secret: string | undefined,
): unknown {
	if (data === "[DONE]") return STREAM_DONE;
	if (event === "error") throw streamError(data, url, status, secret);
	let payload: unknown;
	try {
		payload = JSON.parse(data);
	} catch {
		throw new InferenceClientProviderOutputError(
			`Invalid inference output: expected JSON in a stream event, got ${JSON.stringify(redactSecret(data, secret).slice(0, 200))}`,
		);
	}
	if (payload && typeof payload === "object" && (payload as { error?: unknown }).error != null) {
		throw streamError(data, url, status, secret);
	}
	return payload;
}

function streamError(
	data: string,
	url: string,
	status: number,
	secret: string | undefined,
): InferenceClientProviderApiError {
	let detail: unknown = data;
	try {
		const parsed = JSON.parse(data) as { error?: unknown };
		detail = parsed && typeof parsed === "object" && parsed.error !== undefined ? parsed.error : parsed;
	} catch {
		// plain-text error event
	}
	detail = redactSecret(detail, secret);
	const text =
		typeof detail === "string"
			? detail
			: detail && typeof detail === "object" && typeof (detail as { message?: unknown }).message === "string"
				? (detail as { message: string }).message
				: JSON.stringify(detail);
	return new InferenceClientProviderApiError(
		`Error forwarded from backend: ${text}`,
		redactRequest(url, { method: "POST" }, secret),
		{ status, body: detail },
	);
}
