#!/usr/bin/env node
/**
 * GGUF streaming: tokens per second through the hub's streaming chat route
 * (`POST /hf-inference/models/{model}/v1/chat/completions` with `stream: true`,
 * real HTTP on 127.0.0.1, the model in the runtime's completion worker) against
 * node-llama-cpp in this process (LlamaChat on the same file, same settings).
 *
 * The model is written at bench time: a llama architecture with random F16
 * weights (hidden 1024, 20 layers, feed-forward 4096: about 340 million
 * parameters, 680 MB), so each token costs what a small real model's does.
 * Rounds alternate hub and in-process; each generates `--tokens` tokens (the
 * model never ends on its own) from the same prompt, seed and temperature, and
 * its figure is tokens / seconds from request to last token. The ratio is the
 * median of the rounds' hub / in-process.
 *
 *   npm run build && node bench/llama-stream.mjs [--rounds 5] [--tokens 64] [--threads 2]
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GGMLQuantizationType } from "@hubkit/tasks";
import { getLlama, LlamaChat, LlamaLogLevel } from "node-llama-cpp";
import { headerLine, median, option } from "./lib/harness.mjs";

const hubDist = new URL("../packages/hub/dist/", import.meta.url);
const load = (path) => import(new URL(path, hubDist).href);
const { writeTinyLlama } = await import(new URL("../packages/runtime/dist/models.js", import.meta.url).href);
const { createHubApp } = await load("app.js");
const { loadConfig } = await load("config.js");
const { openDatabase } = await load("db/open.js");
const { migrateToLatest } = await load("db/migrate.js");
const { databaseAuth } = await load("auth/caller.js");
const { silentLogger } = await load("logger.js");
const { DiskBlobStore } = await load("storage/disk-store.js");
const { listenHub } = await load("http-server.js");
const { createLocalRuntime } = await load("local-inference/local-runtime.js");
const { loadSeed } = await load("seed/load.js");

const rounds = option("rounds", 5);
const tokens = option("tokens", 64);
const threads = option("threads", 2);
const MODEL = "bench/random-llama-340m";
const MESSAGES = [{ role: "user", content: "Write a long story about a lighthouse keeper." }];
const SETTINGS = { max_tokens: tokens, temperature: 0.8, seed: 11 };

const directory = mkdtempSync(join(tmpdir(), "hubkit-llama-bench-"));
console.log(headerLine("GGUF streaming: hub route vs node-llama-cpp in process"));
try {
	const ggufPath = join(directory, "random-llama-340m-F16.gguf");
	const started = performance.now();
	const parameters = await writeTinyLlama(ggufPath, {
		embedding: 1024,
		layers: 20,
		heads: 16,
		feedForward: 4096,
		type: GGMLQuantizationType.F16,
		seed: 3,
	});
	console.log(
		`model: ${(parameters / 1e6).toFixed(0)} M parameters, F16, written in ${((performance.now() - started) / 1000).toFixed(1)} s; ${tokens} tokens a round, ${threads} threads, ${rounds} rounds`,
	);

	// The hub: its own data directory, the model seeded as a repository, the runtime and HTTP server.
	const config = loadConfig({ dataDir: join(directory, "hub"), port: 0 }, {});
	const database = openDatabase(config);
	await migrateToLatest(database.db, database.engine);
	const deps = {
		db: database.db,
		engine: database.engine,
		config,
		blobStore: new DiskBlobStore(config.dataDir),
		auth: databaseAuth(database.db),
		logger: silentLogger,
	};
	await loadSeed(deps, [
		{
			id: MODEL,
			author: "bench",
			pipeline_tag: "text-generation",
			library_name: "gguf",
			tags: ["gguf"],
			downloads: 0,
			likes: 0,
			createdAt: "2026-01-01T00:00:00.000Z",
			lastModified: "2026-01-01T00:00:00.000Z",
			config: {},
			readme: "# random llama\n",
			files: [{ path: "random-llama-340m-F16.gguf", content: new Uint8Array(readFileSync(ggufPath)) }],
			inferenceProviderMapping: [],
		},
	]);
	const runtime = createLocalRuntime(deps, { completionThreads: threads });
	const server = await listenHub(createHubApp(deps, { router: { localRuntime: runtime } }), "127.0.0.1", 0);
	const url = `http://127.0.0.1:${server.address().port}/hf-inference/models/${MODEL}/v1/chat/completions`;

	async function viaHub() {
		const begin = performance.now();
		const response = await fetch(url, {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify({ messages: MESSAGES, ...SETTINGS, stream: true }),
		});
		if (!response.ok) throw new Error(`hub: ${response.status} ${await response.text()}`);
		const text = await response.text();
		const seconds = (performance.now() - begin) / 1000;
		const last = text
			.split("\n\n")
			.filter((event) => event.startsWith("data: {"))
			.at(-1);
		const generated = JSON.parse(last.slice(6)).usage.completion_tokens;
		return { rate: generated / seconds, generated };
	}

	// In process: node-llama-cpp on the same file, with the settings the engine uses.
	const llama = await getLlama({ gpu: false, build: "never", progressLogs: false, logLevel: LlamaLogLevel.error });
	const model = await llama.loadModel({ modelPath: ggufPath });
	const context = await model.createContext({ contextSize: { max: 4096 }, threads });
	const sequence = context.getSequence();
	async function inProcess() {
		const begin = performance.now();
		await sequence.clearHistory();
		const chat = new LlamaChat({ contextSequence: sequence });
		let generated = 0;
		await chat.generateResponse([{ type: "user", text: MESSAGES[0].content }], {
			maxTokens: SETTINGS.max_tokens,
			temperature: SETTINGS.temperature,
			seed: SETTINGS.seed,
			onTextChunk: () => undefined,
			onToken: (list) => {
				generated += list.length;
			},
		});
		chat.dispose({ disposeSequence: false });
		return { rate: generated / ((performance.now() - begin) / 1000), generated };
	}

	// Warm-up: the hub loads the model in its worker, both paths run once.
	await viaHub();
	await inProcess();
	const ratios = [];
	const hubRates = [];
	const ownRates = [];
	for (let round = 0; round < rounds; round++) {
		// Alternate which goes first, so neither always runs on a warmer machine.
		const [first, second] = round % 2 === 0 ? [viaHub, inProcess] : [inProcess, viaHub];
		const a = await first();
		const b = await second();
		const hub = first === viaHub ? a : b;
		const own = first === viaHub ? b : a;
		if (hub.generated !== tokens || own.generated !== tokens) throw new Error("a round stopped before max_tokens");
		hubRates.push(hub.rate);
		ownRates.push(own.rate);
		ratios.push(hub.rate / own.rate);
		console.log(
			`round ${round + 1}: hub ${hub.rate.toFixed(2)} tokens/s, in process ${own.rate.toFixed(2)} tokens/s, ratio ${(hub.rate / own.rate).toFixed(3)}`,
		);
	}
	console.log(
		`median: hub ${median(hubRates).toFixed(2)} tokens/s, in process ${median(ownRates).toFixed(2)} tokens/s; hub / in process ${median(ratios).toFixed(3)} [${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}] (goal ≥ 0.95)`,
	);
	await context.dispose();
	await model.dispose();
	await llama.dispose();
	await new Promise((done) => server.close(done));
	await runtime.close();
	await database.close();
} finally {
	rmSync(directory, { recursive: true, force: true });
}
