#!/usr/bin/env node
import { handParse } from "./lib/hand-sse.mjs";
/**
 * Completion-stream benchmark: 100 000 chat-completion chunks (SSE
 * `data: {json}\n\n` … `data: [DONE]`) delivered as a ReadableStream of byte
 * pieces, parsed into objects by
 *   - a minimal hand parser (bench/lib/hand-sse.mjs): the raw limit;
 *   - Hubkit's public `readServerSentEvents` + what `chatCompletionStream` does
 *     with each event ([DONE], error events, JSON.parse);
 *   - the peer's parser (@huggingface/inference vendors fetch-event-source's
 *     `getLines`/`getMessages`, not exported: loaded by file) driven by the loop
 *     its `innerStreamingRequest` runs;
 *   - both clients' whole `chatCompletionStream`, given a `fetch` that answers
 *     with the same in-memory stream (request building, sending, status checks
 *     and the parser, with no network in the way).
 *
 *   npm run build && node bench/inference-stream.mjs [--rounds 5] [--seconds 3] [--events 100000] [--modes network,per-event]
 *
 * Two ways the bytes arrive: "network" (pieces of 1–16 KiB cut anywhere, even
 * inside a UTF-8 character) and "per-event" (one event per piece, as a live
 * token stream arrives). Each measurement runs in a fresh child process;
 * implementations alternate round by round; the median round is shown.
 */
import {
	format,
	headerLine,
	maxRssMiB,
	measureInChild,
	median,
	option,
	ratio,
	report,
	roundOrder,
	stringOption,
} from "./lib/harness.mjs";
import { consume, makeEvents, makePieces, streamOf } from "./lib/sse-fixture.mjs";

const IMPLEMENTATIONS = {
	hand: "hand parser (raw limit)",
	"hubkit-sse": "@hubkit/inference readServerSentEvents + JSON.parse",
	"peer-sse": "@huggingface/inference 4.13.30 getLines/getMessages loop",
	"hubkit-client": "@hubkit/inference chatCompletionStream",
	"peer-client": "@huggingface/inference 4.13.30 chatCompletionStream",
};

const MODEL = "meta-llama/Llama-3.1-8B-Instruct";
const TOKEN = "hf_benchmarkbenchmarkbenchmarkbenchmark";
const ENDPOINT = "http://127.0.0.1:9/bench";

/** What Hubkit's readCompletionStream does with the events readServerSentEvents yields. */
async function* hubkitEvents(readServerSentEvents, stream) {
	for await (const message of readServerSentEvents(stream)) {
		if (message.data === "[DONE]") return;
		if (message.event === "error") throw new Error(`stream error: ${message.data}`);
		const payload = JSON.parse(message.data);
		if (payload && typeof payload === "object" && "error" in payload) throw new Error("stream error");
		yield payload;
	}
	throw new Error("stream ended before [DONE]");
}

/** The reading loop of the peer's innerStreamingRequest (4.13.30), around its vendored parser. */
async function* peerEvents(getLines, getMessages, stream) {
	const reader = stream.getReader();
	let events = [];
	const onEvent = (event) => {
		events.push(event);
	};
	const onChunk = getLines(
		getMessages(
			() => {},
			() => {},
			onEvent,
		),
	);
	try {
		while (true) {
			const { done, value } = await reader.read();
			if (done) return;
			onChunk(value);
			for (const event of events) {
				if (event.data.length > 0) {
					if (event.data === "[DONE]") return;
					const data = JSON.parse(event.data);
					if (typeof data === "object" && data !== null && "error" in data) throw new Error("stream error");
					yield data;
				}
			}
			events = [];
		}
	} finally {
		reader.releaseLock();
	}
}

/** A fetch that answers every call with a fresh stream over the pieces. */
function fetchStreaming(pieces) {
	return async () => new Response(streamOf(pieces), { status: 200, headers: { "content-type": "text/event-stream" } });
}

/** For one implementation: a function that parses one whole stream and returns the consumer's counts. */
async function makeRunner(implementation, pieces) {
	const messages = [{ role: "user", content: "Write a long story." }];
	switch (implementation) {
		case "hand":
			return () => consume(handParse(streamOf(pieces)));
		case "hubkit-sse": {
			const { readServerSentEvents } = await import("@hubkit/inference");
			return () => consume(hubkitEvents(readServerSentEvents, streamOf(pieces)));
		}
		case "peer-sse": {
			const entry = import.meta.resolve("@huggingface/inference");
			const { getLines, getMessages } = await import(new URL("./vendor/fetch-event-source/parse.js", entry));
			return () => consume(peerEvents(getLines, getMessages, streamOf(pieces)));
		}
		case "hubkit-client": {
			const { InferenceClient } = await import("@hubkit/inference");
			const client = new InferenceClient(TOKEN, { endpointUrl: ENDPOINT, fetch: fetchStreaming(pieces) });
			return () => consume(client.chatCompletionStream({ model: MODEL, messages, max_tokens: 100000 }));
		}
		case "peer-client": {
			const { InferenceClient } = await import("@huggingface/inference");
			const client = new InferenceClient(TOKEN, { endpointUrl: ENDPOINT, fetch: fetchStreaming(pieces) });
			return () => consume(client.chatCompletionStream({ model: MODEL, messages, max_tokens: 100000 }));
		}
		default:
			throw new Error(`unknown implementation ${implementation}`);
	}
}

