#!/usr/bin/env node
/**
 * Xet against plain LFS on one hub (`hubkit serve`, SQLite, disk store), with the real Python client
 * (huggingface_hub 1.33 + hf_xet 1.6 from the test venv, packages/hub/test/support/python-clients.ts):
 *   1. upload of a random file of `--size` MB through Xet (the default install) and through LFS
 *      (`HF_HUB_DISABLE_XET=1`), each to its own repository and with its own random bytes (the
 *      store is content-addressed: the same bytes twice would be stored once): wall time of
 *      `upload_file`, the hub process's CPU time and peak RSS during each;
 *   2. `hf_hub_download` of the Xet repository's file into a fresh HF_HOME with Xet on and off:
 *      wall time, hub CPU and peak RSS, and which path the client took (the tree entry's `xetHash`,
 *      the bytes `/resolve/` answered against those of every other route, the Xet reads);
 *   3. the same file again with 1 MiB changed in the middle, through Xet with the first upload's
 *      HF_HOME (the client's shard cache) and with a fresh one, and through LFS: bytes the client
 *      sent (xorb and shard bodies; the LFS PUT), the growth of `SUM(size)` of `xet_xorbs`, and the
 *      growth of the data directory's blob bytes.
 * Every request goes through a counting HTTP proxy in this process (the hub's HUBKIT_PUBLIC_URL
 * points at it, so the CAS and upload URLs it hands out do too); both paths pay for it alike.
 *
 *   npm run build && node bench/xet.mjs [--size 500]
 */
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
	closeSync,
	copyFileSync,
	existsSync,
	mkdtempSync,
	openSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
	writeSync,
} from "node:fs";
import { Agent, createServer, request } from "node:http";
import { homedir, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { headerLine, option, startListening } from "./lib/harness.mjs";
import { prepareHubData } from "./lib/hub-data.mjs";

const HUB = new URL("../packages/hub/dist/", import.meta.url);
const CLI = new URL("cli.js", HUB).pathname;
const CLIENT = new URL("./lib/hf-client.py", import.meta.url).pathname;
const REQUIREMENTS = new URL("../packages/hub/test/clients/requirements-hf1.txt", import.meta.url).pathname;
const MiB = 1024 * 1024;
const MB = 1_000_000;

const size = option("size", 500) * MB;

/**
 * The python of the test venv: the same path rule as test/support/python-clients.ts, which makes
 * it (a hub test that runs the Python clients makes it on first use).
 */
function venvPython() {
	const digest = createHash("sha256").update(readFileSync(REQUIREMENTS, "utf8")).digest("hex").slice(0, 12);
	const root = process.env.HUBKIT_CLIENTS_CACHE ?? join(homedir(), ".cache", "hubkit", "python-clients");
	const venv = join(root, `requirements-hf1-${digest}`);
	if (!existsSync(join(venv, ".complete"))) {
		throw new Error(
			`no Python client venv at ${venv}: run npx vitest run --project hub packages/hub/test/xet-upload.test.ts once to make it`,
		);
	}
	return join(venv, "bin", "python");
}

/** The hub's SUM(size) and COUNT of `xet_xorbs`, read from its SQLite file while it runs. */
async function xorbTotals(dataDir) {
	const { loadConfig } = await import(new URL("config.js", HUB).href);
	const { openDatabase } = await import(new URL("db/open.js", HUB).href);
	const database = openDatabase(loadConfig({ dataDir }, {}));
	try {
		const rows = await database.db.selectFrom("xet_xorbs").select("size").execute();
		return { bytes: rows.reduce((sum, row) => sum + Number(row.size), 0), count: rows.length };
	} finally {
		await database.close();
	}
}

function blobBytes(dataDir) {
	let total = 0;
	const walk = (folder) => {
		if (!existsSync(folder)) return;
		for (const entry of readdirSync(folder, { withFileTypes: true })) {
			const path = join(folder, entry.name);
			if (entry.isDirectory()) walk(path);
			else if (entry.isFile()) total += statSync(path).size;
		}
	};
	walk(join(dataDir, "blobs"));
	return total;
}

/** What a request is, for the byte counts (in a download, what `/resolve/` does not answer is the Xet reads). */
function kindOf(method, path) {
	if (path.startsWith("/v1/xorbs/") && method === "POST") return "xorb upload";
	if (path.startsWith("/v1/shards")) return "shard upload";
	if (path.includes("/uploads/")) return "lfs put";
	if (path.includes(".git/info/lfs/") || path.startsWith("/api/")) return "api";
	if (path.includes("/resolve/")) return "resolve";
	return "other";
}

/**
 * A counting HTTP proxy to `target` (set once the hub listens): request and response body bytes
 * per kind of request since the last `reset()`.
 */
function countingProxy() {
	const agent = new Agent({ keepAlive: true });
	const state = { target: undefined, counts: {} };
	const add = (kind, field, bytes) => {
		state.counts[kind] ??= { requests: 0, sent: 0, received: 0 };
		state.counts[kind][field] += bytes;
	};
	const server = createServer((incoming, outgoing) => {
		const kind = kindOf(incoming.method, incoming.url);
		add(kind, "requests", 1);
		const target = new URL(incoming.url, state.target);
		const forward = request(
			target,
			{ method: incoming.method, headers: { ...incoming.headers, host: target.host }, agent },
			(answer) => {
				outgoing.writeHead(answer.statusCode, answer.headers);
				answer.on("data", (chunk) => add(kind, "received", chunk.length));
				// A refused request is what a failed run needs explained: print the hub's answer.
				if (answer.statusCode >= 400 && answer.statusCode !== 404 && answer.statusCode !== 416) {
					answer.on("data", (chunk) =>
						console.error(
							`${incoming.method} ${incoming.url} → ${answer.statusCode}: ${chunk.toString().slice(0, 500)}`,
						),
					);
				}
				answer.pipe(outgoing);
			},
		);
		forward.on("error", (error) => outgoing.destroy(error));
		incoming.on("data", (chunk) => add(kind, "sent", chunk.length));
		incoming.pipe(forward);
	});
	return new Promise((resolve) =>
		server.listen(0, "127.0.0.1", () =>
			resolve({
				url: `http://127.0.0.1:${server.address().port}`,
				state,
				reset: () => {
					state.counts = {};
				},
				close: () => {
					agent.destroy();
					server.close();
				},
			}),
		),
	);
}

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, clock ticks of 1/100 s). */
function cpuSeconds(pid) {
	const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
	return (Number(fields[11]) + Number(fields[12])) / 100;
}

