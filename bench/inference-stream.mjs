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
 * token stream arrives). Each implementation runs in its own long-lived, warmed
 * process; the processes take turns in short slices (one untimed stream, then
 * whole streams for at least `--seconds`), rotated round by round, so the machine's drift falls on
 * all of them alike. Ratios are the median of the per-round ratios with their
 * interquartile range. Every stream starts on a collected heap (untimed
 * \`gc()\`): without it, when the previous stream's 26 MiB of garbage was
 * collected decided a round by ±15 %. "hand parser (control)" is the hand parser in a second
 * process: how far it lands from 1.000 is the noise of the run.
 */
import {
	askWorker,
	format,
	headerLine,
	maxRssMiB,
	median,
	option,
	pairedRatio,
	roundOrder,
	showRatio,
	startWorker,
	stringOption,
} from "./lib/harness.mjs";
import { completionChunks, consume, makeEvents, makePieces, streamOf } from "./lib/sse-fixture.mjs";

const IMPLEMENTATIONS = {
	hand: "hand parser (raw limit)",
	"hand-control": "hand parser (control)",
	"hubkit-sse": "@hubkit/inference readServerSentEvents + JSON.parse",
	"peer-sse": "@huggingface/inference 4.13.30 getLines/getMessages loop",
	"hubkit-client": "@hubkit/inference chatCompletionStream",
	"peer-client": "@huggingface/inference 4.13.30 chatCompletionStream",
};

const MODEL = "meta-llama/Llama-3.1-8B-Instruct";
const TOKEN = "hf_benchmarkbenchmarkbenchmarkbenchmark";
const ENDPOINT = "http://127.0.0.1:9/bench";

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
		case "hand-control":
			return () => consume(handParse(streamOf(pieces)));
		case "hubkit-sse": {
			const { readServerSentEvents } = await import("@hubkit/inference");
			return () => consume(completionChunks(readServerSentEvents, streamOf(pieces)));
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

/**
 * A worker: builds its pieces and runner, checks one result, warms up, says
 * `{ ready }`, then answers each `{ run: seconds }` with one slice's figures
 * (whole streams until `seconds` have passed, at least one).
 */
async function worker(implementation, mode, count, warmup) {
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
		process.send({ error: String(error?.message ?? error).split("\n")[0] }, () => process.exit(0));
		return;
	}
	// Each stream starts on a collected heap (the garbage of the stream before is not
	// billed to it); the collection itself is not timed.
	const streamFor = async (seconds) => {
		let passes = 0;
		const budget = BigInt(Math.round(seconds * 1e9));
		let elapsed = 0n;
		do {
			globalThis.gc();
			const start = process.hrtime.bigint();
			await run();
			elapsed += process.hrtime.bigint() - start;
			passes++;
		} while (elapsed < budget);
		return { passes, elapsedSeconds: Number(elapsed) / 1e9 };
	};
	await streamFor(warmup);
	process.on("message", async (message) => {
		if (message === "exit") process.exit(0);
		if (message?.run === undefined) return;
		// One untimed stream first: a process that sat idle through the others' turns
		// has cold caches and a shrunk heap, which cost its first stream up to 15 %.
		await streamFor(0);
		const { passes, elapsedSeconds } = await streamFor(message.run);
		process.send({
			result: {
				pieces: pieces.length,
				bytes,
				eventsPerSecond: (passes * expected.events) / elapsedSeconds,
				mibPerSecond: (passes * bytes) / elapsedSeconds / 2 ** 20,
				msPerStream: (elapsedSeconds * 1000) / passes,
				maxRssMiB: maxRssMiB(),
			},
		});
	});
	process.send({ ready: true });
}

async function main() {
	const rounds = option("rounds", 25);
	const seconds = option("seconds", 1);
	const warmup = option("warmup", 2);
	const count = option("events", 100000);
	const modes = stringOption("modes", "network,per-event").split(",");
	const names = Object.keys(IMPLEMENTATIONS);
	console.log(headerLine("inference stream"));
	console.log(
		`${format(count)} chat-completion chunks per stream; one warm process per implementation (${warmup}s warm-up), ` +
			`${rounds} rounds of slices of whole streams (at least ${seconds}s) taken in turn; median chunks/s, ratios as median [interquartile range] of per-round ratios`,
	);
	for (const mode of modes) {
		const workers = {};
		// Warmed one at a time, so that each warm-up has the machine to itself.
		for (const name of names) {
			workers[name] = await startWorker(new URL(import.meta.url), [name, mode, String(count), String(warmup)], {
				execArgv: ["--expose-gc"],
			});
		}
		const runs = Object.fromEntries(names.map((name) => [name, []]));
		for (let round = 0; round < rounds; round++) {
			for (const name of roundOrder(names, round)) {
				if (workers[name].error) continue;
				runs[name].push(await askWorker(workers[name].child, { run: seconds }));
			}
		}
		for (const { child } of Object.values(workers)) child.send("exit");
		const any = Object.values(runs).find((list) => list.length > 0)?.[0];
		const label = mode === "network" ? "pieces of 1–16 KiB, cut anywhere" : "one event per piece (live token stream)";
		console.log(
			`\nbytes arrive as: ${mode} — ${label}; ${format(any?.pieces ?? 0)} pieces, ${((any?.bytes ?? 0) / 2 ** 20).toFixed(1)} MiB`,
		);
		console.log("| implementation | chunks/s | MiB/s | ms per stream | peak RSS |");
		console.log("| --- | ---: | ---: | ---: | ---: |");
		for (const name of names) {
			if (workers[name].error) {
				console.log(`| ${IMPLEMENTATIONS[name]} | n/a | n/a | n/a | n/a (${workers[name].error}) |`);
				continue;
			}
			const list = runs[name];
			const middle = (field) => median(list.map((run) => run[field]));
			console.log(
				`| ${IMPLEMENTATIONS[name]} | ${format(middle("eventsPerSecond"))} | ${middle("mibPerSecond").toFixed(1)} | ` +
					`${middle("msPerStream").toFixed(0)} | ${Math.max(...list.map((run) => run.maxRssMiB)).toFixed(0)} MiB |`,
			);
		}
		const speed = (name) => runs[name].map((run) => run.eventsPerSecond);
		const line = (label, a, b, goal) => {
			if (workers[a].error || workers[b].error) return `${label} n/a`;
			const paired = pairedRatio(speed(a), speed(b), goal);
			return `${label} ${showRatio(paired)}${goal ? ` (${paired.above} of ${paired.count} rounds ≥ ${goal})` : ""}`;
		};
		console.log(
			`chunks/s: ${line("control / hand", "hand-control", "hand")}, ` +
				`${line("readServerSentEvents / hand", "hubkit-sse", "hand")}, ` +
				`${line("readServerSentEvents / peer parser", "hubkit-sse", "peer-sse")}, ` +
				`${line("chatCompletionStream hubkit / hand", "hubkit-client", "hand", 0.95)}, ` +
				`${line("chatCompletionStream hubkit / peer", "hubkit-client", "peer-client")}`,
		);
	}
}

if (process.argv[2] === "--worker") {
	const [implementation, mode, count, warmup] = process.argv.slice(3);
	await worker(implementation, mode, Number(count), Number(warmup));
} else {
	await main();
}
