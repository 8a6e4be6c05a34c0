/**
 * Server-sent events, read the way the HTML standard's "interpreting an event
 * stream" describes: UTF-8 text (one leading byte-order mark dropped), cut into
 * lines at CRLF, LF or CR; each line a field (`name: value`), a comment (`:`…)
 * or, when blank, the end of an event. Chunks may be cut anywhere, even inside
 * a character or between the CR and LF of one line end.
 *
 * Two choices differ from the standard, both for completion streams: an event
 * whose data is empty is not dispatched, and a last event with no blank line
 * after it still is (a stream ending `data: [DONE]` has ended).
 */

export interface ServerSentEvent {
	/** The `event:` field; "message" when there is none. */
	event: string;
	/** The `data:` lines of the event, joined with LF. */
	data: string;
}

/** Turns bytes, fed as they arrive, into events. */
export class SseDecoder {
	readonly #text = new TextDecoder();
	/** Text after the last complete line. */
	#rest = "";
	/** The last line ended with CR: an LF starting the next chunk belongs to it. */
	#afterCR = false;
	/** The event type buffer. */
	#type = "";
	/** The data buffer: the event's `data:` lines joined with LF; undefined before the first. */
	#data: string | undefined;

	/** The events completed by this chunk. */
	push(bytes: Uint8Array): ServerSentEvent[] {
		return this.#lines(this.#text.decode(bytes, { stream: true }));
	}

	/** The end of the stream: a last line without a line end, and a last event without a blank line, still count. */
	end(): ServerSentEvent[] {
		const events = this.#lines(this.#text.decode());
		if (this.#rest !== "") this.#line(this.#rest, events);
		this.#rest = "";
		this.#line("", events);
		return events;
	}

	#lines(chunk: string): ServerSentEvent[] {
		const events: ServerSentEvent[] = [];
		let text = chunk;
		if (this.#afterCR && text !== "") {
			this.#afterCR = false;
			if (text.startsWith("\n")) text = text.slice(1);
		}
		text = this.#rest + text;
		// Most streams end lines with LF alone; CR is looked for only in text that has one.
		const hasCR = text.includes("\r");
		let start = 0;
		for (;;) {
			const end = hasCR ? lineEnd(text, start) : text.indexOf("\n", start);
			if (end === -1) break;
			this.#line(text.slice(start, end), events);
			start = end + 1;
			if (text.charCodeAt(end) === CR) {
				if (end + 1 === text.length) this.#afterCR = true;
				else if (text.charCodeAt(end + 1) === LF) start++;
			}
		}
		this.#rest = text.slice(start);
		return events;
	}

	/** One line: a blank one dispatches the event, others are a field or a comment. */
	#line(line: string, events: ServerSentEvent[]): void {
		if (line === "") {
			if (this.#data) events.push({ event: this.#type || "message", data: this.#data });
			this.#type = "";
			this.#data = undefined;
			return;
		}
		if (line.startsWith(":")) return;
		const colon = line.indexOf(":");
		const field = colon === -1 ? line : line.slice(0, colon);
		// The value follows the colon, without one leading space.
		const value = colon === -1 ? "" : line.slice(line.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1);
		if (field === "data") this.#data = this.#data === undefined ? value : `${this.#data}\n${value}`;
		else if (field === "event") this.#type = value;
		// `id` and `retry` steer reconnecting, which a completion stream never does; unknown fields are ignored.
	}
}

const CR = 13;
const LF = 10;
const SPACE = 32;

/** Where the line starting at `start` ends (its CR or LF), or -1 when it has not ended yet. */
function lineEnd(text: string, start: number): number {
	for (let index = start; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (code === LF || code === CR) return index;
	}
	return -1;
}

/**
 * The events of a byte stream, as they arrive. Pure parsing: no JSON, no
 * `[DONE]`. Leaving the loop early cancels the stream (the connection is not
 * needed any more).
 */
export async function* readServerSentEvents(stream: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
	const reader = stream.getReader();
	const decoder = new SseDecoder();
	let finished = false;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			for (const event of done ? decoder.end() : decoder.push(value)) yield event;
			if (done) break;
		}
		finished = true;
	} finally {
		if (!finished) await reader.cancel().catch(() => undefined);
		reader.releaseLock();
	}
}
