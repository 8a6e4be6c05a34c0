import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chunkData } from "./chunking.js";
import { XetFormatError } from "./format-error.js";
import { type ChunkRef, hashFromHex, hashToHex, keyedHash } from "./hash.js";
import { parseShard, type Shard, type ShardFile, type ShardTerm, serializeShard, verifyShardFile } from "./shard.js";
import { parseXorb, readXorbChunk } from "./xorb.js";

// The xorb and shard hf_xet 1.6.0 uploaded for two files (the text and notes below), caught by
// the stub server of hf-xet-reference.py beside this file. The hashes and sha256s are what
// hf_xet printed for that upload.
const XORB = new Uint8Array(readFileSync(new URL("./fixtures/hf-xet-1.6.xorb", import.meta.url)));
const SHARD = new Uint8Array(readFileSync(new URL("./fixtures/hf-xet-1.6.shard", import.meta.url)));
const XORB_HASH = "bbc3e1aa5c70dac56f0f0012055c30c01551d363bc2625590b1365bf8d86c2f7";
const TEXT = Array.from({ length: 6000 }, (_, i) => `row ${i}, value ${i % 50}, label item-${i % 13}\n`).join("");
const NOTES = Array.from({ length: 500 }, (_, i) => `note ${i}\n`).join("");
const UPLOADED = [
	{
		content: TEXT,
		fileHash: "2f749de53aa71013562fe140eac4f4110b74fb4e37fe198f6f27811f32e65ee2",
		sha256: "63ee561fb28ba0951f04e321bc43449d59fdd0d10021945c80bd8fc1b4d1f1d8",
	},
	{
		content: NOTES,
		fileHash: "cfe2a1ccfc0f24da47b0425432262f4218f41d5b2ef681225f8a159bdeeb59d7",
		sha256: "5f8be9df63e986b885b50e882d78e3e9fbbbf7af932c572a41fa88835d546965",
	},
];

const sha256Hex = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

function rejectionCode(run: () => unknown): string {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(XetFormatError);
		return (error as XetFormatError).code;
	}
	throw new Error("expected a XetFormatError");
}

async function storedChunks(): Promise<(hash: Uint8Array) => Promise<ChunkRef[] | undefined>> {
	const xorb = await parseXorb(XORB, hashFromHex(XORB_HASH));
	return async (hash) => (hashToHex(hash) === XORB_HASH ? xorb.chunks : undefined);
}

describe("an upload by hf_xet 1.6", () => {
	it("parses: both files with their hashes, sha256s, terms and verification hashes; the new xorb", async () => {
		const shard = parseShard(SHARD);
		expect(shard.footer).toBeUndefined();
		expect(shard.files.map((file) => hashToHex(file.fileHash)).sort()).toEqual(
			UPLOADED.map((file) => file.fileHash).sort(),
		);
		for (const file of shard.files) {
			const uploaded = UPLOADED.find((entry) => entry.fileHash === hashToHex(file.fileHash));
			expect(file.sha256).toBe(uploaded?.sha256);
			expect(file.terms.every((term) => term.verification && hashToHex(term.xorbHash) === XORB_HASH)).toBe(true);
		}
		expect(shard.xorbs.map((xorb) => hashToHex(xorb.xorbHash))).toEqual([XORB_HASH]);
		const xorb = await parseXorb(XORB, hashFromHex(XORB_HASH));
		expect(shard.xorbs[0]?.chunks.map((chunk) => hashToHex(chunk.hash))).toEqual(
			xorb.chunks.map((chunk) => hashToHex(chunk.hash)),
		);
		expect(shard.xorbs[0]?.size).toBe(xorb.chunks.reduce((sum, chunk) => sum + chunk.size, 0));
	});

	it("verifies each file against the xorb, and the terms rebuild the files", async () => {
		const shard = parseShard(SHARD);
		const lookup = await storedChunks();
		const xorb = await parseXorb(XORB);
		for (const file of shard.files) {
			await verifyShardFile(file, lookup);
			const parts = file.terms.flatMap((term) =>
				xorb.chunks.slice(term.chunkStart, term.chunkEnd).map((chunk) => readXorbChunk(XORB, chunk.offset).data),
			);
			const content = Buffer.concat(parts);
			expect(sha256Hex(content)).toBe(file.sha256);
			expect(UPLOADED.some((entry) => entry.content === content.toString())).toBe(true);
			// Our chunker cuts the file where hf_xet did.
			const sizes = file.terms.flatMap((term) =>
				xorb.chunks.slice(term.chunkStart, term.chunkEnd).map((chunk) => chunk.size),
			);
			expect(chunkData(content).map((chunk) => chunk.length)).toEqual(sizes);
		}
		expect(UPLOADED.map((entry) => sha256Hex(entry.content))).toEqual(UPLOADED.map((entry) => entry.sha256));
	});

	it("serializes back to the same bytes, and round-trips with a footer", () => {
		const shard = parseShard(SHARD);
		expect(Buffer.from(serializeShard(shard)).equals(Buffer.from(SHARD))).toBe(true);
		const footer = { chunkHashKey: new Uint8Array(32).fill(7), createdAt: 1_700_000_000, keyExpiry: 1_700_600_000 };
		const withFooter = serializeShard(shard, { footer });
		// Lookup tables between the sections and the footer: 2 files and 1 xorb (12 bytes each), 3 chunks (16).
		expect(withFooter.length).toBe(SHARD.length + 3 * 12 + 3 * 16 + 200);
		const reparsed = parseShard(withFooter);
		expect(reparsed.footer).toEqual(footer);
		expect(
			Buffer.from(serializeShard({ files: reparsed.files, xorbs: reparsed.xorbs })).equals(Buffer.from(SHARD)),
		).toBe(true);
	});
});

