#!/usr/bin/env node
/**
 * Completion streams turn by turn, in one process: the hand parser (twice: the
 * second copy is the control, its distance from 1.000 the run's noise), our
 * `chatCompletionStream`, our `readServerSentEvents` + JSON.parse and the
 * peer's `chatCompletionStream` parse the same stream many times, in a new
 * random order every pass. Many streams narrow the ratio far more than
 * bench/inference-stream.mjs's few long ones. With `--before <package dir>`, an
 * older build of @hubkit/inference takes its turns too (see `hubkitBuilds`).
 *
 * `--transport memory` (default): the bytes come from an in-memory `fetch`
 * (the parsing alone). `--transport loopback`: every stream is a real POST to
 * the loopback server of bench/lib/loopback-server.mjs (its own process,
 * 127.0.0.1), which answers `--events` chunks in one write; the hand parser
 * then reads a raw `fetch` sending the clients' very request. With few chunks
 * (`--events 16`) this is the start-up of a stream: resolve, build, send,
 * first read.
 *
 * `--collect each` forces a full GC before each stream (run with
 * --expose-gc); the default, `none`, lets the heap collect when it says so.
 *
 *   npm run build && node bench/inference-stream-alternating.mjs [--events 10000] [--passes 300]
 *     [--modes network,per-event] [--transport memory|loopback] [--collect none|each] [--before DIR]
 */
import { fork } from "node:child_process";
import { InferenceClient as PeerClient } from "@huggingface/inference";
import { handParse } from "./lib/hand-sse.mjs";
import { headerLine, hubkitBuilds, median, option, shuffler, stringOption } from "./lib/harness.mjs";
import { CHAT_MODEL, TOKEN, USER_AGENT } from "./lib/routes.mjs";
import { completionChunks, consume, makeEvents, makePieces, streamOf } from "./lib/sse-fixture.mjs";

const count = option("events", 10000);
const passes = option("passes", 300);
const transport = stringOption("transport", "memory");
const modes = transport === "loopback" ? ["loopback"] : stringOption("modes", "network,per-event").split(",");
const collect = stringOption("collect", "none") === "each";
if (collect && typeof globalThis.gc !== "function") {
	console.error("--collect each needs node --expose-gc");
	process.exit(2);
}
const builds = await hubkitBuilds();
const messages = [{ role: "user", content: "Write a long story." }];

let server;
let base = "http://127.0.0.1:9";
if (transport === "loopback") {
	server = fork(new URL("./lib/loopback-server.mjs", import.meta.url), ["--stream-events", String(count)], {
		stdio: "inherit",
	});
	base = `http://127.0.0.1:${await new Promise((resolve) => server.once("message", (message) => resolve(message.port)))}`;
}
const endpointUrl = `${base}/hf-inference/models/${CHAT_MODEL}`;

/** The implementations for one way of delivering the bytes. */
function implementations(pieces) {
	const memoryFetch = async () =>
		new Response(streamOf(pieces), { status: 200, headers: { "content-type": "text/event-stream" } });
	const options = transport === "loopback" ? { endpointUrl } : { endpointUrl, fetch: memoryFetch };
	const args = { model: CHAT_MODEL, messages, max_tokens: count };
	// The hand parser's bytes: a raw fetch sending the clients' request, or the same in-memory stream.
	const handBytes = async () => {
		if (transport !== "loopback") return streamOf(pieces);
		const response = await fetch(`${endpointUrl}/v1/chat/completions`, {
			method: "POST",
			headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json", "User-Agent": USER_AGENT },
			body: JSON.stringify({ ...args, stream: true }),
		});
		if (!response.ok) throw new Error(`HTTP ${response.status}`);
		return response.body;
	};
	const hand = async () => consume(handParse(await handBytes()));
	const list = {
		"hand parser (raw limit)": hand,
		"hand parser (control)": hand,
	};
	for (const [build, module] of Object.entries(builds)) {
		const client = new module.InferenceClient(TOKEN, options);
		const label = build === "now" ? "@hubkit/inference" : `@hubkit/inference ${build}`;
		list[`${label} chatCompletionStream`] = () => consume(client.chatCompletionStream(args));
	}
	if (transport !== "loopback") {
		const { readServerSentEvents } = builds.now;
		list["@hubkit/inference readServerSentEvents + JSON.parse"] = () =>
			consume(completionChunks(readServerSentEvents, streamOf(pieces)));
	}
	const peer = new PeerClient(TOKEN, options);
	list["@huggingface/inference chatCompletionStream"] = () => consume(peer.chatCompletionStream(args));
	return list;
}

console.log(headerLine("inference stream, turn by turn"));
console.log(
	`${count} chunks per stream, ${passes} passes, one stream of each implementation per pass, ${transport}, ${collect ? "a full GC before each stream" : "no forced GC"}`,
);
try {
	for (const mode of modes) {
		const { events, expected } = makeEvents(count);
		const pieces = mode === "loopback" ? [] : makePieces(events, { mode });
		const calls = implementations(pieces);
		const names = Object.keys(calls);
		for (const name of names) {
			const result = await calls[name]();
			if (result.events !== expected.events || result.contentChars !== expected.contentChars) {
				throw new Error(`${name}: wrong result`);
			}
			for (let warm = 0; warm < 5; warm++) await calls[name]();
		}
		const times = Object.fromEntries(names.map((name) => [name, []]));
		const shuffle = shuffler(passes);
		for (let pass = 0; pass < passes; pass++) {
			for (const name of shuffle(names)) {
				if (collect) globalThis.gc();
				const start = performance.now();
				await calls[name]();
				times[name].push(performance.now() - start);
			}
		}
		const mean = (list) => list.reduce((sum, value) => sum + value, 0) / list.length;
		const hand = times[names[0]];
		console.log(`\nbytes arrive as: ${mode}${mode === "loopback" ? "" : `, ${pieces.length} pieces`}`);
		console.log("| implementation | mean ms per stream | median ms | hand / this (mean) | hand / this (median) |");
		console.log("| --- | ---: | ---: | ---: | ---: |");
		for (const name of names) {
			console.log(
				`| ${name} | ${mean(times[name]).toFixed(3)} | ${median(times[name]).toFixed(3)} | ` +
					`${(mean(hand) / mean(times[name])).toFixed(3)} | ${(median(hand) / median(times[name])).toFixed(3)} |`,
			);
		}
	}
} finally {
	server?.disconnect();
}
