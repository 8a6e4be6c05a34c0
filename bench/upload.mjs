#!/usr/bin/env node
/**
 * LFS upload benchmark (loopback only):
 *   1. throughput of one `basic` LFS PUT of a 200 MB file through `hubkit serve` (batch call
 *      first, not timed; the blob removed between rounds so each round stores it again) against
 *      a bare node:http server in its own process that streams a PUT to disk while hashing it
 *      (bench/lib/upload-raw-server.mjs: the raw limit), rounds alternating; the ratio of
 *      median throughputs;
 *   2. the hub's resident memory at rest and its peak (sampled every 50 ms) during a 1 GB upload.
 * The bodies are made on the fly from one random MiB with a counter in each, so the client
 * holds no file and every MiB differs.
 *
 *   npm run build && node bench/upload.mjs [--mb 200] [--big-mb 1024] [--rounds 5]
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format, headerLine, median, option, ratio, startListening } from "./lib/harness.mjs";
import { prepareHubData } from "./lib/hub-data.mjs";

const HUB = new URL("../packages/hub/dist/", import.meta.url);
const CLI = new URL("cli.js", HUB).pathname;
const RAW_SERVER = new URL("./lib/upload-raw-server.mjs", import.meta.url).pathname;
const MiB = 1024 * 1024;

const megabytes = option("mb", 200);
const bigMegabytes = option("big-mb", 1024);
const rounds = option("rounds", 5);

const BLOCK = randomBytes(MiB);

/** `size` bytes, one MiB at a time, the first 8 bytes of each MiB its index (the same bytes on every call). */
function* body(size) {
	for (let offset = 0, index = 0; offset < size; offset += MiB, index++) {
		const chunk = Buffer.from(BLOCK.subarray(0, Math.min(MiB, size - offset)));
		chunk.writeBigUInt64LE(BigInt(index), 0);
		yield chunk;
	}
}

function sha256Of(size) {
	const hash = createHash("sha256");
	for (const chunk of body(size)) hash.update(chunk);
	return hash.digest("hex");
}

/** PUTs `size` bytes to `href`, respecting backpressure; resolves with seconds taken once answered 200. */
function putBody(href, size) {
	return new Promise((resolve, reject) => {
		const started = performance.now();
		const sending = request(href, { method: "PUT", headers: { "Content-Length": String(size) } });
		sending.on("error", reject);
		sending.on("response", (response) => {
			let text = "";
			response.on("data", (chunk) => {
				text += chunk;
			});
			response.on("end", () =>
				response.statusCode === 200
					? resolve((performance.now() - started) / 1000)
					: reject(new Error(`PUT answered ${response.statusCode}: ${text}`)),
			);
		});
		const chunks = body(size);
		const write = () => {
			for (let next = chunks.next(); !next.done; next = chunks.next()) {
				if (!sending.write(next.value)) return void sending.once("drain", write);
			}
			sending.end();
		};
		write();
	});
}

async function batchHref(hubUrl, token, oid, size) {
	const response = await fetch(`${hubUrl}/bench/uploads.git/info/lfs/objects/batch`, {
		method: "POST",
		headers: {
			Authorization: `Bearer ${token}`,
			Accept: "application/vnd.git-lfs+json",
			"Content-Type": "application/vnd.git-lfs+json",
		},
		body: JSON.stringify({ operation: "upload", transfers: ["basic"], objects: [{ oid, size }] }),
	});
	const answer = await response.json();
	const href = answer.objects?.[0]?.actions?.upload?.href;
	if (!href) throw new Error(`batch answered ${response.status}: ${JSON.stringify(answer)}`);
	return href;
}

function memoryMiB(pid) {
	const status = readFileSync(`/proc/${pid}/status`, "utf8");
	return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

console.log(headerLine("LFS upload"));
const dataDir = mkdtempSync(join(tmpdir(), "hubkit-bench-upload-"));
const rawDir = mkdtempSync(join(tmpdir(), "hubkit-bench-upload-raw-"));
const children = [];
try {
	const token = await prepareHubData(dataDir);
	const hub = await startListening([CLI, "serve", "--port", "0", "--data", dataDir]);
	children.push(hub.child);
	const created = await fetch(`${hub.url}/api/repos/create`, {
		method: "POST",
		headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
		body: JSON.stringify({ name: "uploads" }),
	});
	if (!created.ok) throw new Error(`creating bench/uploads: ${created.status} ${await created.text()}`);
	const raw = await startListening([RAW_SERVER, rawDir]);
	children.push(raw.child);

	const size = megabytes * 1_000_000;
	const oid = sha256Of(size);
	const blobPath = join(dataDir, "blobs", oid.slice(0, 2), oid.slice(2));
	const throughput = { hub: [], raw: [] };
	for (let round = 0; round < rounds; round++) {
		for (const name of round % 2 ? ["raw", "hub"] : ["hub", "raw"]) {
			rmSync(blobPath, { force: true });
			rmSync(join(rawDir, oid), { force: true });
			const href = name === "hub" ? await batchHref(hub.url, token, oid, size) : `${raw.url}/upload`;
			const seconds = await putBody(href, size);
			throughput[name].push(size / MiB / seconds);
		}
	}
	const hubMedian = median(throughput.hub);
	const rawMedian = median(throughput.raw);
	console.log(
		`${megabytes} MB PUT: hub ${format(hubMedian)} MiB/s [${throughput.hub.map(format).join(", ")}], raw ${format(rawMedian)} MiB/s [${throughput.raw.map(format).join(", ")}]; hub / raw ${ratio(hubMedian, rawMedian)} (goal ≥ 0.8)`,
	);

	const bigSize = bigMegabytes * MiB;
	const bigOid = sha256Of(bigSize);
	const bigHref = await batchHref(hub.url, token, bigOid, bigSize);
	const atRest = memoryMiB(hub.child.pid);
	let peak = atRest;
	const sampler = setInterval(() => {
		peak = Math.max(peak, memoryMiB(hub.child.pid));
	}, 50);
	const bigSeconds = await putBody(bigHref, bigSize);
	clearInterval(sampler);
	peak = Math.max(peak, memoryMiB(hub.child.pid));
	console.log(
		`${bigMegabytes} MiB PUT: ${format(bigSize / MiB / bigSeconds)} MiB/s; hub RSS at rest ${format(atRest)} MiB, peak during the upload ${format(peak)} MiB (+${format(peak - atRest)} MiB)`,
	);
} finally {
	for (const child of children) child.kill();
	rmSync(dataDir, { recursive: true, force: true });
	rmSync(rawDir, { recursive: true, force: true });
}