function vm(pid, field) {
	return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}

/**
 * Runs `run` while sampling the hub's VmRSS every 50 ms; the high-water mark is reset first
 * (clear_refs 5), so VmHWM afterwards is this phase's peak even between samples.
 */
async function withPeakRss(pid, run) {
	try {
		writeFileSync(`/proc/${pid}/clear_refs`, "5");
	} catch {
		// Without it VmHWM is the process's peak so far; the samples still bound this phase.
	}
	const atRest = vm(pid, "VmRSS");
	const cpuBefore = cpuSeconds(pid);
	let sampled = atRest;
	const sampler = setInterval(() => {
		sampled = Math.max(sampled, vm(pid, "VmRSS"));
	}, 50);
	try {
		const result = await run();
		return { ...result, atRest, peak: Math.max(sampled, vm(pid, "VmHWM")), hubCpu: cpuSeconds(pid) - cpuBefore };
	} finally {
		clearInterval(sampler);
	}
}

function python(args, env) {
	return new Promise((resolve, reject) => {
		execFile(venvPython(), [CLIENT, ...args], { env, maxBuffer: 16 * MiB }, (error, stdout, stderr) => {
			if (error) reject(new Error(`hf-client ${args.join(" ")}: ${stderr || error.message}`));
			else resolve(JSON.parse(stdout.trim().split("\n").at(-1)));
		});
	});
}

/** `bytes` random bytes written one MiB at a time. */
function writeRandomFile(path, bytes) {
	const fd = openSync(path, "w");
	for (let written = 0; written < bytes; written += MiB) writeSync(fd, randomBytes(Math.min(MiB, bytes - written)));
	closeSync(fd);
}

/** A copy of `from` with 1 MiB of fresh random bytes in the middle. */
function changedCopy(from, to) {
	copyFileSync(from, to);
	const fd = openSync(to, "r+");
	writeSync(fd, randomBytes(MiB), 0, MiB, Math.floor((statSync(from).size - MiB) / 2));
	closeSync(fd);
}

const mb = (bytes) => (bytes / MB).toFixed(1);
const times = (a, b) => (b > 0 ? (a / b).toFixed(2) : "n/a");

