#!/usr/bin/env node
/**
 * Hub API load benchmark (loopback only, bounded in count and time):
 *   1. seed N synthetic models (`hubkit seed --synthetic N`, default 1,000,000), timed;
 *   2. start `hubkit serve` on 127.0.0.1 and load it with autocannon at concurrency 8:
 *      model info of models asked for once each (nothing cached), search
 *      (`/api/models?search=…&pipeline_tag=…&sort=downloads&limit=20`, about 1,000
 *      (word, task) pairs) and model info of about 1,000 models asked for repeatedly;
 *   3. the same load against a bare node:http server in its own process answering a
 *      fixed body of the same size (the raw limit of this machine's HTTP stack);
 *   4. the hub's resident memory (peak and after the load).
 *
 *   npm run build && node bench/hub-api.mjs [--models 1000000] [--seconds 10] [--connections 8] [--data DIR]
 *     [--engine sqlite|postgres] [--database postgres://…]
 *
 * With --data pointing at an already seeded directory, seeding is skipped. `--engine postgres`
 * starts a throwaway Debian PostgreSQL 15 on loopback (lib/postgres.mjs) for the run;
 * `--database URL` uses a running one instead, and skips seeding when it already holds models.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { format, headerLine, option, runNode, startListening, stringOption } from "./lib/harness.mjs";
import { loadPaths, sampleModels as sampleSynthetic, searchPath } from "./lib/hub-load.mjs";
import { startPostgres } from "./lib/postgres.mjs";

// `--cli PATH` runs another build (a copy of an older dist/) for before/after figures.
const CLI = stringOption("cli", new URL("../packages/hub/dist/cli.js", import.meta.url).pathname);
const RAW_SERVER = new URL("./lib/fixed-body-server.mjs", import.meta.url).pathname;

const models = option("models", 1_000_000);
const seconds = option("seconds", 10);
const connections = option("connections", 8);
const givenData = stringOption("data", undefined);
const givenDatabase = stringOption("database", undefined);
const engine = givenDatabase ? "postgres" : stringOption("engine", "sqlite");
if (engine !== "sqlite" && engine !== "postgres") throw new Error("--engine must be sqlite or postgres");

function memoryMiB(pid) {
	const status = readFileSync(`/proc/${pid}/status`, "utf8");
	const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
	return { rss: field("VmRSS"), peak: field("VmHWM") };
}

const sampleModels = (count, every = 997) => sampleSynthetic(count, every);
const load = (url, paths) => loadPaths(url, paths, { connections, seconds });

function summary(result) {
	return {
		requests: result.requests.total,
		rps: result.requests.average,
		p50: result.latency.p50,
		p99: result.latency.p99,
		non2xx: result.non2xx,
		errors: result.errors,
	};
}

/** The same load against a bare node:http server in its own process, answering `body` every time. */
async function rawLimit(body) {
	const bodyFile = join(mkdtempSync(join(tmpdir(), "hubkit-raw-")), "body.json");
	writeFileSync(bodyFile, body);
	const { child, url } = await startListening([RAW_SERVER, bodyFile]);
	try {
		return summary(await load(url, ["/"]));
	} finally {
		child.kill("SIGTERM");
		rmSync(dirname(bodyFile), { recursive: true, force: true });
	}
}

/** Whether the database the hub will open already holds models (then seeding is skipped). */
async function alreadySeeded() {
	if (engine === "sqlite") return givenData !== undefined && existsSync(join(dataDir, "hub.sqlite"));
	const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
	await client.connect();
	try {
		const found = await client.query(
			"SELECT to_regclass('models') IS NOT NULL AND EXISTS (SELECT 1 FROM models) AS seeded",
		);
		return found.rows[0].seeded;
	} catch {
		return false;
	} finally {
		await client.end();
	}
}

const dataDir = givenData ?? mkdtempSync(join(tmpdir(), "hubkit-bench-"));
const postgres = engine === "postgres" && !givenDatabase ? await startPostgres() : undefined;
// The hub's children (seed, serve) inherit this environment.
if (engine === "postgres") process.env.DATABASE_URL = givenDatabase ?? postgres.url;
console.log(headerLine("hub API"));
console.log(
	`${format(models)} synthetic models on ${engine === "postgres" ? "PostgreSQL" : "SQLite"}, ${connections} connections, ${seconds} s per load`,
);
try {
	if (!(await alreadySeeded())) {
		const started = performance.now();
		const { output } = await runNode([CLI, "seed", "--synthetic", String(models), "--data", dataDir]);
		const wall = (performance.now() - started) / 1000;
		console.log(`seeding: ${wall.toFixed(1)} s wall (${format(models / wall)} models/s)`);
		console.log(`  ${output.trim().split("\n").pop()}`);
	}
	const sample = sampleModels(models);
	const searchPaths = sample.map(searchPath);
	const infoPaths = sample.map(({ id }) => `/api/models/${id}`);
	// Models asked for once each: every answer is built from the database, none from the info cache.
	const coldPaths = sampleModels(models, 19).map(({ id }) => `/api/models/${id}`);
	const { child, url } = await startListening([CLI, "serve", "--port", "0", "--data", dataDir]);
	try {
		// Warm-up: JIT, SQLite pages (of models the loads below do not ask for).
		for (const { id } of sampleModels(Math.min(models, 50_000), 101)) {
			await fetch(`${url}/api/models/${id}`).then((response) => response.text());
		}
		const cold = summary(await load(url, coldPaths));
		const search = summary(await load(url, searchPaths));
		const info = summary(await load(url, infoPaths));
		const memory = memoryMiB(child.pid);
		const infoBody = await fetch(`${url}${infoPaths[1]}`).then((response) => response.text());
		const searchBody = await fetch(`${url}${searchPaths[1]}`).then((response) => response.text());
		const rawInfo = await rawLimit(infoBody);
		const rawSearch = await rawLimit(searchBody);
		const row = (name, hub, raw) =>
			`| ${name} | ${format(hub.rps)} | ${hub.p50} ms | ${hub.p99} ms | ${hub.non2xx} / ${hub.errors} | ${format(raw.rps)} | ${(hub.rps / raw.rps).toFixed(2)} |`;
		console.log("| route | hub req/s | p50 | p99 | non-2xx / errors | raw node:http req/s (same body) | hub / raw |");
		console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
		console.log(row("search `/api/models?search&pipeline_tag&sort=downloads&limit=20`", search, rawSearch));
		console.log(row("model info `/api/models/{id}`, ~1,000 models asked for repeatedly", info, rawInfo));
		console.log(row("model info, each model asked for once (no cache)", cold, rawInfo));
		if (cold.requests > coldPaths.length)
			console.log(`(the cold load ran out of distinct models: ${cold.requests} requests)`);
		console.log(`hub memory: ${memory.rss.toFixed(0)} MiB resident after the load, ${memory.peak.toFixed(0)} MiB peak`);
	} finally {
		child.kill("SIGTERM");
	}
} finally {
	if (!givenData) rmSync(dataDir, { recursive: true, force: true });
	postgres?.stop();
}