describe("a global dedupe answer", () => {
	it("has no files, one xorb with keyed chunk hashes, and the key and its expiry in the footer", async () => {
		const xorb = parseShard(SHARD).xorbs[0] as Shard["xorbs"][number];
		const key = new Uint8Array(32).map((_, i) => i * 7);
		const chunks = await Promise.all(
			xorb.chunks.map(async (chunk) => ({ ...chunk, hash: await keyedHash(chunk.hash, key) })),
		);
		const footer = { chunkHashKey: key, createdAt: 1_800_000_000, keyExpiry: 1_800_604_800 };
		const bytes = serializeShard({ files: [], xorbs: [{ ...xorb, chunks }] }, { footer });
		// Header, the file section's bookend, the xorb header and its chunks, the bookend, the xorb
		// lookup (12 bytes), the chunk lookup (16 bytes a chunk), the footer.
		const casOffset = 48 + 48;
		const lookupsOffset = casOffset + 48 * (chunks.length + 2);
		const chunkTable = lookupsOffset + 12;
		const footerOffset = chunkTable + 16 * chunks.length;
		expect(bytes.length).toBe(footerOffset + 200);
		expect(bytes.subarray(48, 80).every((byte) => byte === 0xff)).toBe(true);
		const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
		const u64 = (at: number) => Number(view.getBigUint64(at, true));
		expect(u64(footerOffset + 16)).toBe(casOffset);
		// File table empty; xorb table: one entry pointing at record 0; chunk table sorted, (0, index).
		expect([u64(footerOffset + 40), u64(footerOffset + 48)]).toEqual([chunkTable - 12, 1]);
		expect([u64(footerOffset + 56), u64(footerOffset + 64)]).toEqual([chunkTable, chunks.length]);
		const truncated = (hash: Uint8Array) => new DataView(hash.buffer, hash.byteOffset, 8).getBigUint64(0, true);
		const expected = chunks
			.map((chunk, index) => ({ key: truncated(chunk.hash), index }))
			.sort((a, b) => (a.key < b.key ? -1 : 1));
		const table = expected.map((_, i) => ({
			key: view.getBigUint64(chunkTable + 16 * i, true),
			xorb: view.getUint32(chunkTable + 16 * i + 8, true),
			index: view.getUint32(chunkTable + 16 * i + 12, true),
		}));
		expect(table).toEqual(expected.map(({ key, index }) => ({ key, xorb: 0, index })));
		expect(Buffer.from(bytes.subarray(footerOffset + 72, footerOffset + 104)).equals(Buffer.from(key))).toBe(true);
		expect(Number(view.getBigUint64(footerOffset + 112, true))).toBe(footer.keyExpiry);
		const parsed = parseShard(bytes);
		expect(parsed.files).toEqual([]);
		expect(parsed.footer).toEqual(footer);
		expect(parsed.xorbs[0]?.chunks.map((chunk) => hashToHex(chunk.hash))).toEqual(
			chunks.map((chunk) => hashToHex(chunk.hash)),
		);
		// A client holding a chunk finds it by keying its own hash; the raw hash is not in the answer.
		const first = xorb.chunks[0] as ChunkRef;
		expect(hashToHex(parsed.xorbs[0]?.chunks[0]?.hash as Uint8Array)).toBe(hashToHex(await keyedHash(first.hash, key)));
		expect(Buffer.from(bytes).includes(Buffer.from(first.hash))).toBe(false);
	});
});

