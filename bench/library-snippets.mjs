#!/usr/bin/env node
/**
 * Library-snippet benchmark: every snippet generator × every record of the
 * fixture set (packages/tasks/test/fixtures), Hubkit against the public
 * implementation (@huggingface/tasks, a dev dependency of bench/ only).
 *
 *   npm run build && node bench/library-snippets.mjs [--rounds 5] [--seconds 2]
 *
 * Each measurement runs in a fresh child process, so peak memory (max RSS) is
 * that implementation's own. Implementations alternate, round by round, so a
 * noisy neighbour hurts both alike; the figure reported is the median round.
 */
import { execFileSync, fork } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";

const fixtures = new URL("../packages/tasks/test/fixtures/", import.meta.url);

function loadRecords(set) {
	const dir = new URL("models/", fixtures);
	const records = readdirSync(dir)
		.filter((name) => name.endsWith(".json"))
		.sort()
		.flatMap((name) => JSON.parse(readFileSync(new URL(name, dir), "utf8")));
	if (set !== "all") return records;
	const hostile = JSON.parse(readFileSync(new URL("hostile-records.json", fixtures), "utf8")).records;
	return [...records, ...hostile];
}

/** Library key → snippet generator, for one implementation. */
async function loadGenerators(implementation) {
	const libraries =
		implementation === "hubkit"
			? (await import("@hubkit/tasks")).MODEL_LIBRARIES
			: (await import("@huggingface/tasks")).MODEL_LIBRARIES_UI_ELEMENTS;
	return new Map(Object.entries(libraries).flatMap(([key, entry]) => (entry.snippets ? [[key, entry.snippets]] : [])));
}

/**
 * The work of one pass: each record with the generators that run on it. Records
 * are the outer loop because that is how snippets are used: a model page asks
 * every library for the snippets of one model. In the "peer-clean" set, only the
 * (record, generator) pairs on which the peer does not throw, so exceptions cost
 * neither side anything.
 */
async function loadWork(implementation, set) {
	const records = loadRecords(set);
	const generators = [...(await loadGenerators(implementation))];
	const clean = set === "peer-clean" ? JSON.parse(readFileSync(process.env.BENCH_CLEAN_PAIRS, "utf8")) : undefined;
	return records.map((record, index) => [
		record,
		generators.filter(([key]) => !clean || clean[key]?.includes(index)).map(([, generate]) => generate),
	]);
}

/** The pairs (library key → record indices) on which the peer's generators succeed. */
async function peerCleanPairs() {
	const records = loadRecords("peer-clean");
	const pairs = {};
	for (const [key, generate] of await loadGenerators("peer")) {
		pairs[key] = records.flatMap((record, index) => {
			try {
				generate(record);
				return [index];
			} catch {
				return [];
			}
		});
	}
	const file = join(tmpdir(), `hubkit-bench-pairs-${process.pid}.json`);
	writeFileSync(file, JSON.stringify(pairs));
	return file;
}

/** One pass over the work; returns snippets made, generator calls and errors. */
function pass(work) {
	let snippets = 0;
	let errors = 0;
	let calls = 0;
	for (const [record, generators] of work) {
		calls += generators.length;
		for (const generate of generators) {
			try {
				snippets += generate(record).length;
			} catch {
				errors++;
			}
		}
	}
	return { snippets, errors, calls };
}

