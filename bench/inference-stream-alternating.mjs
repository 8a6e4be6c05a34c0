#!/usr/bin/env node
/**
 * Completion streams turn by turn, in one process: the hand parser (twice: the
 * second copy is the control, its distance from 1.000 the run's noise), our
 * `chatCompletionStream` and our `readServerSentEvents` + JSON.parse parse the
 * same shorter stream (10,000 chunks by default) many times, in a new random
 * order every pass, each stream on a collected heap. Many short streams narrow
 * the ratio far more than bench/inference-stream.mjs's few long ones: two copies
 * of the hand parser land within ~1 % here, against ±5 % there. Use it to see
 * whether a change to the stream path helps; inference-stream.mjs keeps the
 * issue's 100,000-chunk figure and the peer.
 *
 * `--collect none` skips the forced collection: a full GC between short streams lets
 * maps our optimized code relies on die, so each stream then starts with a
 * deoptimization and re-optimization the hand parser does not pay (see
 * bench/README.md, sixth session); without it, each stream's garbage is
 * collected whenever the heap says so, spread over many passes.
 *
 *   npm run build && node --expose-gc bench/inference-stream-alternating.mjs [--events 10000] [--passes 300] [--modes network,per-event] [--collect each|none]
 */
import { InferenceClient, readServerSentEvents } from "@hubkit/inference";
import { handParse } from "./lib/hand-sse.mjs";
import { headerLine, option, shuffler, stringOption } from "./lib/harness.mjs";
import { completionChunks, consume, makeEvents, makePieces, streamOf } from "./lib/sse-fixture.mjs";

if (typeof globalThis.gc !== "function") {
	console.error("run with node --expose-gc");
	process.exit(2);
}

const count = option("events", 10000);
const passes = option("passes", 300);
const modes = stringOption("modes", "network,per-event").split(",");
const collect = stringOption("collect", "each") === "each";
console.log(headerLine("inference stream, turn by turn"));
console.log(
	`${count} chunks per stream, ${passes} passes, one stream of each implementation per pass, ${collect ? "a full GC before each stream" : "no forced GC"}`,
);
for (const mode of modes) {
	const { events, expected } = makeEvents(count);
	const pieces = makePieces(events, { mode });
	const client = new InferenceClient("hf_benchmarkbenchmarkbenchmarkbenchmark", {
		endpointUrl: "http://127.0.0.1:9/bench",
		fetch: async () =>
			new Response(streamOf(pieces), { status: 200, headers: { "content-type": "text/event-stream" } }),
	});
	const messages = [{ role: "user", content: "Write a long story." }];
	const implementations = {
		"hand parser (raw limit)": () => consume(handParse(streamOf(pieces))),
		"hand parser (control)": () => consume(handParse(streamOf(pieces))),
		"@hubkit/inference chatCompletionStream": () =>
			consume(client.chatCompletionStream({ model: "m", messages, max_tokens: count })),
		"@hubkit/inference readServerSentEvents + JSON.parse": () =>
			consume(completionChunks(readServerSentEvents, streamOf(pieces))),
	};
	const names = Object.keys(implementations);
	for (const name of names) {
		const result = await implementations[name]();
		if (result.events !== expected.events || result.contentChars !== expected.contentChars) {
			throw new Error(`${name}: wrong result`);
		}
		for (let warm = 0; warm < 5; warm++) await implementations[name]();
	}
	const totals = Object.fromEntries(names.map((name) => [name, 0]));
	const shuffle = shuffler(passes);
	for (let pass = 0; pass < passes; pass++) {
		for (const name of shuffle(names)) {
			if (collect) globalThis.gc();
			const start = performance.now();
			await implementations[name]();
			totals[name] += performance.now() - start;
		}
	}
	const hand = totals[names[0]];
	console.log(`\nbytes arrive as: ${mode}, ${pieces.length} pieces`);
	console.log("| implementation | ms per stream | hand / this |");
	console.log("| --- | ---: | ---: |");
	for (const name of names) {
		console.log(`| ${name} | ${(totals[name] / passes).toFixed(2)} | ${(hand / totals[name]).toFixed(3)} |`);
	}
}
