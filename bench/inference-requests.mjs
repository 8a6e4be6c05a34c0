#!/usr/bin/env node
/**
 * Request benchmark: requests per second of `chatCompletion` and
 * `textClassification` against a loopback HTTP server (bench/lib/loopback-server.mjs,
 * its own process on 127.0.0.1), sequential and at concurrency 32, through
 *   - raw `fetch` + JSON.parse + a minimal shape check: the raw limit;
 *   - @hubkit/inference, provider hf-inference, an `hf_` token, `routerUrl`
 *     and `hubUrl` at the loopback server (the mapping is fetched from it once,
 *     in the warm-up, then cached);
 *   - @hubkit/inference with `endpointUrl` (no mapping at all), the way the
 *     peer is configured;
 *   - @huggingface/inference 4.13.30 with `endpointUrl` (it has no router
 *     option: without an endpoint it would call the public hub and router).
 * Every implementation sends to the same URLs and gets the same bytes back.
 * Then the same sequential calls with a `fetch` that answers from memory
 * (lib/routes.mjs, the server's very bytes): no socket, no server, so what is
 * left is each client's own work per call, which the loopback figures blur.
 *
 *   npm run build && node bench/inference-requests.mjs [--rounds 5] [--seconds 3] [--warmup 3] [--max-requests 50000]
 *
 * Each measurement runs in a fresh child process; implementations alternate
 * round by round; the median round is shown. Besides requests/s, the client
 * process's CPU time per request: on two cores the server's own work caps
 * requests/s, the client's CPU per request is what the library adds.
 */
import { fork } from "node:child_process";
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
} from "./lib/harness.mjs";
import { memoryFetch } from "./lib/routes.mjs";

const IMPLEMENTATIONS = {
	raw: "raw fetch + JSON.parse (raw limit)",
	hubkit: "@hubkit/inference (router + mapping)",
	"hubkit-endpoint": "@hubkit/inference (endpointUrl)",
	peer: "@huggingface/inference 4.13.30 (endpointUrl)",
};

const TOKEN = "hf_benchmarkbenchmarkbenchmarkbenchmark";
const CHAT_MODEL = "meta-llama/Llama-3.1-8B-Instruct";
const CLASSIFIER = "distilbert/distilbert-base-uncased-finetuned-sst-2-english";

const TASKS = {
	chat: {
		label: "chatCompletion",
		model: CHAT_MODEL,
		route: (base) => `${base}/hf-inference/models/${CHAT_MODEL}/v1/chat/completions`,
		endpoint: (base) => `${base}/hf-inference/models/${CHAT_MODEL}`,
		args: {
			model: CHAT_MODEL,
			messages: [{ role: "user", content: "What is the capital of France?" }],
			max_tokens: 64,
		},
		method: "chatCompletion",
		check: (output) => typeof output?.choices?.[0]?.message?.content === "string",
	},
	classification: {
		label: "textClassification",
		model: CLASSIFIER,
		route: (base) => `${base}/hf-inference/models/${CLASSIFIER}`,
		endpoint: (base) => `${base}/hf-inference/models/${CLASSIFIER}`,
		args: { model: CLASSIFIER, inputs: "I love this movie, the soundtrack is wonderful!" },
		method: "textClassification",
		check: (output) =>
			Array.isArray(output) && output.length === 2 && output.every((item) => typeof item.label === "string"),
	},
};

/**
 * For one implementation and task: a function making one call and returning its
 * output. `transport` "loopback" uses the global fetch (to the loopback server);
 * "memory" gives every implementation the same in-memory fetch (lib/routes.mjs).
 */
