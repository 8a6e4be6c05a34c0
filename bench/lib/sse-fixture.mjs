/**
 * A realistic chat-completion stream: N chunks as a text-generation-inference
 * server sends them (`data: {json}\n\n`, then `data: [DONE]\n\n`), cut into
 * byte pieces the way a network delivers them. Deterministic (seeded), so every
 * implementation and every round parses the very same bytes.
 */

import { prng } from "./harness.mjs";

// Mostly short English tokens, some multi-byte UTF-8 (2, 3 and 4 bytes), some
// characters JSON has to escape.
const TOKENS = [
	" the",
	" a",
	" model",
	" of",
	" to",
	" and",
	" is",
	" in",
	" that",
	" it",
	" for",
	" on",
	" with",
	" as",
	" inference",
	" stream",
	" token",
	"ization",
	".",
	",",
	"\n",
	"\n\n",
	" **",
	"**",
	" `",
	"`",
	"-",
	" 1",
	"0",
	" café",
	" naïve",
	" über",
	" 東京",
	" 模型",
	" 🙂",
	" 🚀",
	' "quoted"',
	"\\",
	"\t",
	" é",
	"ç",
];

const MODEL = "meta-llama/Llama-3.1-8B-Instruct";

/** The SSE text of one chunk, as TGI's OpenAI-compatible route writes it. */
function chunkEvent(index, content, last) {
	const chunk = {
		object: "chat.completion.chunk",
		id: "",
		created: 1763789100 + Math.floor(index / 50),
		model: MODEL,
		system_fingerprint: "3.2.3-sha-a1f3ebe",
		choices: [
			{
				index: 0,
				delta: { role: "assistant", content },
				logprobs: null,
				finish_reason: last ? "stop" : null,
			},
		],
		usage: last ? { prompt_tokens: 41, completion_tokens: index + 1, total_tokens: index + 42 } : null,
	};
	return `data: ${JSON.stringify(chunk)}\n\n`;
}

/**
 * The whole stream as events (strings) plus what a correct parser must find:
 * the number of chunks and the total length of their `delta.content`.
 */
export function makeEvents(count, seed = 1) {
	const random = prng(seed);
	const events = [];
	let contentChars = 0;
	for (let index = 0; index < count; index++) {
		const content = TOKENS[Math.floor(random() * TOKENS.length)];
		contentChars += content.length;
		events.push(chunkEvent(index, content, index === count - 1));
	}
	events.push("data: [DONE]\n\n");
	return { events, expected: { events: count, contentChars } };
}

/**
 * Cuts the stream into pieces.
 * - "network": random sizes between `min` and `max` bytes, cut anywhere (inside
 *   an event, inside a multi-byte character, between the two LFs of a boundary).
 * - "per-event": one event per piece, as a live token stream arrives when
 *   the server flushes every token.
 */
export function makePieces(events, { mode, min = 1024, max = 16384, seed = 2 }) {
	const encoder = new TextEncoder();
	if (mode === "per-event") return events.map((event) => encoder.encode(event));
	const bytes = encoder.encode(events.join(""));
	const random = prng(seed);
	const pieces = [];
	for (let start = 0; start < bytes.length; ) {
		const size = min + Math.floor(random() * (max - min + 1));
		// A copy, not a view: each piece owns its buffer, as a network read does.
		pieces.push(bytes.slice(start, start + size));
		start += size;
	}
	return pieces;
}

/** A fresh ReadableStream over the pieces (pull-based: one piece per read). */
export function streamOf(pieces) {
	let next = 0;
	return new ReadableStream({
		pull(controller) {
			if (next < pieces.length) controller.enqueue(pieces[next++]);
			else controller.close();
		},
	});
}

/** What every implementation does with each parsed chunk: count it and its content. */
export async function consume(chunks) {
	let events = 0;
	let contentChars = 0;
	for await (const chunk of chunks) {
		events++;
		const content = chunk.choices[0]?.delta?.content;
		if (content) contentChars += content.length;
	}
	return { events, contentChars };
}

/**
 * What `chatCompletionStream` does with the events `readServerSentEvents`
 * yields ([DONE], error events and payloads, JSON.parse), for benchmarking the
 * public event reader on its own.
 */
export async function* completionChunks(readServerSentEvents, stream) {
	for await (const message of readServerSentEvents(stream)) {
		if (message.data === "[DONE]") return;
		if (message.event === "error") throw new Error(`stream error: ${message.data}`);
		const payload = JSON.parse(message.data);
		if (payload && typeof payload === "object" && "error" in payload) throw new Error("stream error");
		yield payload;
	}
	throw new Error("stream ended before [DONE]");
}
