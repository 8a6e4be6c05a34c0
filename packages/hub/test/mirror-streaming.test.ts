/**
 * The caching mirror's first download of an LFS file, with the network between it and the upstream
 * under the test's control (support/byte-tap.ts): the first client gets the bytes that have arrived
 * while the rest is still upstream, and a second client joining then reads the same download; a
 * dropped upstream connection is continued with Range; a download whose bytes are wrong reaches no
 * client whole and is never stored (one database engine: none of this touches the database
 * differently on the other). Two hubs sharing PostgreSQL and an S3 bucket download a file once: the
 * second hub's clients (huggingface_hub among them) get the bytes the first passes on as they
 * arrive (passed on through the bucket only once a hub waits), and should the first stop, the
 * second continues its download.
 */

import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wantBlob } from "../src/db/blob-fetch-lock.js";
import { RELAY_PART_BYTES } from "../src/services/mirror-relay.js";
import { type ByteTap, startByteTap } from "./support/byte-tap.js";
import { runCli, type ServingCli, serveCli } from "./support/cli.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { writeFolder } from "./support/folders.js";
import { type HubsBehindBalancer, startHubsBehindBalancer } from "./support/hubs-behind-balancer.js";
import { pythonClients } from "./support/python-clients.js";

const MODEL = "ops/streamed";
const SIZE = 6 * 1024 * 1024;
/** One file per case: once a file is stored the mirror serves it from its store. */
const FILES = ["held.bin", "dropped.bin", "corrupt.bin"];
const execute = promisify(execFile);
/** huggingface_hub's hf_hub_download of one file (test/clients). */
const FIXTURE_DOWNLOAD = new URL("./clients/fixture-download.py", import.meta.url).pathname;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Reads a response body until it holds at least `bytes`, and keeps the reader for the rest. */
async function readAtLeast(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let got = 0;
	while (got < bytes) {
		const { done, value } = await reader.read();
		if (done) break;
		chunks.push(Buffer.from(value));
		got += value.byteLength;
	}
	return Buffer.concat(chunks);
}

async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Buffer> {
	return readAtLeast(reader, Number.POSITIVE_INFINITY);
}

describe("the caching mirror streams a file while it downloads it", () => {
	let source: TestDatabase;
	let target: TestDatabase;
	let upstream: ServingCli;
	let tap: ByteTap;
	let mirror: ServingCli;
	let folder: string;
	const contents = new Map(FILES.map((name) => [name, randomBytes(SIZE)]));
	const downloadsOf = (name: string) =>
		tap.log.filter((entry) => entry.method === "GET" && entry.path.endsWith(`/${name}`));

	beforeAll(async () => {
		source = await startTestDatabase("sqlite");
		target = await startTestDatabase("sqlite");
		folder = writeFolder([...contents].map(([path, content]) => ({ path, content })));
		const imported = await runCli(["import", folder, "--repo", MODEL, "--data", source.config.dataDir], source.cliEnv);
		expect(imported.code, imported.output).toBe(0);
		upstream = await serveCli(["--data", source.config.dataDir], source.cliEnv);
		tap = await startByteTap(upstream.url);
		mirror = await serveCli(["--data", target.config.dataDir], { ...target.cliEnv, HUBKIT_UPSTREAM: tap.url });
	});

	afterAll(async () => {
		for (const hub of [mirror, upstream]) hub?.child.kill("SIGKILL");
		await Promise.all([mirror?.exited, upstream?.exited]);
		await tap?.close();
		await source?.cleanup();
		await target?.cleanup();
		rmSync(folder, { recursive: true, force: true });
	});

	it("gives the first client what has arrived and lets a second one read the same download", async () => {
		const [name, bytes] = ["held.bin", contents.get("held.bin") as Buffer];
		// Not a multiple of the mirror's write batches: what arrived before the stall reaches the client too.
		const at = 1024 * 1024 + 12_345;
		tap.tap(name, { kind: "hold", at });
		const first = await fetch(`${mirror.url}/${MODEL}/resolve/main/${name}`);
		expect(first.status).toBe(200);
		expect(first.headers.get("content-length")).toBe(String(SIZE));
		const firstReader = (first.body as ReadableStream<Uint8Array>).getReader();
		// Everything the upstream has sent so far reaches the client; nothing more has come yet.
		const early = await readAtLeast(firstReader, at);
		expect(early.length).toBe(at);
		expect(tap.sent).toBe(at);
		expect(early.equals(bytes.subarray(0, at))).toBe(true);

		const second = await fetch(`${mirror.url}/${MODEL}/resolve/main/${name}`, { headers: { Range: "bytes=100-" } });
		expect(second.status).toBe(206);
		const secondReader = (second.body as ReadableStream<Uint8Array>).getReader();
		expect((await readAtLeast(secondReader, at - 100)).equals(bytes.subarray(100, at))).toBe(true);

		tap.release();
		expect(Buffer.concat([early, await readAll(firstReader)]).equals(bytes)).toBe(true);
		expect((await readAll(secondReader)).equals(bytes.subarray(at))).toBe(true);
		expect(downloadsOf(name)).toHaveLength(1);

		// Stored now: served from the store without the upstream.
		const again = await fetch(`${mirror.url}/${MODEL}/resolve/main/${name}`);
		expect(sha256(Buffer.from(await again.arrayBuffer()))).toBe(sha256(bytes));
		expect(downloadsOf(name)).toHaveLength(1);
	});

	it("continues a dropped upstream connection with Range", async () => {
		const [name, bytes] = ["dropped.bin", contents.get("dropped.bin") as Buffer];
		const at = 2 * 1024 * 1024 + 17;
		tap.tap(name, { kind: "drop", at });
		const answer = await fetch(`${mirror.url}/${MODEL}/resolve/main/${name}`);
		expect(answer.status).toBe(200);
		expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
		const [whole, resumed, ...more] = downloadsOf(name).map((entry) => entry.range);
		expect(whole).toBeUndefined();
		expect(more).toEqual([]);
		// From what had arrived: a reset connection may lose the last bytes the kernel held for the mirror.
		const from = Number(/^bytes=(\d+)-$/.exec(resumed ?? "")?.[1]);
		expect(from).toBeGreaterThan(0);
		expect(from).toBeLessThanOrEqual(at);
	});

	it("never serves or stores a download whose bytes are wrong", async () => {
		const [name, bytes] = ["corrupt.bin", contents.get("corrupt.bin") as Buffer];
		tap.tap(name, { kind: "corrupt", at: SIZE - 1000 });
		const answer = await fetch(`${mirror.url}/${MODEL}/resolve/main/${name}`);
		expect(answer.status).toBe(200);
		// The response is cut short before its last byte: no client holds the whole wrong file.
		const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
		let received = 0;
		const read = (async () => {
			for (;;) {
				const { done, value } = await reader.read();
				if (done) return;
				received += value.byteLength;
			}
		})();
		await expect(read).rejects.toThrow();
		expect(received).toBeLessThan(SIZE);

		const checked = await runCli(["check", "--data", target.config.dataDir], target.cliEnv);
		expect(checked.code, checked.output).toBe(0);
		expect(checked.output).toMatch(/not fetched/);

		tap.tap(name, { kind: "pass" });
		const retried = await fetch(`${mirror.url}/${MODEL}/resolve/main/${name}`);
		expect(Buffer.from(await retried.arrayBuffer()).equals(bytes)).toBe(true);
		expect(downloadsOf(name)).toHaveLength(2);
	});
});

