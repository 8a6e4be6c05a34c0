/**
 * Shared plumbing for the benchmarks: options, the header line (machine, Node,
 * commit), medians, number formatting, child-process measurements and the
 * round order that alternates implementations.
 */
import { execFileSync, fork, spawn } from "node:child_process";
import { cpus } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** `--name value` from the command line, as a number, or the fallback. */
export function option(name, fallback) {
	const at = process.argv.indexOf(`--${name}`);
	return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

/** `--name value` from the command line, as a string, or the fallback. */
export function stringOption(name, fallback) {
	const at = process.argv.indexOf(`--${name}`);
	return at > 0 ? process.argv[at + 1] : fallback;
}

export function commit() {
	try {
		const hash = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
		const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim();
		return dirty ? `${hash} (+ uncommitted changes)` : hash;
	} catch {
		return "unknown";
	}
}

/** "<title> — <CPU> × <cores>, Node <version>, commit <hash>" */
export function headerLine(title) {
	return `${title} — ${cpus()[0]?.model} × ${cpus().length}, Node ${process.version}, commit ${commit()}`;
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const format = (n) => Math.round(n).toLocaleString("en-US");

export const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? (a / b).toFixed(2) : "n/a");

/**
 * The order implementations run in, round by round: rotated each round and
 * reversed every other one, so none is always first or always after the same
 * neighbour.
 */
export function roundOrder(names, round) {
	const rotated = names.map((_, index) => names[(index + round) % names.length]);
	return round % 2 ? rotated.reverse() : rotated;
}

/** mulberry32: a small seeded PRNG, enough for picking words and piece sizes. */
export function prng(seed) {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/**
 * A seeded random order per pass for call-by-call benchmarks. A fixed or merely
 * reversed order puts the same implementations at the ends of every pass, so
 * they run twice in a row at each pass boundary (warm code and data) while the
 * ones in the middle never do; shuffling spreads those repeats evenly.
 */
export function shuffler(seed = 1) {
	const next = prng(seed);
	return (names) => {
		const order = [...names];
		for (let index = order.length - 1; index > 0; index--) {
			const other = Math.floor(next() * (index + 1));
			[order[index], order[other]] = [order[other], order[index]];
		}
		return order;
	};
}

/**
 * Runs `script --child ...args` in a fresh Node process and resolves, once the
 * process has exited, with the message it sent (see `report`). A child that
 * exits without a message rejects. Waiting for the exit keeps one
 * measurement's teardown out of the next one.
 */
export function measureInChild(script, args, { env } = {}) {
	return new Promise((resolve, reject) => {
		let result;
		const worker = fork(script, ["--child", ...args], {
			stdio: "inherit",
			env: { ...process.env, ...env },
		});
		worker.once("message", (message) => {
			result = message;
		});
		worker.once("exit", (code) => {
			if (result) resolve(result);
			else reject(new Error(`${args.join(" ")}: child exited with ${code} before reporting`));
		});
	});
}

/** In a child: send the result to the parent, then exit (idle sockets must not keep it alive). */
export function report(message) {
	process.send(message, () => process.exit(0));
}

/** Peak RSS of this process, in MiB. */
export const maxRssMiB = () => process.resourceUsage().maxRSS / 1024;

/**
 * Starts `node ...args` and resolves once it prints `listening on URL` (the hub's
 * CLI and the raw-limit servers do), with the child and that URL.
 */
export function startListening(args) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
		let seen = "";
		const onData = (chunk) => {
			seen += chunk;
			const match = /listening on (http:\/\/\S+)/.exec(seen);
			if (match) resolve({ child, url: match[1] });
		};
		child.stdout.on("data", onData);
		child.stderr.on("data", onData);
		child.on("close", (code) => reject(new Error(`${args[0]} exited ${code}: ${seen}`)));
	});
}

/** Runs `node ...args` to the end: resolves with its standard output and all its output, rejects on a non-zero exit. */
export function runNode(args) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
		let stdout = "";
		let output = "";
		child.stdout.on("data", (chunk) => {
			stdout += chunk;
			output += chunk;
		});
		child.stderr.on("data", (chunk) => {
			output += chunk;
		});
		child.on("close", (code) =>
			code === 0 ? resolve({ stdout, output }) : reject(new Error(`${args.join(" ")} exited ${code}: ${output}`)),
		);
	});
}

/**
 * Warm workers: one long-lived process per implementation, so that
 * implementations can take turns in short slices while each keeps its warm JIT
 * and heap. `startWorker` forks `script --worker ...args` and resolves once the
 * worker says `{ ready: true }` (or `{ error }`); `askWorker` sends a message and
 * resolves with the `result` of the reply. "exit" ends a worker.
 */
export function startWorker(script, args, { execArgv = [] } = {}) {
	const child = fork(script, ["--worker", ...args], { stdio: "inherit", execArgv: [...process.execArgv, ...execArgv] });
	return new Promise((resolve, reject) => {
		child.once("message", (message) => resolve({ child, error: message.error }));
		child.once("exit", (code) =>
			reject(new Error(`${args.join(" ")}: worker exited with ${code} before it was ready`)),
		);
	});
}

export function askWorker(child, message) {
	return new Promise((resolve) => {
		child.once("message", (reply) => resolve(reply.result));
		child.send(message);
	});
}

/** The median of the per-round ratios a/b, with the interquartile range and how many rounds reach `goal`. */
export function pairedRatio(roundsA, roundsB, goal = 0.97) {
	const ratios = roundsA.map((a, index) => a / roundsB[index]).sort((x, y) => x - y);
	const at = (q) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))];
	return {
		median: at(0.5),
		low: at(0.25),
		high: at(0.75),
		above: ratios.filter((r) => r >= goal).length,
		count: ratios.length,
	};
}

export const showRatio = ({ median: m, low, high }) => `${m.toFixed(3)} [${low.toFixed(3)}–${high.toFixed(3)}]`;

/**
 * The @hubkit/inference builds to measure: this checkout's, and with
 * `--before <dir>` also the one built in that package directory (a worktree of
 * an older commit, say `/tmp/inference-before/packages/inference` after
 * `npx tsc -b packages/tasks packages/inference` there), so both run in one
 * process, turn by turn, on the same machine minute.
 */
export async function hubkitBuilds() {
	const builds = { now: await import("@hubkit/inference") };
	const before = stringOption("before", "");
	if (before) builds.before = await import(pathToFileURL(resolve(before, "dist/index.js")).href);
	return builds;
}
