#!/usr/bin/env node
/**
 * The caching mirror (HUBKIT_UPSTREAM), one large LFS file, loopback only:
 *   - the upstream is the huggingface.co stand-in of the hub's tests
 *     (packages/hub/test/support/hf-upstream-fixture.ts, transpiled here as it is): `/resolve`
 *     answers a 302 to a separate CDN server, which sends the bytes from memory;
 *   - the downloads are curl's (one streaming GET, redirects followed, written to a temporary
 *     folder), each checked against the file's sha256 afterwards (not timed);
 *   - each round downloads the file directly from the upstream, through a `hubkit serve` mirror
 *     the first time (its stored copy removed before, so the mirror fetches it from the CDN and
 *     streams it on as it arrives) and through the mirror again, cached; the order alternates;
 *   - two links to the CDN: none (loopback at full speed: the CDN sends from memory, so the mirror's
 *     own work per byte is all that shows) and one of `--link-mbps` megabits a second (default
 *     1000, a fast company link to huggingface.co), where the CDN paces what it sends;
 *   - the ratios direct time / mirror time (goal ≥ 0.9 for the first download, ≥ 1 cached) and
 *     the mirror's resident memory: at rest, and its peak during each kind of download (VmRSS
 *     sampled every 50 ms, and VmHWM at the end);
 *   - for context, the raw limit of a cached download: a bare node:http server in its own process
 *     (disk-server.mjs) streaming the mirror's stored blob from disk.
 *
 *   npm run build && node bench/mirror/run.mjs [--mb 500] [--rounds 3] [--link-mbps 1000]
 */
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { format, headerLine, median, option, ratio, startListening } from "../lib/harness.mjs";

const CLI = new URL("../../packages/hub/dist/cli.js", import.meta.url).pathname;
const DISK_SERVER = new URL("./disk-server.mjs", import.meta.url).pathname;
const FIXTURE = new URL("../../packages/hub/test/support/hf-upstream-fixture.ts", import.meta.url);
const MiB = 1024 * 1024;
const MODEL = "bench/big-model";
const FILE = "model.safetensors";

const megabytes = option("mb", 500);
const rounds = option("rounds", 3);
const linkMbps = option("link-mbps", 1000);
const execute = promisify(execFile);

/** The test fixture, as JavaScript: it imports only node: modules, so a plain transpile runs it. */
async function loadFixture(folder) {
	const source = readFileSync(FIXTURE, "utf8");
	const { outputText } = ts.transpileModule(source, {
		compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
	});
	const path = join(folder, "hf-upstream-fixture.mjs");
	writeFileSync(path, outputText);
	return import(path);
}

/** `size` bytes: one random MiB repeated, each copy numbered in its first 8 bytes, so no MiB repeats. */
function generated(size) {
	const block = randomBytes(MiB);
	const bytes = Buffer.allocUnsafe(size);
	for (let offset = 0, index = 0; offset < size; offset += MiB, index++) {
		block.copy(bytes, offset, 0, Math.min(MiB, size - offset));
		if (offset + 8 <= size) bytes.writeBigUInt64LE(BigInt(index), offset);
	}
	return bytes;
}

async function sha256OfFile(path) {
	const hash = createHash("sha256");
	for await (const chunk of createReadStream(path)) hash.update(chunk);
	return hash.digest("hex");
}

/** One curl download into `folder`; seconds, after checking the bytes. */
async function download(url, folder, expected) {
	const output = join(folder, "download");
	const { stdout } = await execute("curl", [
		"--silent",
		"--show-error",
		"--location",
		"--output",
		output,
		"--write-out",
		"%{http_code} %{size_download} %{time_total}",
		url,
	]);
	const [status, size, seconds] = stdout.trim().split(" ");
	if (status !== "200") throw new Error(`${url} answered ${status}`);
	if (Number(size) !== expected.size || (await sha256OfFile(output)) !== expected.sha256) {
		throw new Error(`${url}: ${size} bytes that are not the file`);
	}
	rmSync(output, { force: true });
	return Number(seconds);
}

