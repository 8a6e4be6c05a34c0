#!/usr/bin/env node
/**
 * Event-loop stall of the local runtime: how long a cheap request waits while
 * the hub runs one maximum-size text-classification call (64 inputs, 1,000,000
 * characters in all) on the sample model `hubkit-demo/tiny-sentiment`.
 *
 * `hubkit serve` runs in its own process on a fresh data directory. First the big
 * call alone, round after round. Then each round sends the big call and, until it
 * answers, cheap requests one after another with a 5 ms pause between them
 * (`GET /api/models/hubkit-demo/tiny-sentiment`, then `GET /api/tasks`); the
 * round's figure is the slowest cheap request. The idle row is the same cheap
 * requests with no inference running, as many as the busy rounds made.
 *
 *   npm run build && node bench/local-runtime-stall.mjs [--rounds 7] [--cli path/to/hub/dist/cli.js]
 *
 * `--cli` measures another build of the hub (for example a git worktree of an
 * older commit), so a before / after pair runs on the same machine.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { headerLine, median, option, runNode, startListening, stringOption } from "./lib/harness.mjs";

const CLI = stringOption("cli", new URL("../packages/hub/dist/cli.js", import.meta.url).pathname);
const MODEL = "hubkit-demo/tiny-sentiment";
const rounds = option("rounds", 7);

/** 64 inputs of 15,625 characters: exactly the runtime's limits. */
const SENTENCE = "I love this movie, the soundtrack is wonderful! A boring mess, what a waste of time. ";
const INPUT = SENTENCE.repeat(Math.ceil(15_625 / SENTENCE.length)).slice(0, 15_625);
const BIG_BODY = JSON.stringify({ inputs: Array.from({ length: 64 }, () => INPUT) });
const CHEAP_PATHS = [`/api/models/${MODEL}`, "/api/tasks"];

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

async function timed(url, init) {
	const started = performance.now();
	const response = await fetch(url, init);
	const text = await response.text();
	if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 200)}`);
	return performance.now() - started;
}

const dataDir = mkdtempSync(join(tmpdir(), "hubkit-stall-bench-"));
console.log(headerLine("local runtime stall"));
console.log(`hub: ${CLI}`);
console.log(`one POST /hf-inference/models/${MODEL} of 64 inputs, 1,000,000 characters; ${rounds} rounds`);
let hubChild;
try {
	const token = (await runNode([CLI, "token", "create", "--user", "bench", "--data", dataDir])).stdout.trim();
	const hub = await startListening([CLI, "serve", "--data", dataDir, "--port", "0"]);
	hubChild = hub.child;
	const inference = {
		method: "POST",
		headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
		body: BIG_BODY,
	};
	const bigUrl = `${hub.url}/hf-inference/models/${MODEL}`;
	// Warm-up: load the model, compile both paths.
	for (let index = 0; index < 2; index++) {
		await timed(bigUrl, inference);
		for (const path of CHEAP_PATHS) await timed(`${hub.url}${path}`);
	}
	const alone = [];
	for (let round = 0; round < rounds; round++) alone.push(await timed(bigUrl, inference));
	const busy = [];
	const inferenceMs = [];
	let cheapCount = 0;
	for (let round = 0; round < rounds; round++) {
		let done = false;
		const big = timed(bigUrl, inference).finally(() => {
			done = true;
		});
		let slowest = 0;
		for (let index = 0; !done; index++) {
			slowest = Math.max(slowest, await timed(`${hub.url}${CHEAP_PATHS[index % CHEAP_PATHS.length]}`));
			cheapCount++;
			await pause();
		}
		inferenceMs.push(await big);
		busy.push(slowest);
	}
	const idle = [];
	for (let index = 0; index < cheapCount; index++) {
		idle.push(await timed(`${hub.url}${CHEAP_PATHS[index % CHEAP_PATHS.length]}`));
		await pause();
	}
	const ms = (value) => value.toFixed(1);
	console.log("| measure | median | max |");
	console.log("| --- | ---: | ---: |");
	console.log(`| max-size inference alone, ms | ${ms(median(alone))} | ${ms(Math.max(...alone))} |`);
	console.log(
		`| max-size inference with cheap requests, ms | ${ms(median(inferenceMs))} | ${ms(Math.max(...inferenceMs))} |`,
	);
	console.log(`| slowest cheap request during it, ms (per round) | ${ms(median(busy))} | ${ms(Math.max(...busy))} |`);
	console.log(
		`| cheap request, idle hub, ms (${idle.length} requests) | ${ms(median(idle))} | ${ms(Math.max(...idle))} |`,
	);
	console.log(`cheap requests answered during the inferences: ${cheapCount} (${rounds} rounds)`);
} finally {
	hubChild?.kill("SIGTERM");
	rmSync(dataDir, { recursive: true, force: true });
}
