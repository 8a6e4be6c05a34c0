#!/usr/bin/env node
/**
 * File serving during a sign-up flood: how long a small `/resolve` waits while the hub hashes
 * passwords for a burst of sign-ups (scrypt runs on libuv's thread pool, the one file reads use).
 *
 * `hubkit serve` runs in its own process on a fresh data directory with the sign-up limit off
 * (`HUBKIT_SIGNUPS_PER_HOUR=0`), so every sign-up reaches the hashing. The idle row is `--idle`
 * sequential `GET /{model}/resolve/main/{file}` of the sample model's smallest file, 5 ms apart.
 * Each burst round sends 24 sign-ups, 8 at a time, and until the last answers the same `/resolve`
 * one after another, 5 ms apart. Figures: p50, p99 and max of those requests; the sign-ups' answers
 * by status; the hub's peak RSS (VmHWM).
 *
 *   npm run build && node bench/signup-flood.mjs [--rounds 3] [--idle 400] [--cli path/to/hub/dist/cli.js]
 *
 * `--cli` measures another build of the hub (a checkout of an older commit), on the same machine.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { headerLine, option, startListening, stringOption } from "./lib/harness.mjs";

const CLI = stringOption("cli", new URL("../packages/hub/dist/cli.js", import.meta.url).pathname);
const MODEL = "hubkit-demo/tiny-sentiment";
const rounds = option("rounds", 3);
const idleCount = option("idle", 400);
const SIGN_UPS = 24;
const AT_ONCE = 8;

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
const percentile = (values, share) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
};

async function timed(url) {
	const started = performance.now();
	const response = await fetch(url);
	await response.arrayBuffer();
	if (!response.ok) throw new Error(`${url}: ${response.status}`);
	return performance.now() - started;
}

/** The hub process's peak resident memory, in MiB (Linux). */
function peakRssMiB(pid) {
	const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmHWM:\s+(\d+) kB/m);
	return line ? Number(line[1]) / 1024 : Number.NaN;
}

/** 24 sign-ups, 8 in flight at any time; resolves with the count of each status. */
async function signUpBurst(hubUrl, round) {
	const statuses = {};
	let next = 0;
	const lane = async () => {
		while (next < SIGN_UPS) {
			const name = `flood-${round}-${next++}`;
			const response = await fetch(`${hubUrl}/api/auth/signup`, {
				method: "POST",
				headers: { "content-type": "application/json" },
				body: JSON.stringify({ username: name, email: `${name}@example.com`, password: "correct horse battery" }),
			});
			await response.arrayBuffer();
			statuses[response.status] = (statuses[response.status] ?? 0) + 1;
		}
	};
	await Promise.all(Array.from({ length: AT_ONCE }, lane));
	return statuses;
}

const dataDir = mkdtempSync(join(tmpdir(), "hubkit-signup-flood-"));
console.log(headerLine("sign-up flood"));
console.log(`hub: ${CLI}`);
let hubChild;
try {
	process.env.HUBKIT_SIGNUPS_PER_HOUR = "0";
	const hub = await startListening([CLI, "serve", "--data", dataDir, "--port", "0"]);
	hubChild = hub.child;
	const tree = await (await fetch(`${hub.url}/api/models/${MODEL}/tree/main`)).json();
	const smallest = tree.filter((entry) => entry.type === "file").sort((a, b) => a.size - b.size)[0];
	const fileUrl = `${hub.url}/${MODEL}/resolve/main/${smallest.path}`;
	console.log(`GET /${MODEL}/resolve/main/${smallest.path} (${smallest.size} bytes); ${rounds} rounds`);
	for (let index = 0; index < 20; index++) await timed(fileUrl);

	const idle = [];
	for (let index = 0; index < idleCount; index++) {
		idle.push(await timed(fileUrl));
		await pause();
	}
	const busy = [];
	const answers = {};
	const burstMs = [];
	for (let round = 0; round < rounds; round++) {
		let done = false;
		const started = performance.now();
		const burst = signUpBurst(hub.url, round).finally(() => {
			done = true;
		});
		while (!done) {
			busy.push(await timed(fileUrl));
			await pause();
		}
		for (const [status, count] of Object.entries(await burst)) answers[status] = (answers[status] ?? 0) + count;
		burstMs.push(performance.now() - started);
	}
	const ms = (value) => value.toFixed(1);
	const row = (label, values) =>
		`| ${label} (${values.length}) | ${ms(percentile(values, 0.5))} | ${ms(percentile(values, 0.99))} | ${ms(Math.max(...values))} |`;
	console.log("| /resolve, ms | p50 | p99 | max |");
	console.log("| --- | ---: | ---: | ---: |");
	console.log(row("idle hub", idle));
	console.log(row(`during ${SIGN_UPS} sign-ups, ${AT_ONCE} at a time`, busy));
	console.log(`busy p99 / idle p99: ${(percentile(busy, 0.99) / percentile(idle, 0.99)).toFixed(2)} (goal ≤ 2)`);
	console.log(
		`sign-up answers: ${JSON.stringify(answers)}; a burst took ${burstMs.map((value) => ms(value / 1000)).join(", ")} s`,
	);
	console.log(`hub peak RSS: ${ms(peakRssMiB(hub.child.pid))} MiB`);
} finally {
	hubChild?.kill("SIGTERM");
	rmSync(dataDir, { recursive: true, force: true });
}