function statusKiB(pid, field) {
	const status = readFileSync(`/proc/${pid}/status`, "utf8");
	return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

/** Peak VmRSS (MiB) of `pid` while `work` runs, sampled every 50 ms. */
async function peakDuring(pid, work) {
	let peak = statusKiB(pid, "VmRSS");
	const sampler = setInterval(() => {
		peak = Math.max(peak, statusKiB(pid, "VmRSS"));
	}, 50);
	try {
		const result = await work();
		peak = Math.max(peak, statusKiB(pid, "VmRSS"));
		return { result, peak: peak / 1024 };
	} finally {
		clearInterval(sampler);
	}
}

/** One link to the CDN: its rounds of direct, first and cached downloads, and the mirror's memory. */
async function measureLink(folder, bytes, expected, linkBytesPerSecond) {
	const { startHfFixture } = await loadFixture(folder);
	const fixture = await startHfFixture({
		repos: [
			{
				type: "model",
				id: MODEL,
				files: [
					{ path: ".gitattributes", content: "*.safetensors filter=lfs diff=lfs merge=lfs -text\n" },
					{ path: "config.json", content: '{"model_type": "bert"}\n' },
					{ path: FILE, content: bytes, lfs: true },
				],
			},
		],
		cdnBytesPerSecond: linkBytesPerSecond,
	});
	const dataDir = mkdtempSync(join(folder, "hub-"));
	const stored = join(dataDir, "blobs", expected.sha256.slice(0, 2), expected.sha256.slice(2));
	process.env.HUBKIT_UPSTREAM = fixture.url;
	let hub;
	let raw;
	try {
		hub = await startListening([CLI, "serve", "--port", "0", "--data", dataDir]);
		const pid = hub.child.pid;
		// The model's metadata and small files first: the timed downloads are of the large file alone.
		const info = await fetch(`${hub.url}/api/models/${MODEL}`);
		if (!info.ok) throw new Error(`the mirror answered ${info.status} for ${MODEL}: ${await info.text()}`);
		const atRest = statusKiB(pid, "VmRSS") / 1024;
		const direct = `${fixture.url}/${MODEL}/resolve/main/${FILE}`;
		const mirrored = `${hub.url}/${MODEL}/resolve/main/${FILE}`;
		const times = { direct: [], first: [], cached: [], raw: [] };
		const peaks = { first: 0, cached: 0 };
		const throughMirror = async (kind) => {
			// The stored copy gone, as the cache's limit would remove it: the mirror fetches it again.
			if (kind === "first") rmSync(stored, { force: true });
			const { result, peak } = await peakDuring(pid, () => download(mirrored, folder, expected));
			times[kind].push(result);
			peaks[kind] = Math.max(peaks[kind], peak);
		};
		for (let round = 0; round < rounds; round++) {
			// The raw server reads the stored copy, there from round 0's first download on.
			const order = round % 2 ? ["raw", "first", "cached", "direct"] : ["direct", "first", "cached", "raw"];
			for (const name of order) {
				if (name === "direct") times.direct.push(await download(direct, folder, expected));
				else if (name === "raw") {
					// Bare disk speed does not depend on the link: measured on the unlimited one.
					if (linkBytesPerSecond !== undefined) continue;
					raw ??= await startListening([DISK_SERVER, stored]);
					times.raw.push(await download(`${raw.url}/${FILE}`, folder, expected));
				} else await throughMirror(name);
			}
		}
		const cdnFetches = fixture.cdnDownloads(MODEL, FILE) - times.direct.length;
		return { times, peaks, atRest, highWater: statusKiB(pid, "VmHWM") / 1024, cdnFetches };
	} finally {
		hub?.child.kill();
		raw?.child.kill();
		await fixture.close();
	}
}

function report(name, size, { times, peaks, atRest, highWater, cdnFetches }) {
	const seconds = (values) => values.map((value) => value.toFixed(2)).join(", ");
	const rate = (value) => `${format(size / MiB / value)} MiB/s`;
	const line = (label, values) =>
		console.log(`  ${label}: median ${median(values).toFixed(2)} s (${rate(median(values))}) [${seconds(values)}]`);
	console.log(`${name}:`);
	line("direct from the upstream", times.direct);
	line(`through the mirror, first (fetched from the CDN ${cdnFetches}× in ${times.first.length} rounds)`, times.first);
	line("through the mirror, cached", times.cached);
	if (times.raw.length) line("raw limit, the stored blob streamed from disk by bare node:http", times.raw);
	const directMedian = median(times.direct);
	const rawRatio = times.raw.length ? `; raw disk / cached ${ratio(median(times.raw), median(times.cached))}` : "";
	console.log(
		`  direct / mirror: first ${ratio(directMedian, median(times.first))} (goal ≥ 0.9), cached ${ratio(directMedian, median(times.cached))} (goal ≥ 1)${rawRatio}`,
	);
	console.log(
		`  mirror RSS: at rest ${format(atRest)} MiB, peak during first downloads ${format(peaks.first)} MiB, during cached ones ${format(peaks.cached)} MiB, VmHWM ${format(highWater)} MiB`,
	);
}

console.log(headerLine("Caching mirror, one large LFS file"));
const folder = mkdtempSync(join(tmpdir(), "hubkit-bench-mirror-"));
try {
	const size = megabytes * 1_000_000;
	const bytes = generated(size);
	const expected = { size, sha256: createHash("sha256").update(bytes).digest("hex") };
	console.log(`${megabytes} MB file, sha256 ${expected.sha256.slice(0, 12)}…, curl, ${rounds} rounds`);
	report("loopback, no link limit", size, await measureLink(folder, bytes, expected, undefined));
	const linkBytesPerSecond = (linkMbps * 1_000_000) / 8;
	report(`a ${linkMbps} Mbit/s link to the CDN`, size, await measureLink(folder, bytes, expected, linkBytesPerSecond));
} finally {
	rmSync(folder, { recursive: true, force: true });
}