async function child(implementation, seconds, set) {
	const work = await loadWork(implementation, set);
	for (let warm = 0; warm < 20; warm++) pass(work);
	let snippets = 0;
	let calls = 0;
	let errors = 0;
	const start = process.hrtime.bigint();
	const budget = BigInt(Math.round(seconds * 1e9));
	let elapsed = 0n;
	while (elapsed < budget) {
		const result = pass(work);
		snippets += result.snippets;
		errors += result.errors;
		calls += result.calls;
		elapsed = process.hrtime.bigint() - start;
	}
	const elapsedSeconds = Number(elapsed) / 1e9;
	process.send({
		implementation,
		generators: Math.max(...work.map(([, generators]) => generators.length)),
		pairs: work.reduce((sum, [, generators]) => sum + generators.length, 0),
		snippetsPerSecond: snippets / elapsedSeconds,
		callsPerSecond: calls / elapsedSeconds,
		errorsPerPass: errors / (calls / work.reduce((sum, [, generators]) => sum + generators.length, 0)),
		maxRssMiB: process.resourceUsage().maxRSS / 1024,
	});
}

function measure(implementation, seconds, set) {
	return new Promise((resolve, reject) => {
		const worker = fork(new URL(import.meta.url), ["--child", implementation, String(seconds), set], {
			stdio: "inherit",
		});
		worker.once("message", resolve);
		worker.once("exit", (code) => code !== 0 && reject(new Error(`${implementation} run exited with ${code}`)));
	});
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
	const option = (name, fallback) => {
		const at = process.argv.indexOf(`--${name}`);
		return at > 0 ? Number(process.argv[at + 1]) : fallback;
	};
	const rounds = option("rounds", 5);
	const seconds = option("seconds", 2);
	const format = (n) => Math.round(n).toLocaleString("en-US");
	const commit = (() => {
		try {
			return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
		} catch {
			return "unknown";
		}
	})();
	console.log(`library snippets — ${cpus()[0]?.model} × ${cpus().length}, Node ${process.version}, commit ${commit}`);
	console.log(`rounds: ${rounds} × ${seconds}s each, median shown`);
	process.env.BENCH_CLEAN_PAIRS = await peerCleanPairs();
	// "peer-clean": realistic records, only pairs where the peer does not throw;
	// "varied": every generator on every realistic record; "all": plus the hostile
	// records, where generators that throw pay for their exceptions.
	for (const set of ["peer-clean", "varied", "all"]) {
		const runs = { hubkit: [], peer: [] };
		for (let round = 0; round < rounds; round++) {
			for (const implementation of round % 2 ? ["peer", "hubkit"] : ["hubkit", "peer"]) {
				runs[implementation].push(await measure(implementation, seconds, set));
			}
		}
		const summary = (list) => ({
			generators: list[0].generators,
			pairs: list[0].pairs,
			snippetsPerSecond: median(list.map((run) => run.snippetsPerSecond)),
			callsPerSecond: median(list.map((run) => run.callsPerSecond)),
			errorsPerPass: list[0].errorsPerPass,
			maxRssMiB: median(list.map((run) => run.maxRssMiB)),
		});
		const ours = summary(runs.hubkit);
		const peer = summary(runs.peer);
		console.log(`\nrecord set: ${set}`);
		console.log(
			"| implementation | generators | generator × record pairs | snippets/s | generator calls/s | errors per pass | peak RSS |",
		);
		console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
		for (const [name, result] of [
			["@hubkit/tasks", ours],
			["@huggingface/tasks 0.21.54", peer],
		]) {
			console.log(
				`| ${name} | ${result.generators} | ${result.pairs} | ${format(result.snippetsPerSecond)} | ${format(result.callsPerSecond)} | ${result.errorsPerPass} | ${result.maxRssMiB.toFixed(0)} MiB |`,
			);
		}
		console.log(
			`ratio (hubkit / peer): snippets/s ${(ours.snippetsPerSecond / peer.snippetsPerSecond).toFixed(2)}, calls/s ${(ours.callsPerSecond / peer.callsPerSecond).toFixed(2)}, peak RSS ${(ours.maxRssMiB / peer.maxRssMiB).toFixed(2)}`,
		);
	}
	rmSync(process.env.BENCH_CLEAN_PAIRS, { force: true });
}

if (process.argv[2] === "--child") {
	await child(process.argv[3], Number(process.argv[4]), process.argv[5]);
} else {
	await main();
}
