#!/usr/bin/env node
/**
 * Sequential requests, call by call: the implementations of the request
 * benchmark (raw fetch sending the clients' very request, @hubkit/inference
 * through the router and with `endpointUrl`, @huggingface/inference with
 * `endpointUrl`) take turns one call at a time in one process, against the
 * loopback server of bench/lib/loopback-server.mjs, order reversed every other
 * pass. Neighbouring calls are a millisecond apart, so the machine's drift,
 * which makes one-second slices swing ±8 %, falls on all of them alike; over a
 * few thousand passes the ratios settle to about ±1 %. At concurrency 1,
 * requests/s is 1 / time per call, so the ratio of mean call times is the
 * ratio of requests/s. (Shared process: one implementation's garbage may be
 * collected during another's call; the slice benchmark,
 * inference-requests.mjs, keeps each in its own process.)
 *
 *   npm run build && node bench/inference-alternating.mjs [--passes 5000] [--warmup 3]
 */
import { fork } from "node:child_process";
import { InferenceClient } from "@hubkit/inference";
import { InferenceClient as PeerClient } from "@huggingface/inference";
import { headerLine, median, option } from "./lib/harness.mjs";
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

function implementations(method, base) {
	const task = TASKS[method];
	const url = task.route(base);
	const router = new InferenceClient(TOKEN, { provider: "hf-inference", routerUrl: base, hubUrl: base });
	const endpoint = new InferenceClient(TOKEN, { endpointUrl: task.endpoint(base) });
	const peer = new PeerClient(TOKEN, { endpointUrl: task.endpoint(base) });
	return {
		raw: async () => {
			const response = await fetch(url, {
				method: "POST",
				headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json", "User-Agent": USER_AGENT },
				body: JSON.stringify(task.rawBody(task.args)),
			});
			const text = await response.text();
			if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
			return JSON.parse(text);
		},
		"hubkit (router + mapping)": () => router[method](task.args),
		"hubkit (endpointUrl)": () => endpoint[method](task.args),
		"peer (endpointUrl)": () => peer[method](task.args),
	};
}

const passes = option("passes", 5000);
const warmup = option("warmup", 3);
const server = fork(new URL("./lib/loopback-server.mjs", import.meta.url), [], { stdio: "inherit" });
const port = await new Promise((resolve) => server.once("message", (message) => resolve(message.port)));
const base = `http://127.0.0.1:${port}`;
console.log(headerLine("inference requests, call by call"));
console.log(`loopback server in its own process; ${passes} passes, one call of each implementation per pass`);
try {
	for (const method of Object.keys(TASKS)) {
		const calls = implementations(method, base);
		const names = Object.keys(calls);
		const until = performance.now() + warmup * 1000;
		while (performance.now() < until) for (const name of names) await calls[name]();
		const times = Object.fromEntries(names.map((name) => [name, []]));
		for (let pass = 0; pass < passes; pass++) {
			for (const name of pass % 2 ? names : [...names].reverse()) {
				const start = performance.now();
				await calls[name]();
				times[name].push(performance.now() - start);
			}
		}
		const mean = (list) => list.reduce((sum, value) => sum + value, 0) / list.length;
		console.log(`\n${method}, sequential`);
		console.log("| implementation | mean ms | median ms | raw / this (mean) | raw / this (median) |");
		console.log("| --- | ---: | ---: | ---: | ---: |");
		for (const name of names) {
			console.log(
				`| ${name} | ${mean(times[name]).toFixed(4)} | ${median(times[name]).toFixed(4)} | ` +
					`${(mean(times.raw) / mean(times[name])).toFixed(3)} | ${(median(times.raw) / median(times[name])).toFixed(3)} |`,
			);
		}
	}
} finally {
	server.disconnect();
}
