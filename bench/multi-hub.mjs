#!/usr/bin/env node
/**
 * One hub against two hubs behind one address, on one PostgreSQL (loopback, bounded in time):
 *   1. a throwaway Debian PostgreSQL 15 (bench/lib/postgres.mjs), N synthetic models seeded;
 *   2. two `hubkit serve` processes on it, and a round-robin balancer in its own process;
 *   3. autocannon at concurrency 64 on model info (about 1,000 models asked for repeatedly) and on
 *      search, against: one hub directly; the balancer with one hub behind it (its own cost);
 *      the balancer with both hubs behind it.
 * On a two-core machine the load generator, the balancer, PostgreSQL and the hubs share two cores,
 * so the gain of a second hub is bounded by the cores, not by the hub: the figures say what a
 * second process buys here, and docs/deploy.md turns the per-request costs into a model for more.
 *
 *   npm run build && node bench/multi-hub.mjs [--models 100000] [--seconds 10] [--connections 64]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format, headerLine, option, runNode, startListening } from "./lib/harness.mjs";
import { loadPaths, sampleModels, searchPath } from "./lib/hub-load.mjs";
import { startPostgres } from "./lib/postgres.mjs";

const CLI = new URL("../packages/hub/dist/cli.js", import.meta.url).pathname;
const BALANCER = new URL("./lib/round-robin-balancer.mjs", import.meta.url).pathname;

const models = option("models", 100_000);
const seconds = option("seconds", 10);
const connections = option("connections", 64);

const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) a process has used so far, 0 once it is gone; with `exitedChildren`,
 * plus what its children that have ended used (PostgreSQL's backends come and go with connections).
 */
function cpuSeconds(pid, exitedChildren = false) {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		const own = Number(fields[11]) + Number(fields[12]);
		const children = exitedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
		return (own + children) / TICKS_PER_SECOND;
	} catch {
		return 0;
	}
}

/** The PostgreSQL server's processes: the postmaster and its children (one backend per connection). */
function postgresPids(dataDir) {
	const postmaster = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
	const pids = [postmaster];
	for (const entry of readdirSync("/proc")) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
			if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster) pids.push(Number(entry));
		} catch {
			// Gone meanwhile.
		}
	}
	return pids;
}

/** A load at this script's concurrency and length, summed up. */
async function load(url, paths) {
	const result = await loadPaths(url, paths, { connections, seconds });
	return {
		rps: result.requests.average,
		requests: result.requests.total,
		p50: result.latency.p50,
		p99: result.latency.p99,
		bad: result.non2xx + result.errors,
	};
}

console.log(headerLine("several hubs"));
console.log(`${format(models)} synthetic models on PostgreSQL 15, ${connections} connections, ${seconds} s per load`);
const pg = await startPostgres();
const scratch = mkdtempSync(join(tmpdir(), "hubkit-multi-"));
const children = [];
try {
	// The children inherit the environment: every hub (and the seeding) on the one database.
	process.env.DATABASE_URL = pg.url;
	process.env.HUBKIT_LOCAL_WORKERS = "1";
	const seeded = performance.now();
	await runNode([CLI, "seed", "--synthetic", String(models), "--data", join(scratch, "seed")]);
	console.log(`seeding: ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
	const start = async (args) => {
		const started = await startListening(args);
		children.push(started.child);
		return started.url;
	};
	const hubA = await start([CLI, "serve", "--port", "0", "--data", join(scratch, "a")]);
	const hubB = await start([CLI, "serve", "--port", "0", "--data", join(scratch, "b")]);
	const oneBehind = await start([BALANCER, hubA]);
	const twoBehind = await start([BALANCER, hubA, hubB]);

	const sample = sampleModels(models, 97);
	const info = sample.slice(0, 1000).map(({ id }) => `/api/models/${id}`);
	const search = sample.map(searchPath);
	// Warm-up: JIT and PostgreSQL's buffers, through both hubs.
	for (const url of [hubA, hubB]) await load(url, info.concat(search.slice(0, 200)));

	/** A load, with the CPU time the hubs and PostgreSQL spent on it per request. */
	const measured = async (url, paths) => {
		const hubs = children.slice(0, 2).map((child) => child.pid);
		const sum = (pids) => pids.reduce((total, pid) => total + cpuSeconds(pid), 0);
		// The postmaster first (with its ended backends), then the backends alive at that moment.
		const databaseCpu = () => {
			const [postmaster, ...backends] = postgresPids(pg.dataDir);
			return cpuSeconds(postmaster, true) + sum(backends);
		};
		const [hubBefore, dbBefore] = [sum(hubs), databaseCpu()];
		const result = await load(url, paths);
		const perRequest = (seconds) => ((seconds * 1000) / result.requests).toFixed(3);
		return { ...result, hubMs: perRequest(sum(hubs) - hubBefore), dbMs: perRequest(databaseCpu() - dbBefore) };
	};

	console.log(
		"| load | one hub | balancer → one hub | balancer → two hubs | two / one | CPU ms per request: hubs, PostgreSQL |",
	);
	console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
	for (const [name, paths] of [
		["model info (~1,000 models, cached)", info],
		["search `?search&pipeline_tag&sort=downloads&limit=20`", search],
	]) {
		const direct = await measured(hubA, paths);
		const balanced = await measured(oneBehind, paths);
		const both = await measured(twoBehind, paths);
		const cell = (r) => `${format(r.rps)} req/s (p50 ${r.p50} ms, p99 ${r.p99} ms${r.bad ? `, ${r.bad} bad` : ""})`;
		console.log(
			`| ${name} | ${cell(direct)} | ${cell(balanced)} | ${cell(both)} | ${(both.rps / balanced.rps).toFixed(2)} | ${direct.hubMs}, ${direct.dbMs} |`,
		);
	}
} finally {
	for (const child of children) child.kill("SIGTERM");
	pg.stop();
	rmSync(scratch, { recursive: true, force: true });
}
