#!/usr/bin/env node
/**
 * Request benchmark: requests per second of `chatCompletion` and
 * `textClassification` against a loopback HTTP server (bench/lib/loopback-server.mjs,
 * its own process on 127.0.0.1), sequential and at concurrency 32, through
 *   - raw `fetch` + JSON.parse + a minimal shape check, sending the same request
 *     (headers, User-Agent included) serialised per call: the raw limit;
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
 *   npm run build && node bench/inference-requests.mjs [--rounds 15] [--seconds 1] [--warmup 3]
 *
 * Each implementation runs in its own long-lived process, warmed up once
 * (JIT, connection pool, mapping cache); then the processes take turns, one
 * short slice of `--seconds` each per round (order rotated round by round), so
 * that every round's figures were taken within a few seconds of each other.
 * The machine's own drift (other tenants, frequency) is slower than that: a
 * ratio taken within one round cancels most of it. Shown: the median
 * requests/s, and each ratio as the median of the per-round ratios with its
 * interquartile range. Besides requests/s, the client process's CPU time per
 * request: on two cores the server's own work caps requests/s, the client's
 * CPU per request is what the library adds.
 */
import { fork } from "node:child_process";
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
} from "./lib/harness.mjs";
import { CHAT_MODEL, CLASSIFIER, memoryFetch, TOKEN, USER_AGENT } from "./lib/routes.mjs";

