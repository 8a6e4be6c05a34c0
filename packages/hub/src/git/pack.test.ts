import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { ByteSource, concat } from "./byte-source.js";
import { applyDelta } from "./delta.js";
import { GitFormatError } from "./format-error.js";
import { type GitObjectType, objectId } from "./objects.js";
import { objectHeader, type PackInput, type PackObject, type ReadPackOptions, readPack, writePack } from "./pack.js";
import { type Packet, packetText, parseSideBand, pktLines, readPacket, readPktLines } from "./pkt-line.js";

const home = mkdtempSync(join(tmpdir(), "hubkit-pack-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const env = {
	PATH: process.env.PATH,
	HOME: home,
	GIT_CONFIG_NOSYSTEM: "1",
	GIT_AUTHOR_NAME: "Dana",
	GIT_AUTHOR_EMAIL: "dana@example.com",
	GIT_COMMITTER_NAME: "Dana",
	GIT_COMMITTER_EMAIL: "dana@example.com",
};

function git(cwd: string, args: string[], input?: Uint8Array, extra: Record<string, string> = {}): Buffer {
	const run = spawnSync("git", args, { cwd, env: { ...env, ...extra }, input, maxBuffer: 1 << 30 });
	if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
	return run.stdout;
}

/** Every object `git cat-file --batch` gives for `oids`: its type and raw bytes. */
function catFile(cwd: string, oids: string[]): Map<string, { type: string; data: Buffer }> {
	const out = git(cwd, ["cat-file", "--batch"], Buffer.from(`${oids.join("\n")}\n`));
	const objects = new Map<string, { type: string; data: Buffer }>();
	let at = 0;
	while (at < out.byteLength) {
		const end = out.indexOf(10, at);
		const [oid, type, size] = out.subarray(at, end).toString().split(" ") as [string, string, string];
		objects.set(oid, { type, data: out.subarray(end + 1, end + 1 + Number(size)) });
		at = end + 1 + Number(size) + 1;
	}
	return objects;
}

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
	for (let offset = 0; offset < bytes.byteLength; offset += size) yield bytes.subarray(offset, offset + size);
}

async function readAll(bytes: Uint8Array, options: ReadPackOptions = {}, chunk = 8191): Promise<PackObject[]> {
	const objects: PackObject[] = [];
	for await (const object of readPack(chunked(bytes, chunk), options)) objects.push(object);
	return objects;
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
	const parts: Uint8Array[] = [];
	for await (const part of stream) parts.push(part);
	return concat(parts);
}