async function makeCall(implementation, taskName, base, transport) {
	const task = TASKS[taskName];
	const fetchImpl = transport === "memory" ? memoryFetch : fetch;
	const options = transport === "memory" ? { fetch: memoryFetch } : {};
	switch (implementation) {
		case "raw": {
			const url = task.route(base);
			// The body the clients send: the model id goes in the chat payload, not in a classification one.
			const { model, ...rest } = task.args;
			const body = JSON.stringify(taskName === "chat" ? { ...rest, model } : rest);
			const headers = { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" };
			return async () => {
				const response = await fetchImpl(url, { method: "POST", headers, body });
				const text = await response.text();
				if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
				const output = JSON.parse(text);
				return taskName === "classification" ? output[0] : output;
			};
		}
		case "hubkit": {
			const { InferenceClient } = await import("@hubkit/inference");
			const client = new InferenceClient(TOKEN, {
				...options,
				provider: "hf-inference",
				routerUrl: base,
				hubUrl: base,
			});
			return () => client[task.method](task.args);
		}
		case "hubkit-endpoint": {
			const { InferenceClient } = await import("@hubkit/inference");
			const client = new InferenceClient(TOKEN, { ...options, endpointUrl: task.endpoint(base) });
			return () => client[task.method](task.args);
		}
		case "peer": {
			const { InferenceClient } = await import("@huggingface/inference");
			const client = new InferenceClient(TOKEN, { ...options, endpointUrl: task.endpoint(base) });
			return () => client[task.method](task.args);
		}
		default:
			throw new Error(`unknown implementation ${implementation}`);
	}
}

/** `concurrency` callers, each calling in a loop, until the time or the request budget runs out. */
async function drive(call, concurrency, seconds, maxRequests) {
	let done = 0;
	let started = 0;
	const deadline = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
	const worker = async () => {
		while (started < maxRequests && process.hrtime.bigint() < deadline) {
			started++;
			await call();
			done++;
		}
	};
	const cpu = process.cpuUsage();
	const start = process.hrtime.bigint();
	await Promise.all(Array.from({ length: concurrency }, worker));
	const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
	const used = process.cpuUsage(cpu);
	return { done, elapsed, cpuSeconds: (used.user + used.system) / 1e6 };
}

async function child(implementation, taskName, transport, concurrency, seconds, maxRequests, warmup, base) {
	let call;
	try {
		call = await makeCall(implementation, taskName, base, transport);
		const output = await call();
		if (!TASKS[taskName].check(output)) throw new Error(`unexpected output: ${JSON.stringify(output).slice(0, 200)}`);
	} catch (error) {
		report({ implementation, error: String(error?.message ?? error).split("\n")[0] });
		return;
	}
	// Warm-up: JIT, connection pool, mapping cache. On a small VM fetch itself
	// takes about 3 s of calls to reach its steady speed.
	await drive(call, concurrency, warmup, Number.POSITIVE_INFINITY);
	const { done, elapsed, cpuSeconds } = await drive(call, concurrency, seconds, maxRequests);
	report({
		implementation,
		requests: done,
		requestsPerSecond: done / elapsed,
		cpuMicrosPerRequest: (cpuSeconds * 1e6) / done,
		maxRssMiB: maxRssMiB(),
	});
}

function startServer() {
	const server = fork(new URL("./lib/loopback-server.mjs", import.meta.url), [], { stdio: "inherit" });
	return new Promise((resolve, reject) => {
		server.once("message", (message) => resolve({ server, port: message.port }));
		server.once("exit", (code) => reject(new Error(`loopback server exited with ${code}`)));
	});
}

function serverStats(server) {
	return new Promise((resolve) => {
		const onMessage = (message) => {
			if (!message?.stats) return;
			server.off("message", onMessage);
			resolve(message.stats);
		};
		server.on("message", onMessage);
		server.send("stats");
	});
}

async function main() {
	const rounds = option("rounds", 5);
	const seconds = option("seconds", 3);
	const warmup = option("warmup", 3);
	const maxRequests = option("max-requests", 50000);
	const concurrencies = [1, option("concurrency", 32)];
	const names = Object.keys(IMPLEMENTATIONS);
	const { server, port } = await startServer();
	const base = `http://127.0.0.1:${port}`;
	console.log(headerLine("inference requests"));
	console.log(
		`loopback server: node:http in its own process on 127.0.0.1; rounds: ${rounds} × (${warmup}s warm-up + ${seconds}s, at most ${format(maxRequests)} requests) each, median shown`,
	);
	/** The routes each implementation hit in its first measurement, to show they are the same. */
	const routes = {};
	// The loopback server sequentially and at concurrency 32, then the same calls
	// against the in-memory fetch (sequential: without I/O there is nothing to overlap).
	const cells = Object.keys(TASKS).flatMap((taskName) => [
		...concurrencies.map((concurrency) => ({ taskName, transport: "loopback", concurrency })),
		{ taskName, transport: "memory", concurrency: 1 },
	]);
	try {
		for (const { taskName, transport, concurrency } of cells) {
			const runs = Object.fromEntries(names.map((name) => [name, []]));
			for (let round = 0; round < rounds; round++) {
				for (const implementation of roundOrder(names, round)) {
					server.send("reset");
					const result = await measureInChild(new URL(import.meta.url), [
						implementation,
						taskName,
						transport,
						String(concurrency),
						String(seconds),
						String(maxRequests),
						String(warmup),
						transport === "memory" ? "http://127.0.0.1:9" : base,
					]);
					if (transport === "loopback") {
						routes[`${implementation} ${taskName}`] ??= Object.keys(await serverStats(server)).join(", ");
					}
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
							requestsPerSecond: median(list.map((run) => run.requestsPerSecond)),
							cpuMicrosPerRequest: median(list.map((run) => run.cpuMicrosPerRequest)),
							maxRssMiB: median(list.map((run) => run.maxRssMiB)),
						},
					];
				}),
			);
			const where =
				transport === "memory"
					? "in-memory fetch (no network: the client's own work), sequential"
					: `loopback server, concurrency ${concurrency}`;
			console.log(`\n${TASKS[taskName].label}, ${where}`);
			console.log("| implementation | requests/s | client CPU µs/request | peak RSS |");
			console.log("| --- | ---: | ---: | ---: |");
			for (const name of names) {
				const entry = summary[name];
				if (entry.error) {
					console.log(`| ${IMPLEMENTATIONS[name]} | n/a | n/a | n/a (${entry.error}) |`);
					continue;
				}
				console.log(
					`| ${IMPLEMENTATIONS[name]} | ${format(entry.requestsPerSecond)} | ${format(entry.cpuMicrosPerRequest)} | ${entry.maxRssMiB.toFixed(0)} MiB |`,
				);
			}
			const rps = (name) => summary[name].requestsPerSecond;
			const cpu = (name) => summary[name].cpuMicrosPerRequest;
			console.log(
				`ratios (requests/s): hubkit / raw ${ratio(rps("hubkit"), rps("raw"))}, hubkit / peer ${ratio(rps("hubkit"), rps("peer"))}, ` +
					`hubkit endpointUrl / peer ${ratio(rps("hubkit-endpoint"), rps("peer"))}; ` +
					`client CPU per request: hubkit / raw ${ratio(cpu("hubkit"), cpu("raw"))}, hubkit / peer ${ratio(cpu("hubkit"), cpu("peer"))}`,
			);
		}
		console.log("\nroutes each implementation hit (first measurement):");
		for (const [key, list] of Object.entries(routes)) console.log(`- ${key}: ${list}`);
	} finally {
		server.disconnect();
	}
}

if (process.argv[2] === "--child") {
	const [implementation, taskName, transport, concurrency, seconds, maxRequests, warmup, base] = process.argv.slice(3);
	await child(
		implementation,
		taskName,
		transport,
		Number(concurrency),
		Number(seconds),
		Number(maxRequests),
		Number(warmup),
		base,
	);
} else {
	await main();
}
