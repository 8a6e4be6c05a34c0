#!/usr/bin/env node
/**
 * Requests call by call (or batch by batch): the implementations of the
 * request benchmark (raw fetch sending the clients' very request, @hubkit/inference
 * through the router and with `endpointUrl`, @huggingface/inference with
 * `endpointUrl`) take turns in one process against the loopback server of
 * bench/lib/loopback-server.mjs, in a new random order every pass. At
 * concurrency 1 a turn is one call; at concurrency N it is N calls started
 * together and awaited together, so the ratio of mean turn times is the ratio
 * of requests/s at that concurrency. Neighbouring turns are milliseconds apart,
 * so the machine's drift, which makes one-second slices swing ±8 %, falls on all
 * of them alike. "raw (control)" is the raw implementation a second time: how
 * far it lands from 1.000 is the noise of the run.
 * (Shared process: one implementation's garbage may be collected during
 * another's turn; the slice benchmark, inference-requests.mjs, keeps each in
 * its own process.) With `--before <package dir>`, an older build of
 * @hubkit/inference takes its turns too (see `hubkitBuilds`), and the end says
 * how this build's requests/s compare with it.
 *
 *   npm run build && node bench/inference-alternating.mjs [--passes 4000] [--concurrency 1,32] [--warmup 3] [--before DIR]
 */
import { fork } from "node:child_process";
import { InferenceClient as PeerClient } from "@huggingface/inference";
import { headerLine, hubkitBuilds, median, option, shuffler, stringOption } from "./lib/harness.mjs";
import { CHAT_MODEL, CLASSIFIER, TOKEN, USER_AGENT } from "./lib/routes.mjs";

const TASKS = {
	chatCompletion: {
		endpoint: (base) => `${base}/hf-inference/models/${CHAT_MODEL}`,
		route: (base) => `${base}/hf-inference/models/${CHAT_MODEL}/v1/chat/completions`,
		args: {
			model: CHAT_MODEL,
			messages: [{ role: "user", content: "What is the capital of France?" }],
			max_tokens: 64,
		},
		rawBody: ({ model, ...rest }) => ({ ...rest, model }),
	},
	textClassification: {
		endpoint: (base) => `${base}/hf-inference/models/${CLASSIFIER}`,
		route: (base) => `${base}/hf-inference/models/${CLASSIFIER}`,
		args: { model: CLASSIFIER, inputs: "I love this movie, the soundtrack is wonderful!" },
		rawBody: ({ model: _model, ...rest }) => rest,
	},
};

const builds = await hubkitBuilds();

function implementations(method, base) {
	const task = TASKS[method];
	const url = task.route(base);
	const clients = Object.entries(builds).flatMap(([build, { InferenceClient }]) => {
		const router = new InferenceClient(TOKEN, { provider: "hf-inference", routerUrl: base, hubUrl: base });
		const endpoint = new InferenceClient(TOKEN, { endpointUrl: task.endpoint(base) });
		const label = build === "now" ? "hubkit" : `hubkit ${build}`;
		return [
			[`${label} (router + mapping)`, () => router[method](task.args)],
			[`${label} (endpointUrl)`, () => endpoint[method](task.args)],
		];
	});
	const peer = new PeerClient(TOKEN, { endpointUrl: task.endpoint(base) });
	const raw = async () => {
		const response = await fetch(url, {
			method: "POST",
			headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json", "User-Agent": USER_AGENT },
			body: JSON.stringify(task.rawBody(task.args)),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
		return JSON.parse(text);
	};
	return {
		raw,
		"raw (control)": raw,
		...Object.fromEntries(clients),
		"peer (endpointUrl)": () => peer[method](task.args),
	};
}

/** One turn: `concurrency` calls started together; resolves when all are answered. */
function turn(call, concurrency) {
	if (concurrency === 1) return call();
	const calls = [];
	for (let index = 0; index < concurrency; index++) calls.push(call());
	return Promise.all(calls);
}

const passes = option("passes", 4000);
const warmup = option("warmup", 3);
const levels = stringOption("concurrency", "1,32").split(",").map(Number);
/** A turn of N concurrent calls takes about N/4 times one call here: fewer passes keep each row group near a minute. */
const passesAt = (concurrency) => (concurrency === 1 ? passes : Math.max(100, Math.round((passes * 4) / concurrency)));
const server = fork(new URL("./lib/loopback-server.mjs", import.meta.url), [], { stdio: "inherit" });
const port = await new Promise((resolve) => server.once("message", (message) => resolve(message.port)));
const base = `http://127.0.0.1:${port}`;
const mean = (list) => list.reduce((sum, value) => sum + value, 0) / list.length;
console.log(headerLine("inference requests, call by call"));
console.log(`loopback server in its own process; one turn of each implementation per pass`);
try {
	for (const concurrency of levels) {
		for (const method of Object.keys(TASKS)) {
			const calls = implementations(method, base);
			const names = Object.keys(calls);
			const until = performance.now() + warmup * 1000;
			while (performance.now() < until) for (const name of names) await turn(calls[name], concurrency);
			const times = Object.fromEntries(names.map((name) => [name, []]));
			const shuffle = shuffler(passes + concurrency);
			for (let pass = 0; pass < passesAt(concurrency); pass++) {
				for (const name of shuffle(names)) {
					const start = performance.now();
					await turn(calls[name], concurrency);
					times[name].push(performance.now() - start);
				}
			}
			console.log(`\n${method}, concurrency ${concurrency}, ${passesAt(concurrency)} passes`);
			console.log("| implementation | mean ms per turn | median ms | raw / this (mean) | raw / this (median) |");
			console.log("| --- | ---: | ---: | ---: | ---: |");
			for (const name of names) {
				console.log(
					`| ${name} | ${mean(times[name]).toFixed(4)} | ${median(times[name]).toFixed(4)} | ` +
						`${(mean(times.raw) / mean(times[name])).toFixed(3)} | ${(median(times.raw) / median(times[name])).toFixed(3)} |`,
				);
			}
			if (builds.before) {
				const versus = (kind) => (mean(times[`hubkit before (${kind})`]) / mean(times[`hubkit (${kind})`])).toFixed(3);
				console.log(
					`this build / before (requests/s, by mean): router ${versus("router + mapping")}, endpointUrl ${versus("endpointUrl")}`,
				);
			}
		}
	}
} finally {
	server.disconnect();
}