describe("malformed shards", () => {
	const at = (bytes: Uint8Array, index: number, value: number) => {
		const copy = bytes.slice();
		copy[index] = value;
		return copy;
	};
	// Record offsets in the fixture: header 0, first file header 48 (flags at 80).
	const FIRST_FILE_FLAGS = 48 + 32;
	const FIRST_FILE_COUNT = 48 + 36;

	it("are refused with a typed error", () => {
		const cases: [string, Uint8Array, string][] = [
			["an empty body", new Uint8Array(0), "truncated"],
			["a wrong tag", at(SHARD, 0, 0), "bad-header"],
			["header version 3", at(SHARD, 32, 3), "bad-header"],
			["a footer size of 1", at(SHARD, 40, 1), "bad-header"],
			["a footer size of 200 without a footer", at(SHARD, 40, 200), "truncated"],
			["an unknown file flag", at(SHARD, FIRST_FILE_FLAGS, 1), "bad-section"],
			["a count past the end", at(SHARD, FIRST_FILE_COUNT + 3, 0x7f), "truncated"],
			["a cut body", SHARD.subarray(0, SHARD.length - 1), "truncated"],
			["a missing xorb bookend", SHARD.subarray(0, SHARD.length - 48), "truncated"],
			["bytes after the last bookend", Buffer.concat([SHARD, new Uint8Array(48)]), "bad-section"],
		];
		const footer = { chunkHashKey: new Uint8Array(32), createdAt: 0, keyExpiry: 0 };
		const footed = serializeShard(parseShard(SHARD), { footer });
		const footerAt = footed.length - 200;
		cases.push(
			["footer version 2", at(footed, footerAt, 2), "bad-footer"],
			["a footer offset that is not the footer's", at(footed, footed.length - 8, 0), "bad-footer"],
			["a CAS offset that is not the section's", at(footed, footerAt + 16, 0), "bad-footer"],
			["a chunk table past the footer", at(footed, footerAt + 64, 0xff), "bad-footer"],
		);
		for (const [name, bytes, code] of cases) {
			expect(
				rejectionCode(() => parseShard(bytes)),
				name,
			).toBe(code);
		}
	});

	it("refuse verification entries on some files only", () => {
		const shard = parseShard(SHARD);
		const mixed: Shard = {
			...shard,
			files: shard.files.map((file, index) =>
				index === 0 ? file : { ...file, terms: file.terms.map(({ verification: _, ...term }) => term) },
			),
		};
		expect(rejectionCode(() => serializeShard(mixed))).toBe("bad-section");
		// The first file's records with verification entries, then the second's without, cut out of
		// two shards of one file each: everything between the header and the file section's bookend.
		const xorbSection = 48 * (1 + (shard.xorbs[0]?.chunks.length ?? 0) + 1);
		const fileRecords = (file: ShardFile) => {
			const data = serializeShard({ ...shard, files: [file] });
			return data.subarray(48, data.length - 48 - xorbSection);
		};
		const joined = Buffer.concat([
			SHARD.subarray(0, 48),
			fileRecords(shard.files[0] as ShardFile),
			fileRecords(mixed.files[1] as ShardFile),
			SHARD.subarray(SHARD.length - 48 - xorbSection),
		]);
		expect(rejectionCode(() => parseShard(joined))).toBe("bad-section");
	});

	it("fail verification when a term does not match its xorb", async () => {
		const lookup = await storedChunks();
		const file = parseShard(SHARD).files[0] as ShardFile;
		const term = file.terms[0] as ShardTerm;
		const variants: [string, ShardFile, string][] = [
			["an unknown xorb", { ...file, terms: [{ ...term, xorbHash: new Uint8Array(32) }] }, "bad-section"],
			["a range past the xorb", { ...file, terms: [{ ...term, chunkEnd: 9 }] }, "bad-section"],
			["a wrong size", { ...file, terms: [{ ...term, size: term.size + 1 }] }, "size-mismatch"],
			[
				"a wrong verification hash",
				{ ...file, terms: [{ ...term, verification: new Uint8Array(32) }] },
				"hash-mismatch",
			],
			["no verification hash", { ...file, terms: [{ ...term, verification: undefined }] }, "bad-section"],
			["a wrong file hash", { ...file, fileHash: new Uint8Array(32) }, "hash-mismatch"],
		];
		for (const [name, variant, code] of variants) {
			const error = await verifyShardFile(variant, lookup).then(
				() => undefined,
				(caught: unknown) => caught,
			);
			expect(error, name).toBeInstanceOf(XetFormatError);
			expect((error as XetFormatError).code, name).toBe(code);
		}
	});
});