const IMPLEMENTATIONS = {
	raw: "raw fetch + JSON.parse (raw limit)",
	hubkit: "@hubkit/inference (router + mapping)",
	"hubkit-endpoint": "@hubkit/inference (endpointUrl)",
	peer: "@huggingface/inference 4.13.30 (endpointUrl)",
};

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
			const { model, ...rest } = task.args;
			// The very request the clients send, User-Agent included (an extra header costs undici and
			// the server a little on every request): the same bytes on the wire, serialised per call as
			// any program sending different inputs must.
			return async () => {
				const response = await fetchImpl(url, {
					method: "POST",
					headers: {
						Authorization: `Bearer ${TOKEN}`,
						"Content-Type": "application/json",
						"User-Agent": USER_AGENT,
					},
					// The model id goes in the chat payload, not in a classification one.
					body: JSON.stringify(taskName === "chat" ? { ...rest, model } : rest),
				});
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

/** `concurrency` callers, each calling in a loop, until the time runs out. */
async function drive(call, concurrency, seconds) {
	let done = 0;
	const deadline = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
	const worker = async () => {
		while (process.hrtime.bigint() < deadline) {
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

/**
 * A worker process: builds its call, checks one output, warms up, says
 * `{ ready }`, then answers each `{ run: seconds, lead }` with one slice's
 * figures (after `lead` seconds of untimed calls, which wake idle connections
 * and caches). "exit" ends it.
 */
async function worker(implementation, taskName, transport, concurrency, warmup, base) {
	let call;
	try {
		call = await makeCall(implementation, taskName, base, transport);
		const output = await call();
		if (!TASKS[taskName].check(output)) throw new Error(`unexpected output: ${JSON.stringify(output).slice(0, 200)}`);
	} catch (error) {
		process.send({ error: String(error?.message ?? error).split("\n")[0] }, () => process.exit(0));
		return;
	}
	// On a small VM fetch itself takes about 3 s of calls to reach its steady speed.
	await drive(call, concurrency, warmup);
	process.on("message", async (message) => {
		if (message === "exit") process.exit(0);
		if (message?.run === undefined) return;
		await drive(call, concurrency, message.lead);
		const { done, elapsed, cpuSeconds } = await drive(call, concurrency, message.run);
		process.send({
			result: {
				requestsPerSecond: done / elapsed,
				cpuMicrosPerRequest: (cpuSeconds * 1e6) / done,
				maxRssMiB: maxRssMiB(),
			},
		});
	});
	process.send({ ready: true });
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
	const rounds = option("rounds", 15);
	const seconds = option("seconds", 1);
	const lead = option("lead", 0.25);
	const warmup = option("warmup", 3);
	const concurrencies = [1, option("concurrency", 32)];
	const names = Object.keys(IMPLEMENTATIONS);
	const { server, port } = await startServer();
	const base = `http://127.0.0.1:${port}`;
	console.log(headerLine("inference requests"));
	console.log(
		`loopback server: node:http in its own process on 127.0.0.1; one warm process per implementation (${warmup}s warm-up), ` +
			`${rounds} rounds of ${seconds}s slices (after ${lead}s untimed) taken in turn; median requests/s, ratios as median [interquartile range] of per-round ratios`,
	);
	/** The routes each implementation hit, to show they are the same. */
	const routes = {};
	// The loopback server sequentially and at concurrency 32, then the same calls
	// against the in-memory fetch (sequential: without I/O there is nothing to overlap).
	const cells = Object.keys(TASKS).flatMap((taskName) => [
		...concurrencies.map((concurrency) => ({ taskName, transport: "loopback", concurrency })),
		{ taskName, transport: "memory", concurrency: 1 },
	]);
	try {
		for (const { taskName, transport, concurrency } of cells) {
			const workers = {};
			// Warmed one at a time, so that each warm-up has the machine to itself.
			for (const name of names) {
				workers[name] = await startWorker(new URL(import.meta.url), [
					name,
					taskName,
					transport,
					String(concurrency),
					String(warmup),
					transport === "memory" ? "http://127.0.0.1:9" : base,
				]);
			}
			const runs = Object.fromEntries(names.map((name) => [name, []]));
			for (let round = 0; round < rounds; round++) {
				for (const name of roundOrder(names, round)) {
					if (workers[name].error) continue;
					server.send("reset");
					runs[name].push(await askWorker(workers[name].child, { run: seconds, lead }));
					if (transport === "loopback") {
						routes[`${name} ${taskName}`] ??= Object.keys(await serverStats(server)).join(", ");
					}
				}
			}
			for (const { child } of Object.values(workers)) child.send("exit");
			const where =
				transport === "memory"
					? "in-memory fetch (no network: the client's own work), sequential"
					: `loopback server, concurrency ${concurrency}`;
			console.log(`\n${TASKS[taskName].label}, ${where}`);
			console.log("| implementation | requests/s | client CPU µs/request | peak RSS |");
			console.log("| --- | ---: | ---: | ---: |");
			for (const name of names) {
				if (workers[name].error) {
					console.log(`| ${IMPLEMENTATIONS[name]} | n/a | n/a | n/a (${workers[name].error}) |`);
					continue;
				}
				const list = runs[name];
				console.log(
					`| ${IMPLEMENTATIONS[name]} | ${format(median(list.map((run) => run.requestsPerSecond)))} | ` +
						`${format(median(list.map((run) => run.cpuMicrosPerRequest)))} | ${Math.max(...list.map((run) => run.maxRssMiB)).toFixed(0)} MiB |`,
				);
			}
			const rps = (name) => runs[name].map((run) => run.requestsPerSecond);
			const cpu = (name) => runs[name].map((run) => run.cpuMicrosPerRequest);
			const ok = (...list) => list.every((name) => !workers[name].error);
			const line = (label, a, b, of) =>
				ok(a, b) ? `${label} ${showRatio(pairedRatio(of(a), of(b)))}` : `${label} n/a`;
			const toRaw = ok("hubkit", "raw") ? pairedRatio(rps("hubkit"), rps("raw")) : undefined;
			console.log(
				`requests/s: ${line("hubkit / raw", "hubkit", "raw", rps)}${toRaw ? ` (${toRaw.above} of ${toRaw.count} rounds ≥ 0.97)` : ""}, ` +
					`${line("hubkit endpointUrl / raw", "hubkit-endpoint", "raw", rps)}, ${line("hubkit / peer", "hubkit", "peer", rps)}; ` +
					`client CPU per request: ${line("hubkit / raw", "hubkit", "raw", cpu)}, ${line("hubkit / peer", "hubkit", "peer", cpu)}`,
			);
		}
		console.log("\nroutes each implementation hit:");
		for (const [key, list] of Object.entries(routes)) console.log(`- ${key}: ${list}`);
	} finally {
		server.disconnect();
	}
}

if (process.argv[2] === "--worker") {
	const [implementation, taskName, transport, concurrency, warmup, base] = process.argv.slice(3);
	await worker(implementation, taskName, transport, Number(concurrency), Number(warmup), base);
} else {
	await main();
}
