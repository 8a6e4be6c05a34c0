import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { concat } from "./byte-source.js";
import { GitFormatError } from "./format-error.js";
import {
	DELIM_PKT,
	FLUSH_PKT,
	MAX_PKT_DATA,
	MAX_PKT_LENGTH,
	MAX_SIDE_BAND_DATA,
	type Packet,
	packetText,
	parseSideBand,
	pktLine,
	pktLines,
	RESPONSE_END_PKT,
	readPktLines,
	SIDE_BAND,
	sideBandPackets,
	sideBandStream,
} from "./pkt-line.js";

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

/** `bytes` as a stream of `size`-byte chunks, so packets straddle chunk boundaries. */
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
	for (let offset = 0; offset < bytes.byteLength; offset += size) yield bytes.subarray(offset, offset + size);
}

async function packets(bytes: Uint8Array, size = 1): Promise<Packet[]> {
	const out: Packet[] = [];
	for await (const packet of readPktLines(chunked(bytes, size))) out.push(packet);
	return out;
}

async function refusal(bytes: Uint8Array): Promise<GitFormatError> {
	const error = await packets(bytes, 3).then(
		() => undefined,
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(GitFormatError);
	return error as GitFormatError;
}

describe("pkt-line", () => {
	it("frames data with its length in four hex digits and the special packets as 0000, 0001, 0002", () => {
		expect(text(pktLine("a\n"))).toBe("0006a\n");
		expect(text(pktLine(""))).toBe("0004");
		expect(text(pktLine(new Uint8Array(MAX_PKT_DATA))).slice(0, 4)).toBe("fff0");
		expect(text(FLUSH_PKT) + text(DELIM_PKT) + text(RESPONSE_END_PKT)).toBe("000000010002");
		expect(text(pktLines(["command=ls-refs\n", { kind: "delim" }, "peel\n", { kind: "flush" }]))).toBe(
			"0014command=ls-refs\n00010009peel\n0000",
		);
		expect(() => pktLine(new Uint8Array(MAX_PKT_DATA + 1))).toThrow(GitFormatError);
	});

	it("reads packets back across any chunking, the longest included", async () => {
		const big = randomBytes(MAX_PKT_DATA);
		const stream = pktLines(["want abc\n", { kind: "delim" }, big, { kind: "flush" }, "", { kind: "response-end" }]);
		for (const size of [1, 5, 4096, stream.byteLength]) {
			const read = await packets(stream, size);
			expect(read.map((packet) => packet.kind)).toEqual(["data", "delim", "data", "flush", "data", "response-end"]);
			expect(packetText(read[0] as Packet)).toBe("want abc");
			expect(Buffer.from((read[2] as { data: Uint8Array }).data).equals(big)).toBe(true);
			expect((read[4] as { data: Uint8Array }).data.byteLength).toBe(0);
		}
	});

	it("refuses bad lengths and a stream cut inside a packet", async () => {
		const ascii = (value: string) => new TextEncoder().encode(value);
		expect((await refusal(ascii("0003"))).code).toBe("bad-pkt-line");
		expect((await refusal(ascii(`${(MAX_PKT_LENGTH + 1).toString(16)}`))).code).toBe("bad-pkt-line");
		expect((await refusal(ascii("00g5x"))).code).toBe("bad-pkt-line");
		expect((await refusal(ascii("0009abc"))).code).toBe("truncated");
		expect((await refusal(ascii("00"))).code).toBe("truncated");
	});
});

describe("side-band-64k", () => {
	it("splits data into packets of at most 65520 bytes on its channel, and reads them back", async () => {
		const data = randomBytes(3 * MAX_SIDE_BAND_DATA + 17);
		const framed = [...sideBandPackets(SIDE_BAND.data, data)];
		expect(framed.map((packet) => packet.byteLength)).toEqual([
			MAX_PKT_LENGTH,
			MAX_PKT_LENGTH,
			MAX_PKT_LENGTH,
			4 + 1 + 17,
		]);
		const read = (await packets(concat(framed), 7000)).map(parseSideBand);
		expect(read.every((part) => part.channel === 1)).toBe(true);
		expect(Buffer.from(concat(read.map((part) => part.data))).equals(data)).toBe(true);

		const streamed: Uint8Array[] = [];
		for await (const packet of sideBandStream(chunked(data, 100_000))) streamed.push(packet);
		const again = (await packets(concat(streamed), 65536)).map(parseSideBand);
		expect(Buffer.from(concat(again.map((part) => part.data))).equals(data)).toBe(true);

		const [progress] = (await packets(concat([...sideBandPackets(SIDE_BAND.progress, "Counting\r")]))).map(
			parseSideBand,
		);
		expect(progress?.channel).toBe(2);
		expect(Buffer.from(progress?.data ?? []).toString()).toBe("Counting\r");
		expect(() => parseSideBand({ kind: "data", data: Uint8Array.from([4, 1]) })).toThrow(GitFormatError);
		expect(() => parseSideBand({ kind: "flush" })).toThrow(GitFormatError);
	});
});

describe("pkt-lines with git upload-pack", () => {
	const home = mkdtempSync(join(tmpdir(), "hubkit-pkt-line-"));
	afterAll(() => rmSync(home, { recursive: true, force: true }));
	const env = { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: "1" };
	const git = (args: string[], input?: Uint8Array, extra: Record<string, string> = {}) => {
		const run = spawnSync("git", args, { cwd: join(home, "repo"), env: { ...env, ...extra }, input });
		if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
		return new Uint8Array(run.stdout);
	};
	spawnSync("git", ["init", "-q", "-b", "main", join(home, "repo")], { env });
	git(["-c", "user.name=Dana", "-c", "user.email=dana@example.com", "commit", "-q", "--allow-empty", "-m", "one"]);
	git(["tag", "v1"]);
	const head = text(git(["rev-parse", "HEAD"])).trim();

	it("reads git's v0 advertisement and answers a v2 ls-refs request git accepts", async () => {
		const advertised = await packets(git(["upload-pack", "--advertise-refs", "."]), 4096);
		expect(advertised.at(-1)?.kind).toBe("flush");
		const first = packetText(advertised[0] as Packet) ?? "";
		expect(first.startsWith(`${head} HEAD\0`)).toBe(true);
		expect(first).toContain("side-band-64k");
		expect(advertised.slice(1, -1).map(packetText)).toEqual([`${head} refs/heads/main`, `${head} refs/tags/v1`]);

		const request = pktLines([
			"command=ls-refs\n",
			{ kind: "delim" },
			"symrefs\n",
			"ref-prefix refs/heads/\n",
			{ kind: "flush" },
		]);
		const answer = git(["upload-pack", "--stateless-rpc", "."], request, { GIT_PROTOCOL: "version=2" });
		expect((await packets(answer, 10)).map((packet) => packetText(packet) ?? packet.kind)).toEqual([
			`${head} refs/heads/main`,
			"flush",
		]);
	});
});