async function refusal(promise: Promise<unknown>): Promise<GitFormatError> {
	const error = await promise.then(
		() => undefined,
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(GitFormatError);
	return error as GitFormatError;
}

/** A repository of similar large text files over several commits: what makes git write deltas. */
const repo = join(home, "source");
git(home, ["init", "-q", "-b", "main", repo]);
const lines = Array.from({ length: 4000 }, (_, i) => `line ${i}: the quick brown fox ${(i * 7919) % 997}\n`);
for (let commit = 0; commit < 5; commit++) {
	for (const name of ["a.txt", "b.txt"]) {
		lines[(commit * 613) % lines.length] = `changed in ${commit} for ${name}\n`;
		writeFileSync(join(repo, name), `${name}\n${lines.join("")}`);
	}
	writeFileSync(join(repo, `small-${commit}.txt`), `small ${commit}\n`);
	git(repo, ["add", "-A"]);
	git(repo, ["commit", "-q", "-m", `commit ${commit}`]);
}
git(repo, ["tag", "-a", "-m", "first release", "v1", "HEAD~1"]);
git(repo, ["repack", "-adf", "--window=50", "-q"]);
const revList = (...revs: string[]) =>
	git(repo, ["rev-list", "--objects", ...revs])
		.toString()
		.trim()
		.split("\n")
		.map((line) => line.slice(0, 40));

/** The objects read equal git's: the same ids, types and bytes. */
function expectGitObjects(objects: PackObject[], oids: string[]): void {
	expect(objects.map((object) => object.oid).sort()).toEqual([...oids].sort());
	const stored = catFile(repo, oids);
	for (const object of objects) {
		expect(object.type).toBe(stored.get(object.oid)?.type);
		expect(Buffer.from(object.data).equals(stored.get(object.oid)?.data as Buffer)).toBe(true);
		expect(objectId(object.type, object.data)).toBe(object.oid);
	}
}

describe("reading packs git wrote", () => {
	it("reads a repacked pack with OFS_DELTA entries, streamed in small chunks", async () => {
		const packDir = join(repo, ".git/objects/pack");
		const name = readdirSync(packDir).find((file) => file.endsWith(".pack")) as string;
		const pack = readFileSync(join(packDir, name));
		const objects = await readAll(pack);
		const deltas = objects.filter((object) => object.delta);
		expect(deltas.length).toBeGreaterThan(4);
		expect(deltas.every((object) => (((pack[object.offset] as number) >> 4) & 7) === 6)).toBe(true);
		expectGitObjects(objects, revList("--all"));
	});

	it("reads a REF_DELTA pack from pack-objects, and with no base cache asks externalBase for the ones it let go", async () => {
		const pack = git(repo, ["pack-objects", "--stdout", "--revs", "--all", "-q"], new Uint8Array(0));
		const objects = await readAll(pack);
		const deltas = objects.filter((object) => object.delta);
		expect(deltas.length).toBeGreaterThan(4);
		// pack-objects names bases by id unless asked for --delta-base-offset.
		expect(deltas.every((object) => (((pack[object.offset] as number) >> 4) & 7) === 7)).toBe(true);
		expectGitObjects(objects, revList("--all"));

		const stored = new Map<string, PackObject>();
		const asked: string[] = [];
		const again: PackObject[] = [];
		const externalBase = async (oid: string) => {
			asked.push(oid);
			return stored.get(oid);
		};
		for await (const object of readPack(chunked(pack, 65536), { baseCacheBytes: 0, externalBase })) {
			stored.set(object.oid, object);
			again.push(object);
		}
		expect(asked.length).toBe(objects.filter((object) => object.delta).length);
		expectGitObjects(again, revList("--all"));
		expect((await refusal(readAll(pack, { baseCacheBytes: 0 }))).code).toBe("missing-base");
	});

	it("reads a thin pack, taking bases outside it from externalBase", async () => {
		const pack = git(repo, ["pack-objects", "--thin", "--stdout", "--revs", "-q"], Buffer.from("HEAD\n^HEAD~2\n"));
		const asked = new Set<string>();
		const externalBase = async (oid: string) => {
			asked.add(oid);
			const object = catFile(repo, [oid]).get(oid);
			return object && { type: object.type as GitObjectType, data: new Uint8Array(object.data) };
		};
		const objects = await readAll(pack, { externalBase });
		expect(asked.size).toBeGreaterThan(0);
		const inPack = new Set(revList("HEAD", "^HEAD~2"));
		expect([...asked].every((oid) => !inPack.has(oid))).toBe(true);
		expectGitObjects(objects, [...inPack]);
		expect((await refusal(readAll(pack))).code).toBe("missing-base");
	});

	it("reads the pack git upload-pack sends over side-band-64k for a v2 fetch", async () => {
		const head = git(repo, ["rev-parse", "HEAD"]).toString().trim();
		const request = pktLines([
			"command=fetch\n",
			{ kind: "delim" },
			"ofs-delta\n",
			`want ${head}\n`,
			"done\n",
			{ kind: "flush" },
		]);
		const answer = git(repo, ["upload-pack", "--stateless-rpc", "."], request, { GIT_PROTOCOL: "version=2" });
		const pack: Uint8Array[] = [];
		let section = "";
		for await (const packet of readPktLines(chunked(answer, 4096))) {
			if (packet.kind !== "data") continue;
			if (section !== "packfile\n") section = Buffer.from(packet.data).toString();
			else {
				const band = parseSideBand(packet);
				if (band.channel === 1) pack.push(band.data);
			}
		}
		expectGitObjects(await readAll(concat(pack)), revList("HEAD"));
	});
});

describe("a push's stream", () => {
	it("reads pkt-line commands and then the pack from one ByteSource, offsets counted from the pack", async () => {
		const pack = git(repo, ["pack-objects", "--stdout", "--revs", "--all", "-q"], new Uint8Array(0));
		const commands = pktLines([
			`${"0".repeat(40)} ${"1".repeat(40)} refs/heads/main\0report-status\n`,
			{ kind: "flush" },
		]);
		const bytes = new ByteSource(chunked(concat([commands, pack]), 1000));
		const lines: Packet[] = [];
		for (let packet = await readPacket(bytes); packet.kind !== "flush"; packet = await readPacket(bytes))
			lines.push(packet);
		expect(lines.map(packetText)).toEqual([`${"0".repeat(40)} ${"1".repeat(40)} refs/heads/main\0report-status`]);
		const objects: PackObject[] = [];
		for await (const object of readPack(bytes)) objects.push(object);
		expect(objects[0]?.offset).toBe(12);
		expectGitObjects(objects, revList("--all"));
	});

	it("lets the source go when the reader stops early", async () => {
		const pack = git(repo, ["pack-objects", "--stdout", "--revs", "--all", "-q"], new Uint8Array(0));
		let closed = false;
		async function* source() {
			try {
				yield* chunked(pack, 100);
			} finally {
				closed = true;
			}
		}
		for await (const _object of readPack(source())) break;
		expect(closed).toBe(true);
	});
});

describe("writing packs git accepts", () => {
	it("writes whole objects, one streamed, that index-pack, verify-pack, fsck and cat-file accept", async () => {
		const small = new TextEncoder().encode("hello\n");
		const large = randomBytes(3 * 1024 * 1024 + 5);
		const smallId = objectId("blob", small);
		const largeId = objectId("blob", large);
		const tree = concat([
			new TextEncoder().encode("100644 large.bin\0"),
			Buffer.from(largeId, "hex"),
			new TextEncoder().encode("100644 small.txt\0"),
			Buffer.from(smallId, "hex"),
		]);
		const treeId = objectId("tree", tree);
		const commit = new TextEncoder().encode(
			`tree ${treeId}\nauthor Dana <dana@example.com> 1700000000 +0100\ncommitter Dana <dana@example.com> 1700000000 +0100\n\nfirst\n`,
		);
		const commitId = objectId("commit", commit);
		const inputs: PackInput[] = [
			{ type: "commit", data: commit },
			{ type: "tree", data: tree },
			{ type: "blob", data: small },
			{ type: "blob", size: large.byteLength, stream: chunked(large, 100_000) },
		];
		const pack = await collect(writePack(inputs, inputs.length));
		expect(createHash("sha1").update(pack.subarray(0, -20)).digest().equals(pack.subarray(-20))).toBe(true);

		const bare = join(home, "written.git");
		git(home, ["init", "-q", "--bare", bare]);
		const indexed = git(bare, ["index-pack", "--stdin", "--strict"], pack).toString();
		const packName = indexed.trim().split("\t").pop() as string;
		expect(packName).toBe(Buffer.from(pack.subarray(-20)).toString("hex"));
		const verified = git(bare, ["verify-pack", "-v", `objects/pack/pack-${packName}.idx`]).toString();
		for (const oid of [commitId, treeId, smallId, largeId]) expect(verified).toContain(oid);
		git(bare, ["update-ref", "refs/heads/main", commitId]);
		git(bare, ["fsck", "--full", "--strict"]);
		expect(git(bare, ["cat-file", "-p", `${commitId}:small.txt`]).toString()).toBe("hello\n");
		expect(git(bare, ["cat-file", "blob", largeId]).equals(large)).toBe(true);
		expect(git(bare, ["log", "--format=%s", "main"]).toString()).toBe("first\n");

		const read = await readAll(pack);
		expect(read.map((object) => object.oid)).toEqual([commitId, treeId, smallId, largeId]);
		expect(Buffer.from(read[3]?.data ?? []).equals(large)).toBe(true);
	});

	it("refuses a count or a streamed size other than declared", async () => {
		const blob = { type: "blob" as const, data: new Uint8Array(3) };
		expect((await refusal(collect(writePack([blob], 2)))).code).toBe("count-mismatch");
		expect((await refusal(collect(writePack([blob, blob], 1)))).code).toBe("count-mismatch");
		const short = { type: "blob" as const, size: 10, stream: chunked(new Uint8Array(9), 4) };
		expect((await refusal(collect(writePack([short], 1)))).code).toBe("size-mismatch");
	});
});

/** A pack of raw entries, its header and sha1 trailer added. */
function rawPack(entries: Uint8Array[], count = entries.length): Uint8Array {
	const header = Buffer.alloc(12);
	header.write("PACK", 0, "latin1");
	header.writeUInt32BE(2, 4);
	header.writeUInt32BE(count, 8);
	const body = concat([header, ...entries]);
	return concat([body, createHash("sha1").update(body).digest()]);
}

const blobEntry = (data: Uint8Array) => concat([objectHeader(3, data.byteLength), deflateSync(data)]);
const refDelta = (base: string, delta: Uint8Array) =>
	concat([objectHeader(7, delta.byteLength), Buffer.from(base, "hex"), deflateSync(delta)]);

describe("refusing bad packs", () => {
	const base = new TextEncoder().encode("0123456789");
	const baseId = objectId("blob", base);

	it("resolves a hand-made delta whose base comes later in the pack", async () => {
		// base 10, result 6: copy offset 2 size 3, insert "xyz".
		const delta = Uint8Array.from([10, 6, 0x91, 2, 3, 3, 120, 121, 122]);
		const objects = await readAll(rawPack([refDelta(baseId, delta), blobEntry(base)]), {}, 3);
		expect(objects.map((object) => Buffer.from(object.data).toString())).toEqual(["0123456789", "234xyz"]);
		expect(objects[1]?.delta).toBe(true);

		// An OFS_DELTA on that waiting delta: resolved once both are. Result 3: copy 3 from 0.
		const first = refDelta(baseId, delta);
		expect(first.byteLength).toBeLessThan(128);
		const chained = concat([
			objectHeader(6, 4),
			Uint8Array.of(first.byteLength),
			deflateSync(Uint8Array.of(6, 3, 0x90, 3)),
		]);
		const three = await readAll(rawPack([first, chained, blobEntry(base)]), {}, 5);
		expect(three.map((object) => [object.offset, Buffer.from(object.data).toString()])).toEqual([
			[12 + first.byteLength + chained.byteLength, "0123456789"],
			[12, "234xyz"],
			[12 + first.byteLength, "234"],
		]);
	});

	it("names what is wrong with a stable code", async () => {
		const good = rawPack([blobEntry(base)]);
		expect((await refusal(readAll(good.subarray(0, good.byteLength - 25)))).code).toBe("truncated");
		expect((await refusal(readAll(good.subarray(0, 7)))).code).toBe("truncated");
		const flipped = Uint8Array.from(good);
		flipped[flipped.byteLength - 1] ^= 1;
		expect((await refusal(readAll(flipped))).code).toBe("bad-checksum");
		expect((await refusal(readAll(concat([good, Uint8Array.of(0)])))).code).toBe("trailing-data");
		expect((await refusal(readAll(new TextEncoder().encode("KCAP\0\0\0\x02\0\0\0\0")))).code).toBe("bad-header");
		expect((await refusal(readAll(rawPack([concat([objectHeader(5, 1), deflateSync("x")])])))).code).toBe(
			"bad-object-type",
		);
		expect((await refusal(readAll(rawPack([concat([objectHeader(3, 4), deflateSync("x")])])))).code).toBe(
			"size-mismatch",
		);
		expect((await refusal(readAll(rawPack([concat([objectHeader(3, 4), Buffer.from("not zlib")])])))).code).toBe(
			"bad-compression",
		);
		expect((await refusal(readAll(good.subarray(0, good.byteLength - 20)))).code).toBe("truncated");
		expect((await refusal(readAll(good.subarray(0, 12)))).code).toBe("truncated");
		const bigHeader = concat([objectHeader(3, 2 ** 40), deflateSync("x")]);
		expect(await refusal(readAll(rawPack([bigHeader])))).toMatchObject({ code: "too-large" });
		expect((await refusal(readAll(rawPack([blobEntry(base)]), { maxObjectBytes: 9 }))).code).toBe("too-large");
		const growing = Uint8Array.from([10, 0x80, 0x80, 0x04, 0x90, 10]); // declares 64 KiB
		const grown = rawPack([blobEntry(base), refDelta(baseId, growing)]);
		expect((await refusal(readAll(grown, { maxObjectBytes: 1000 }))).code).toBe("too-large");
		const pastEnd = Uint8Array.from([10, 4, 0x91, 8, 4]);
		expect((await refusal(readAll(rawPack([blobEntry(base), refDelta(baseId, pastEnd)])))).code).toBe("bad-delta");
		const ofsToNothing = concat([objectHeader(6, 2), Uint8Array.of(3), deflateSync(Uint8Array.of(10, 0))]);
		expect((await refusal(readAll(rawPack([blobEntry(base), ofsToNothing])))).code).toBe("bad-delta");
	});

	it("refuses deltas that read or write past an end, or use the reserved instruction", () => {
		const delta =
			(...bytes: number[]) =>
			() =>
				applyDelta(base, Uint8Array.from(bytes));
		expect(Buffer.from(applyDelta(base, Uint8Array.from([10, 10, 0x90, 10]))).toString()).toBe("0123456789");
		expect(delta(9, 1, 1, 65)).toThrow(GitFormatError);
		expect(delta(10, 1, 0)).toThrow(/reserved/);
		expect(delta(10, 2, 1, 65)).toThrow(/writes 1 bytes/);
		expect(delta(10, 1, 2, 65)).toThrow(/inserted data/);
		expect(delta(10, 11, 0x90, 11)).toThrow(/past the end/);
		expect(delta(10, 5, 0x91, 0, 6)).toThrow(/past the size/);
		expect(delta(10, 1, 0x91, 0)).toThrow(/inside an instruction/);
	});
});