async function child(implementation, mode, seconds, count) {
	const { events, expected } = makeEvents(count);
	const pieces = makePieces(events, { mode });
	events.length = 0; // only the bytes are needed from here on
	const bytes = pieces.reduce((sum, piece) => sum + piece.length, 0);
	let run;
	try {
		run = await makeRunner(implementation, pieces);
		const first = await run();
		if (first.events !== expected.events || first.contentChars !== expected.contentChars) {
			throw new Error(
				`wrong result: ${first.events} events / ${first.contentChars} chars, expected ${expected.events} / ${expected.contentChars}`,
			);
		}
	} catch (error) {
		report({ implementation, error: String(error?.message ?? error).split("\n")[0] });
		return;
	}
	// Warm-up: at least one more pass and a second in all.
	const warmupEnd = process.hrtime.bigint() + 1_000_000_000n;
	do await run();
	while (process.hrtime.bigint() < warmupEnd);
	let passes = 0;
	const start = process.hrtime.bigint();
	const budget = BigInt(Math.round(seconds * 1e9));
	let elapsed = 0n;
	while (elapsed < budget || passes < 2) {
		await run();
		passes++;
		elapsed = process.hrtime.bigint() - start;
	}
	const elapsedSeconds = Number(elapsed) / 1e9;
	report({
		implementation,
		pieces: pieces.length,
		bytes,
		passes,
		eventsPerSecond: (passes * expected.events) / elapsedSeconds,
		mibPerSecond: (passes * bytes) / elapsedSeconds / 2 ** 20,
		msPerStream: (elapsedSeconds * 1000) / passes,
		maxRssMiB: maxRssMiB(),
	});
}

async function main() {
	const rounds = option("rounds", 5);
	const seconds = option("seconds", 3);
	const count = option("events", 100000);
	const modes = stringOption("modes", "network,per-event").split(",");
	const names = Object.keys(IMPLEMENTATIONS);
	console.log(headerLine("inference stream"));
	console.log(`${format(count)} chat-completion chunks per stream; rounds: ${rounds} × ${seconds}s each, median shown`);
	for (const mode of modes) {
		const runs = Object.fromEntries(names.map((name) => [name, []]));
		for (let round = 0; round < rounds; round++) {
			for (const implementation of roundOrder(names, round)) {
				const result = await measureInChild(new URL(import.meta.url), [
					implementation,
					mode,
					String(seconds),
					String(count),
				]);
				runs[implementation].push(result);
			}
		}
		const summary = Object.fromEntries(
			names.map((name) => {
				const list = runs[name];
				const failed = list.find((run) => run.error);
				if (failed) return [name, { error: failed.error }];
				return [
					name,
					{
						pieces: list[0].pieces,
						bytes: list[0].bytes,
						eventsPerSecond: median(list.map((run) => run.eventsPerSecond)),
						mibPerSecond: median(list.map((run) => run.mibPerSecond)),
						msPerStream: median(list.map((run) => run.msPerStream)),
						maxRssMiB: median(list.map((run) => run.maxRssMiB)),
					},
				];
			}),
		);
		const any = Object.values(summary).find((entry) => !entry.error);
		const label = mode === "network" ? "pieces of 1–16 KiB, cut anywhere" : "one event per piece (live token stream)";
		console.log(
			`\nbytes arrive as: ${mode} — ${label}; ${format(any?.pieces ?? 0)} pieces, ${((any?.bytes ?? 0) / 2 ** 20).toFixed(1)} MiB`,
		);
		console.log("| implementation | chunks/s | MiB/s | ms per stream | peak RSS |");
		console.log("| --- | ---: | ---: | ---: | ---: |");
		for (const name of names) {
			const entry = summary[name];
			if (entry.error) {
				console.log(`| ${IMPLEMENTATIONS[name]} | n/a | n/a | n/a | n/a (${entry.error}) |`);
				continue;
			}
			console.log(
				`| ${IMPLEMENTATIONS[name]} | ${format(entry.eventsPerSecond)} | ${entry.mibPerSecond.toFixed(1)} | ${entry.msPerStream.toFixed(0)} | ${entry.maxRssMiB.toFixed(0)} MiB |`,
			);
		}
		const speed = (name) => summary[name].eventsPerSecond;
		console.log(
			`ratios (chunks/s): readServerSentEvents / hand ${ratio(speed("hubkit-sse"), speed("hand"))}, ` +
				`readServerSentEvents / peer parser ${ratio(speed("hubkit-sse"), speed("peer-sse"))}, ` +
				`chatCompletionStream hubkit / hand ${ratio(speed("hubkit-client"), speed("hand"))}, ` +
				`chatCompletionStream hubkit / peer ${ratio(speed("hubkit-client"), speed("peer-client"))}`,
		);
	}
}

if (process.argv[2] === "--child") {
	await child(process.argv[3], process.argv[4], Number(process.argv[5]), Number(process.argv[6]));
} else {
	await main();
}
