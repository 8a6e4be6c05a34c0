#!/usr/bin/env node
/**
 * Local runtime benchmark: requests per second of text-classification with the
 * sample model `hubkit-demo/tiny-sentiment`, loopback only:
 *   - through the hub (`hubkit serve` in its own process, fresh data directory,
 *     a token from `hubkit token create`): router, token check, model look-up,
 *     runtime;
 *   - against the raw limit (lib/onnx-raw-server.mjs, its own process): the same
 *     tokenizer, onnxruntime session and scoring behind a bare node:http server.
 * Both are loaded by autocannon with the same POST body, at 1 and at 8
 * connections, implementations alternating round by round; the median round is shown.
 *
 *   npm run build && node bench/local-runtime.mjs [--rounds 3] [--seconds 5]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { format, headerLine, median, option, ratio, roundOrder, runNode, startListening } from "./lib/harness.mjs";

const CLI = new URL("../packages/hub/dist/cli.js", import.meta.url).pathname;
const RAW_SERVER = new URL("./lib/onnx-raw-server.mjs", import.meta.url).pathname;
const MODEL = "hubkit-demo/tiny-sentiment";
const BODY = JSON.stringify({ inputs: "I love this movie, the soundtrack is wonderful!" });

const rounds = option("rounds", 3);
const seconds = option("seconds", 5);

function load(url, token, connections) {
	return new Promise((resolve, reject) => {
		const instance = autocannon(
			{
				url,
				connections,
				duration: seconds,
				method: "POST",
				headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
				body: BODY,
			},
			(error, result) => (error ? reject(error) : resolve(result)),
		);
		instance.on("error", reject);
	});
}

const dataDir = mkdtempSync(join(tmpdir(), "hubkit-runtime-bench-"));
console.log(headerLine("local runtime"));
console.log(`POST /hf-inference/models/${MODEL}, ${rounds} rounds × ${seconds} s per load, median round shown`);
const servers = [];
try {
	const token = (await runNode([CLI, "token", "create", "--user", "bench", "--data", dataDir])).stdout.trim();
	const hub = await startListening([CLI, "serve", "--data", dataDir, "--port", "0"]);
	const raw = await startListening([RAW_SERVER]);
	servers.push(hub.child, raw.child);
	const targets = { hub: `${hub.url}/hf-inference/models/${MODEL}`, raw: `${raw.url}/` };
	// First calls load the model (hub) and warm both up; their answers must agree.
	const answers = await Promise.all(
		Object.values(targets).map(async (url) => {
			const response = await fetch(url, {
				method: "POST",
				headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
				body: BODY,
			});
			if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
			return await response.text();
		}),
	);
	if (answers[0] !== answers[1]) throw new Error(`the hub and the raw server disagree: ${answers.join(" vs ")}`);
	console.log(`answer (both): ${answers[0]}`);
	for (const connections of [1, 8]) {
		for (const url of Object.values(targets)) await load(url, token, connections);
		const runs = { hub: [], raw: [] };
		for (let round = 0; round < rounds; round++) {
			for (const name of roundOrder(Object.keys(targets), round)) {
				const result = await load(targets[name], token, connections);
				if (result.non2xx || result.errors)
					throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
				runs[name].push({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
			}
		}
		console.log(`\n${connections} connection${connections > 1 ? "s" : ""}`);
		console.log("| server | requests/s | p50 ms | p99 ms |");
		console.log("| --- | ---: | ---: | ---: |");
		const row = (name, label) => {
			const list = runs[name];
			console.log(
				`| ${label} | ${format(median(list.map((run) => run.rps)))} | ${median(list.map((run) => run.p50))} | ${median(list.map((run) => run.p99))} |`,
			);
		};
		row("hub", "hub (router, token, model look-up, runtime)");
		row("raw", "raw limit (same model and code, bare node:http)");
		console.log(`hub / raw: ${ratio(median(runs.hub.map((run) => run.rps)), median(runs.raw.map((run) => run.rps)))}`);
	}
} finally {
	for (const child of servers) child.kill("SIGTERM");
	rmSync(dataDir, { recursive: true, force: true });
}
