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
 * Splits a byte stream into events. Pure parsing: no JSON, no [DONE] handling.
 * Leaving the loop early cancels the stream (the connection is not needed any more).
 */
export async function* readServerSentEvents(stream: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
	const decoder = new TextDecoder();
	const reader = stream.getReader();
	let buffer = "";
	let event = "";
	let data: string[] = [];
	// A CR at the very end of a chunk may be the first half of a CRLF.
	let pendingCR = false;
	let finished = false;
	const line = (text: string): ServerSentEvent | undefined => {
		if (text === "") {
			// Per the SSE spec an event whose data is empty is not dispatched.
			const payload = data.join("\n");
			const ready = data.length > 0 && payload !== "" ? { event: event || "message", data: payload } : undefined;
			event = "";
			data = [];
			return ready;
		}
		if (text.charCodeAt(0) === 58 /* ":" comment */) return undefined;
		const colon = text.indexOf(":");
		const field = colon === -1 ? text : text.slice(0, colon);
		let value = colon === -1 ? "" : text.slice(colon + 1);
		if (value.charCodeAt(0) === 32) value = value.slice(1);
		if (field === "data") data.push(value);
		else if (field === "event") event = value;
		return undefined;
	};
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			let text = decoder.decode(value, { stream: true });
			// An empty chunk (or one holding only part of a character) says nothing about a pending CR.
			if (text === "") continue;
			if (pendingCR && text.charCodeAt(0) === 10) text = text.slice(1);
			pendingCR = false;
			buffer += text;
			let start = 0;
			// Where the next CR is, or -1 when none is left: scanning for it once per chunk, not once per line.
			let cr = buffer.indexOf("\r");
			for (;;) {
				const lf = buffer.indexOf("\n", start);
				if (cr !== -1 && cr < start) cr = buffer.indexOf("\r", start);
				const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
				if (end === -1) break;
				const content = buffer.slice(start, end);
				if (end === cr) {
					if (end + 1 === buffer.length) pendingCR = true;
					start = buffer.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
				} else {
					start = end + 1;
				}
				const ready = line(content);
				if (ready) yield ready;
			}
			buffer = buffer.slice(start);
		}
		finished = true;
		buffer += decoder.decode();
		// A last line without its line end, then a last event without its blank line, still count.
		if (buffer !== "") line(buffer);
		const last = line("");
		if (last) yield last;
	} finally {
		if (!finished) await reader.cancel().catch(() => undefined);
		reader.releaseLock();
	}
}

/**
 * Parsed JSON payloads of a completion stream, up to `[DONE]`. Errors sent in the
 * stream become typed errors; so does a stream cut before `[DONE]`.
 */
export async function* readCompletionStream<T>(response: Response, url: string, secret?: string): AsyncGenerator<T> {
	if (!response.body) {
		throw new InferenceClientProviderOutputError("Invalid inference output: expected a streamed response body");
	}
	for await (const message of readServerSentEvents(response.body)) {
		if (message.data === "[DONE]") return;
		if (message.event === "error") {
			throw streamError(message.data, url, response.status, secret);
		}
		let payload: unknown;
		try {
			payload = JSON.parse(message.data);
		} catch {
			throw new InferenceClientProviderOutputError(
				`Invalid inference output: expected JSON in a stream event, got ${JSON.stringify(redactSecret(message.data, secret).slice(0, 200))}`,
			);
		}
		if (payload && typeof payload === "object" && (payload as { error?: unknown }).error != null) {
			throw streamError(message.data, url, response.status, secret);
		}
		yield payload as T;
	}
	throw new InferenceClientProviderOutputError("Invalid inference output: the stream ended before [DONE]");
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