describe("two mirror hubs on one database and S3 bucket fetch a file once between them", () => {
	let source: TestDatabase;
	let upstream: ServingCli;
	let tap: ByteTap;
	let hubs: HubsBehindBalancer;
	let folder: string;
	const contents = new Map(
		["shared.bin", "client.bin", "taken-over.bin", "swept.bin"].map((name) => [name, randomBytes(SIZE)]),
	);
	const downloadsOf = (name: string) =>
		tap.log.filter((entry) => entry.method === "GET" && entry.path.endsWith(`/${name}`));
	/** Past the first relayed part, before the file's end. */
	const at = RELAY_PART_BYTES + 1024 * 1024;

	beforeAll(async () => {
		source = await startTestDatabase("sqlite");
		folder = writeFolder([...contents].map(([path, content]) => ({ path, content })));
		const imported = await runCli(["import", folder, "--repo", MODEL, "--data", source.config.dataDir], source.cliEnv);
		expect(imported.code, imported.output).toBe(0);
		upstream = await serveCli(["--data", source.config.dataDir], source.cliEnv);
		tap = await startByteTap(upstream.url);
		hubs = await startHubsBehindBalancer({ env: { HUBKIT_UPSTREAM: tap.url } });
		// Both hubs hold the repository's metadata before a file is asked for.
		for (const hub of hubs.hubs) expect((await fetch(`${hub.url}/api/models/${MODEL}`)).status).toBe(200);
	});

	afterAll(async () => {
		await hubs?.close();
		upstream?.child.kill("SIGKILL");
		await upstream?.exited;
		await tap?.close();
		await source?.cleanup();
		rmSync(folder, { recursive: true, force: true });
	});

	it("streams the first hub's download to the second hub's clients as it arrives", async () => {
		const [first, second] = hubs.hubs as [ServingCli, ServingCli];
		const [name, bytes] = ["shared.bin", contents.get("shared.bin") as Buffer];
		tap.tap(name, { kind: "hold", at });
		const streaming = await fetch(`${first.url}/${MODEL}/resolve/main/${name}`);
		const reader = (streaming.body as ReadableStream<Uint8Array>).getReader();
		const early = await readAtLeast(reader, at);
		// No other hub waits yet: nothing goes to the bucket (the downloading hub asks twice a second).
		await sleep(1500);
		expect(await hubs.s3.keys("hub/mirror-relay/")).toEqual([]);

		// The second hub answers with what the first passed on, while the rest is still upstream.
		const relayed = await fetch(`${second.url}/${MODEL}/resolve/main/${name}`);
		expect(relayed.status).toBe(200);
		expect(relayed.headers.get("content-length")).toBe(String(SIZE));
		await second.waitFor(`Waiting for another hub's fetch of ${name}`);
		const relayedReader = (relayed.body as ReadableStream<Uint8Array>).getReader();
		const relayedEarly = await readAtLeast(relayedReader, RELAY_PART_BYTES);
		expect(relayedEarly.equals(bytes.subarray(0, RELAY_PART_BYTES))).toBe(true);
		expect(tap.sent).toBe(at);
		// The part holding the file's last byte is never passed on.
		expect(await hubs.s3.keys("hub/mirror-relay/")).toHaveLength(1);

		tap.release();
		expect(Buffer.concat([early, await readAll(reader)]).equals(bytes)).toBe(true);
		expect(Buffer.concat([relayedEarly, await readAll(relayedReader)]).equals(bytes)).toBe(true);
		expect(downloadsOf(name)).toHaveLength(1);
		const again = await fetch(`${second.url}/${MODEL}/resolve/main/${name}`);
		expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
		await expect.poll(() => hubs.s3.keys("hub/mirror-relay/")).toEqual([]);
	});

	it("serves a huggingface_hub client of the second hub from the first hub's download", async () => {
		const [first, second] = hubs.hubs as [ServingCli, ServingCli];
		const [name, bytes] = ["client.bin", contents.get("client.bin") as Buffer];
		tap.tap(name, { kind: "hold", at });
		const streaming = await fetch(`${first.url}/${MODEL}/resolve/main/${name}`);
		const reader = (streaming.body as ReadableStream<Uint8Array>).getReader();
		const early = await readAtLeast(reader, at);
		const home = mkdtempSync(join(tmpdir(), "hubkit-hf-home-"));
		try {
			const client = execute(pythonClients("requirements-hf1.txt"), [FIXTURE_DOWNLOAD], {
				env: { PATH: process.env.PATH, HF_HOME: home, HF_ENDPOINT: second.url, HUBKIT_REPO: MODEL, HUBKIT_FILE: name },
			});
			await second.waitFor(`Waiting for another hub's fetch of ${name}`);
			tap.release();
			expect(JSON.parse((await client).stdout)).toEqual({ sha256: sha256(bytes) });
		} finally {
			rmSync(home, { recursive: true, force: true });
		}
		expect(Buffer.concat([early, await readAll(reader)]).equals(bytes)).toBe(true);
		expect(downloadsOf(name)).toHaveLength(1);
	});

	it("takes the download over from what was passed on when the downloading hub stops", async () => {
		const [first, second] = hubs.hubs as [ServingCli, ServingCli];
		const [name, bytes] = ["taken-over.bin", contents.get("taken-over.bin") as Buffer];
		tap.tap(name, { kind: "hold", at });
		const streaming = await fetch(`${first.url}/${MODEL}/resolve/main/${name}`);
		await readAtLeast((streaming.body as ReadableStream<Uint8Array>).getReader(), at);
		const relayed = await fetch(`${second.url}/${MODEL}/resolve/main/${name}`);
		const relayedReader = (relayed.body as ReadableStream<Uint8Array>).getReader();
		const relayedEarly = await readAtLeast(relayedReader, RELAY_PART_BYTES);

		// The first hub dies mid-download; the second continues from the relayed bytes with Range.
		tap.tap(name, { kind: "pass" });
		first.child.kill("SIGKILL");
		await first.exited;
		expect(Buffer.concat([relayedEarly, await readAll(relayedReader)]).equals(bytes)).toBe(true);
		expect(downloadsOf(name).map((entry) => entry.range)).toEqual([undefined, `bytes=${RELAY_PART_BYTES}-`]);
	});

	it("has gc remove the parts of a download no hub is making, not those of one under way", async () => {
		const second = hubs.hubs[1] as ServingCli;
		const [name, bytes] = ["swept.bin", contents.get("swept.bin") as Buffer];
		// The first hub is gone (the test above): the test waits for the file as a hub would.
		const waiting = await wantBlob(hubs.env.DATABASE_URL as string, sha256(bytes));
		try {
			tap.tap(name, { kind: "hold", at });
			const streaming = await fetch(`${second.url}/${MODEL}/resolve/main/${name}`);
			const reader = (streaming.body as ReadableStream<Uint8Array>).getReader();
			const early = await readAtLeast(reader, at);
			const underWay = `hub/mirror-relay/${sha256(bytes)}/1`;
			await expect.poll(() => hubs.s3.keys("hub/mirror-relay/")).toEqual([underWay]);
			// What a hub that died mid-download, with another hub waiting, left behind.
			const abandoned = `hub/mirror-relay/${sha256(Buffer.from("abandoned"))}/1`;
			await hubs.s3.client.send(new PutObjectCommand({ Bucket: hubs.s3.bucket, Key: abandoned, Body: "part" }));

			const gc = await runCli(["gc", "--data", hubs.dataDirs[1] as string], hubs.env);
			expect(gc.code, gc.output).toBe(0);
			expect(await hubs.s3.keys("hub/mirror-relay/")).toEqual([underWay]);
			tap.release();
			expect(Buffer.concat([early, await readAll(reader)]).equals(bytes)).toBe(true);
		} finally {
			await waiting.release();
		}
	});
});
