#!/usr/bin/env node
/**
 * The transformers.js engine on the sample model `hubkit-demo/tiny-sentiment`
 * (text classification), two ways, each in its own process:
 *   - in process: the engine's load and run called directly (the same pipeline,
 *     no HTTP, no worker thread, no database);
 *   - through the hub: `hubkit serve` (fresh data directory, a token), POST
 *     /hf-inference/models/… over loopback with keep-alive.
 * For each: load time (in process: `engine.load`; hub: the first call, which
 * starts a worker and loads the model), p50/p95 latency of sequential calls for
 * one sentence and for a batch of 32, calls per second at concurrency 4, and
 * peak memory (in process: max RSS; hub: VmHWM of the hub process, workers
 * included). The ratio is in-process p50 / hub p50 (goal ≥ 0.9).
 *
 * `--model deep` runs lib/deep-classifier.mjs instead (the same tokenizer, eight dense
 * layers of 512 per token), so that the model's run, not the HTTP around it, takes the time.
 *
 *   npm run build && node bench/transformers-engine.mjs [--model tiny|deep] [--calls 300] [--seconds 5]
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEEP_MODEL, deepClassifier } from "./lib/deep-classifier.mjs";
import {
	headerLine,
	maxRssMiB,
	measureInChild,
	option,
	ratio,
	report,
	runNode,
	startListening,
	stringOption,
} from "./lib/harness.mjs";

const dist = new URL("../packages/hub/dist/", import.meta.url);
const runtimeDist = new URL("../packages/runtime/dist/", import.meta.url);
const CLI = new URL("cli.js", dist).pathname;
const deep = stringOption("model", "tiny") === "deep";
const MODEL = deep ? DEEP_MODEL : "hubkit-demo/tiny-sentiment";
const SENTENCE = "I love this movie, the soundtrack is wonderful!";
const INPUTS = {
	one: { inputs: SENTENCE },
	batch: { inputs: Array.from({ length: 32 }, (_, i) => `${i} ${SENTENCE}`) },
};

const calls = option("calls", 300);
const seconds = option("seconds", 5);

const percentile = (values, q) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

/** p50/p95 of `calls` sequential calls, then calls per second with four running at once for `seconds`. */
async function measure(call) {
	const latencies = {};
	for (const [name, body] of Object.entries(INPUTS)) {
		for (let i = 0; i < 20; i++) await call(body);
		const times = [];
		for (let i = 0; i < calls; i++) {
			const started = performance.now();
			await call(body);
			times.push(performance.now() - started);
		}
		latencies[name] = { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
	}
	let done = 0;
	const until = performance.now() + seconds * 1000;
	await Promise.all(
		[1, 2, 3, 4].map(async () => {
			while (performance.now() < until) {
				await call(INPUTS.one);
				done++;
			}
		}),
	);
	return { latencies, perSecond: done / seconds };
}

async function inProcess() {
	const { tinySentiment } = await import(new URL("seed/catalogue/local-models.js", dist).href);
	const { memoryModelFiles } = await import(new URL("models.js", runtimeDist).href);
	const { transformersEngine } = await import(new URL("index.js", runtimeDist).href);
	const engine = transformersEngine("text-classification");
	const started = performance.now();
	const files = deep ? deepClassifier().files : tinySentiment().files;
	const model = await engine.load(memoryModelFiles(MODEL, files), () => undefined);
	const loadMs = performance.now() - started;
	// What the hub does per call besides HTTP: parse the body's JSON, check it, serialise the answer.
	const call = async (body) =>
		JSON.stringify(await engine.run(model, engine.parseRequest(JSON.parse(JSON.stringify(body)))));
	const measured = await measure(call);
	report({ loadMs, ...measured, peakMiB: maxRssMiB() });
}

const peakOf = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function throughHub() {
	const dataDir = mkdtempSync(join(tmpdir(), "hubkit-transformers-bench-"));
	let child;
	try {
		if (deep) {
			// The hub holds the deep model (and so skips the sample catalogue on its first start).
			const { openHub } = await import(new URL("server.js", dist).href);
			const { loadConfig } = await import(new URL("config.js", dist).href);
			const { silentLogger } = await import(new URL("logger.js", dist).href);
			const { loadSeed } = await import(new URL("seed/load.js", dist).href);
			const opened = await openHub(loadConfig({ dataDir }, {}), silentLogger);
			await loadSeed(opened.deps, [deepClassifier()]);
			await opened.close();
		}
		const token = (await runNode([CLI, "token", "create", "--user", "bench", "--data", dataDir])).stdout.trim();
		const hub = await startListening([CLI, "serve", "--data", dataDir, "--port", "0"]);
		child = hub.child;
		const url = `${hub.url}/hf-inference/models/${MODEL}`;
		const call = async (body) => {
			const response = await fetch(url, {
				method: "POST",
				headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
				body: JSON.stringify(body),
			});
			const text = await response.text();
			if (!response.ok) throw new Error(`${response.status} ${text}`);
			return text;
		};
		const started = performance.now();
		await call(INPUTS.one);
		const loadMs = performance.now() - started;
		const measured = await measure(call);
		return { loadMs, ...measured, peakMiB: peakOf(child.pid) };
	} finally {
		child?.kill("SIGTERM");
		rmSync(dataDir, { recursive: true, force: true });
	}
}

if (process.argv.includes("--child")) {
	await inProcess();
} else {
	console.log(headerLine("transformers.js engine"));
	console.log(`${MODEL}, ${calls} sequential calls per input, ${seconds} s at concurrency 4`);
	const local = await measureInChild(new URL(import.meta.url).pathname, process.argv.slice(2));
	const hub = await throughHub();
	const ms = (value) => value.toFixed(2);
	console.log("| where | load ms | p50 / p95 ms, 1 sentence | p50 / p95 ms, 32 sentences | calls/s at 4 | peak MiB |");
	console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
	for (const [name, result] of [
		["in process", local],
		["through the hub", hub],
	]) {
		const { one, batch } = result.latencies;
		console.log(
			`| ${name} | ${Math.round(result.loadMs)} | ${ms(one.p50)} / ${ms(one.p95)} | ${ms(batch.p50)} / ${ms(batch.p95)} | ${Math.round(result.perSecond)} | ${Math.round(result.peakMiB)} |`,
		);
	}
	console.log(
		`in process p50 / hub p50: 1 sentence ${ratio(local.latencies.one.p50, hub.latencies.one.p50)}, 32 sentences ${ratio(local.latencies.batch.p50, hub.latencies.batch.p50)} (goal ≥ 0.9)`,
	);
}