console.log(headerLine("Xet vs LFS"));
const clients = await python(["versions"], { PATH: process.env.PATH });
console.log(
	`huggingface_hub ${clients.huggingface_hub}, hf_xet ${clients.hf_xet}; file ${mb(size)} MB; load average ${loadavg()
		.map((load) => load.toFixed(1))
		.join(" ")}`,
);
const work = mkdtempSync(join(tmpdir(), "hubkit-bench-xet-"));
const dataDir = join(work, "data");
let hub;
const proxy = await countingProxy();
try {
	const token = await prepareHubData(dataDir);
	process.env.HUBKIT_PUBLIC_URL = proxy.url;
	hub = await startListening([CLI, "serve", "--port", "0", "--data", dataDir]);
	proxy.state.target = hub.url;
	const pid = hub.child.pid;
	const clientEnv = (home, xet) => ({
		PATH: process.env.PATH,
		HOME: work,
		HF_HOME: join(work, home),
		HF_ENDPOINT: proxy.url,
		HF_TOKEN: token,
		HF_HUB_DISABLE_TELEMETRY: "1",
		HF_HUB_DISABLE_PROGRESS_BARS: "1",
		...(xet ? {} : { HF_HUB_DISABLE_XET: "1" }),
	});
	const files = { xet: join(work, "xet.bin"), lfs: join(work, "lfs.bin") };
	for (const path of Object.values(files)) writeRandomFile(path, size);
	const repos = { xet: "bench/xet-upload", lfs: "bench/lfs-upload" };
	for (const repo of Object.values(repos)) await python(["create", repo], clientEnv("home-create", true));

	/** One client call, measured: seconds, hub RSS, proxy bytes, xorb and blob growth. */
	const measure = async (args, env) => {
		const before = { xorbs: await xorbTotals(dataDir), blobs: blobBytes(dataDir) };
		proxy.reset();
		const result = await withPeakRss(pid, () => python(args, env));
		const counts = proxy.state.counts;
		const after = { xorbs: await xorbTotals(dataDir), blobs: blobBytes(dataDir) };
		return {
			...result,
			counts,
			xorbBytes: after.xorbs.bytes - before.xorbs.bytes,
			xorbCount: after.xorbs.count - before.xorbs.count,
			blobBytes: after.blobs - before.blobs,
		};
	};
	const sent = (counts, kind) => counts[kind]?.sent ?? 0;
	const received = (counts, kind) => counts[kind]?.received ?? 0;
	const allSent = (counts) => Object.values(counts).reduce((sum, count) => sum + count.sent, 0);
	const allReceived = (counts) => Object.values(counts).reduce((sum, count) => sum + count.received, 0);
	const requests = (counts) =>
		Object.entries(counts)
			.map(([kind, count]) => `${kind} ${count.requests}`)
			.join(", ");

	// 1. Uploads, LFS first (its random file was written last, both are in the page cache).
	const upload = {};
	upload.lfs = await measure(["upload", repos.lfs, files.lfs, "weights.bin"], clientEnv("home-lfs", false));
	upload.xet = await measure(["upload", repos.xet, files.xet, "weights.bin"], clientEnv("home-xet", true));
	if (upload.xet.xorbCount === 0)
		console.log("warning: the Xet upload stored no xorb: the client did not take the Xet path");

	// 2. Downloads of the Xet repository's file, each into a fresh HF_HOME.
	const tree = await (await fetch(`${hub.url}/api/models/${repos.xet}/tree/main`)).json();
	const entry = tree.find((item) => item.path === "weights.bin");
	const download = {};
	download.xet = await measure(["download", repos.xet, "weights.bin"], clientEnv("home-download-xet", true));
	download.lfs = await measure(["download", repos.xet, "weights.bin"], clientEnv("home-download-http", false));
	for (const name of ["xet", "lfs"]) {
		const got = statSync(download[name].path).size;
		if (got !== size) throw new Error(`download (${name}) gave ${got} bytes, not ${size}`);
	}
	for (const home of ["home-download-xet", "home-download-http"])
		rmSync(join(work, home), { recursive: true, force: true });

	// 3. 1 MiB changed in the middle: each run its own change, so none finds another's chunks.
	const changed = {
		xetSame: join(work, "xet-same.bin"),
		xetFresh: join(work, "xet-fresh.bin"),
		lfs: join(work, "lfs-2.bin"),
	};
	changedCopy(files.xet, changed.xetSame);
	changedCopy(files.xet, changed.xetFresh);
	changedCopy(files.lfs, changed.lfs);
	const second = {};
	second.xetSame = await measure(["upload", repos.xet, changed.xetSame, "weights.bin"], clientEnv("home-xet", true));
	second.xetFresh = await measure(
		["upload", repos.xet, changed.xetFresh, "weights.bin"],
		clientEnv("home-xet-fresh", true),
	);
	second.lfs = await measure(["upload", repos.lfs, changed.lfs, "weights.bin"], clientEnv("home-lfs", false));

	console.log(
		`load average after the runs ${loadavg()
			.map((load) => load.toFixed(1))
			.join(" ")}`,
	);
	const row = (cells) => `| ${cells.join(" | ")} |`;
	const rss = (m) => `${m.atRest.toFixed(0)} / ${m.peak.toFixed(0)}`;
	const casSent = (counts) =>
		`${mb(sent(counts, "xorb upload"))} + ${(sent(counts, "shard upload") / 1000).toFixed(1)}`;
	console.log("\n1. upload of a new file");
	console.log(
		row([
			"path",
			"seconds",
			"MB/s",
			"hub CPU s",
			"hub RSS rest / peak MiB",
			"sent: xorbs MB + shards KB, or PUT MB",
			"stored MB",
		]),
	);
	for (const name of ["xet", "lfs"]) {
		const u = upload[name];
		const body = name === "xet" ? casSent(u.counts) : mb(sent(u.counts, "lfs put"));
		console.log(
			row([name, u.seconds.toFixed(1), mb(size / u.seconds), u.hubCpu.toFixed(1), rss(u), body, mb(u.blobBytes)]),
		);
	}
	console.log(
		`Xet / LFS: time ${times(upload.xet.seconds, upload.lfs.seconds)}, hub CPU ${times(upload.xet.hubCpu, upload.lfs.hubCpu)}, hub peak RSS ${times(upload.xet.peak, upload.lfs.peak)} (growth over rest ${times(upload.xet.peak - upload.xet.atRest, upload.lfs.peak - upload.lfs.atRest)}), stored ${times(upload.xet.blobBytes, upload.lfs.blobBytes)}; ${upload.xet.xorbCount} xorbs, ${mb(upload.xet.xorbBytes)} MB`,
	);

	console.log("\n2. download into a fresh HF_HOME (the Xet repository's file)");
	console.log(
		`tree entry: ${entry?.xetHash ? `xetHash ${entry.xetHash}` : "no xetHash (the Xet client falls back to plain HTTP)"}`,
	);
	console.log(
		row([
			"client",
			"seconds",
			"MB/s",
			"hub CPU s",
			"hub RSS rest / peak MiB",
			"MB by /resolve/",
			"MB by other routes",
			"requests",
		]),
	);
	for (const name of ["xet", "lfs"]) {
		const d = download[name];
		console.log(
			row([
				name === "xet" ? "Xet on" : "HF_HUB_DISABLE_XET=1",
				d.seconds.toFixed(1),
				mb(size / d.seconds),
				d.hubCpu.toFixed(1),
				rss(d),
				mb(received(d.counts, "resolve")),
				mb(allReceived(d.counts) - received(d.counts, "resolve")),
				requests(d.counts),
			]),
		);
	}
	const xetPath = received(download.xet.counts, "resolve") >= size / 2 ? "plain HTTP (/resolve/)" : "Xet reads";
	console.log(
		`the Xet client took ${xetPath}; Xet on / off: time ${times(download.xet.seconds, download.lfs.seconds)}, hub CPU ${times(download.xet.hubCpu, download.lfs.hubCpu)}, hub peak RSS ${times(download.xet.peak, download.lfs.peak)}`,
	);

	console.log("\n3. second upload, 1 MiB changed in the middle");
	console.log(
		row([
			"path",
			"seconds",
			"hub CPU s",
			"sent: xorbs MB + shards KB, or PUT MB",
			"all bodies sent MB",
			"xorbs stored MB",
			"stored MB",
		]),
	);
	const labels = { xetSame: "Xet, same HF_HOME", xetFresh: "Xet, fresh HF_HOME", lfs: "LFS" };
	for (const name of ["xetSame", "xetFresh", "lfs"]) {
		const s = second[name];
		const body = name === "lfs" ? mb(sent(s.counts, "lfs put")) : casSent(s.counts);
		console.log(
			row([
				labels[name],
				s.seconds.toFixed(1),
				s.hubCpu.toFixed(1),
				body,
				mb(allSent(s.counts)),
				mb(s.xorbBytes),
				mb(s.blobBytes),
			]),
		);
	}
	for (const name of ["xetSame", "xetFresh"]) {
		console.log(
			`${labels[name]} / LFS: sent ${times(allSent(second[name].counts), allSent(second.lfs.counts))}, stored ${times(second[name].blobBytes, second.lfs.blobBytes)}, time ${times(second[name].seconds, second.lfs.seconds)}`,
		);
	}
} finally {
	hub?.child.kill();
	proxy.close();
	rmSync(work, { recursive: true, force: true });
}
