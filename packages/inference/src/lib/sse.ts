/**
 * A small server-sent-events reader for streamed completions. It handles chunks
 * split anywhere (even inside a UTF-8 character), LF, CRLF and CR line ends,
 * multi-line `data:` fields, comments, `event: error`, and the `[DONE]` end
 * mark. A stream that ends before `[DONE]` is an error, not a quiet end.
 */
import { InferenceClientProviderApiError, InferenceClientProviderOutputError, redactRequest } from "../errors.js";

export interface ServerSentEvent {
	event: string;
	data: string;
}

/** Splits a byte stream into events. Pure parsing: no JSON, no [DONE] handling. */
export async function* readServerSentEvents(stream: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
	const decoder = new TextDecoder();
	const reader = stream.getReader();
	let buffer = "";
	let event = "";
	let data: string[] = [];
	// A CR at the very end of a chunk may be the first half of a CRLF.
	let pendingCR = false;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			let text = decoder.decode(value, { stream: true });
			if (pendingCR && text.startsWith("\n")) text = text.slice(1);
			pendingCR = false;
			buffer += text;
			let start = 0;
			for (;;) {
				const lf = buffer.indexOf("\n", start);
				const cr = buffer.indexOf("\r", start);
				const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
				if (end === -1) break;
				const line = buffer.slice(start, end);
				if (buffer[end] === "\r") {
					if (end + 1 === buffer.length) pendingCR = true;
					start = buffer[end + 1] === "\n" ? end + 2 : end + 1;
				} else {
					start = end + 1;
				}
				if (line === "") {
					if (data.length > 0) yield { event: event || "message", data: data.join("\n") };
					event = "";
					data = [];
					continue;
				}
				if (line.charCodeAt(0) === 58 /* ":" comment */) continue;
				const colon = line.indexOf(":");
				const field = colon === -1 ? line : line.slice(0, colon);
				let value = colon === -1 ? "" : line.slice(colon + 1);
				if (value.charCodeAt(0) === 32) value = value.slice(1);
				if (field === "data") data.push(value);
				else if (field === "event") event = value;
			}
			buffer = buffer.slice(start);
		}
		buffer += decoder.decode();
		// A last event not followed by a blank line still counts.
		if (buffer.startsWith("data:")) {
			const value = buffer.slice(5);
			data.push(value.charCodeAt(0) === 32 ? value.slice(1) : value);
		}
		if (data.length > 0) yield { event: event || "message", data: data.join("\n") };
	} finally {
		reader.releaseLock();
	}
}

/**
 * Parsed JSON payloads of a completion stream, up to `[DONE]`. Errors sent in the
 * stream become typed errors; so does a stream cut before `[DONE]`.
 */
export async function* readCompletionStream<T>(response: Response, url: string): AsyncGenerator<T> {
	if (!response.body) {
		throw new InferenceClientProviderOutputError("Invalid inference output: expected a streamed response body");
	}
	for await (const message of readServerSentEvents(response.body)) {
		if (message.data === "[DONE]") return;
		if (message.event === "error") {
			throw streamError(message.data, url, response.status);
		}
		let payload: unknown;
		try {
			payload = JSON.parse(message.data);
		} catch {
			throw new InferenceClientProviderOutputError(
				`Invalid inference output: expected JSON in a stream event, got ${JSON.stringify(message.data.slice(0, 200))}`,
			);
		}
		if (payload && typeof payload === "object" && "error" in payload) {
			throw streamError(message.data, url, response.status);
		}
		yield payload as T;
	}
	throw new InferenceClientProviderOutputError("Invalid inference output: the stream ended before [DONE]");
}

function streamError(data: string, url: string, status: number): InferenceClientProviderApiError {
	let detail: unknown = data;
	try {
		const parsed = JSON.parse(data) as { error?: unknown };
		detail = parsed.error ?? parsed;
	} catch {
		// plain-text error event
	}
	const text =
		typeof detail === "string"
			? detail
			: detail && typeof detail === "object" && typeof (detail as { message?: unknown }).message === "string"
				? (detail as { message: string }).message
				: JSON.stringify(detail);
	return new InferenceClientProviderApiError(
		`Error forwarded from backend: ${text}`,
		redactRequest(url, { method: "POST" }),
		{ status, body: detail },
	);
}
