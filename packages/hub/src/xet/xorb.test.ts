import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chunkData } from "./chunking.js";
import { byteGroup4, byteUngroup4, COMPRESSION_SCHEMES, decompressChunk } from "./compression.js";
import { XetFormatError } from "./format-error.js";
import { fileHash, hashesEqual, hashFromHex, hashToHex, xorbHash } from "./hash.js";
import { CHUNK_HEADER_BYTES, MAX_XORB_BYTES, parseXorb, readXorbChunk, serializeXorb } from "./xorb.js";

/** Text that compresses well, cut into real chunks. */
function textChunks(lines: number): Uint8Array[] {
	const text = Array.from(
		{ length: lines },
		(_, i) => `row ${i}, value ${(i * 7919) % 1000}, label item-${i % 13}\n`,
	).join("");
	return chunkData(new TextEncoder().encode(text));
}

/** Little-endian float32 values: what byte grouping is for. */
function floatChunk(count: number): Uint8Array {
	const values = Float32Array.from({ length: count }, (_, i) => Math.sin(i / 100));
	return new Uint8Array(values.buffer);
}

async function rejection(promise: Promise<unknown>): Promise<XetFormatError> {
	const error = await promise.then(
		() => undefined,
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(XetFormatError);
	return error as XetFormatError;
}

describe("byte grouping", () => {
	it("groups bytes by their position in 4 and undoes it, for every remainder", () => {
		expect([...byteGroup4(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))]).toEqual([1, 5, 9, 2, 6, 10, 3, 7, 4, 8]);
		for (const length of [0, 1, 2, 3, 4, 5, 6, 7, 1001]) {
			const data = randomBytes(length);
			expect(Buffer.from(byteUngroup4(byteGroup4(data))).equals(data)).toBe(true);
		}
	});
});

describe("xorbs", () => {
	for (const [name, scheme] of Object.entries(COMPRESSION_SCHEMES)) {
		for (const footer of [false, true]) {
			it(`round-trip with ${name} chunks${footer ? " and the footer" : ""}`, async () => {
				const data = [...textChunks(6000), floatChunk(5000), randomBytes(3001)];
				const written = await serializeXorb(data, { compression: scheme, footer });
				const parsed = await parseXorb(written.bytes, written.hash);
				expect(hashToHex(parsed.hash)).toBe(hashToHex(await xorbHash(written.chunks)));
				expect(parsed.hasFooter).toBe(footer);
				expect(parsed.chunks.map((chunk) => hashToHex(chunk.hash))).toEqual(
					written.chunks.map((chunk) => hashToHex(chunk.hash)),
				);
				for (const [index, chunk] of parsed.chunks.entries()) {
					expect(Buffer.from(readXorbChunk(written.bytes, chunk.offset).data).equals(data[index] as Uint8Array)).toBe(
						true,
					);
				}
				// Random bytes never shrink, so they are stored uncompressed whatever was asked.
				expect(parsed.chunks.at(-1)?.scheme).toBe(COMPRESSION_SCHEMES.none);
				if (scheme !== COMPRESSION_SCHEMES.none)
					expect(written.bytes.length).toBeLessThan(parsed.chunks.reduce((sum, c) => sum + c.size, 0) / 2);
			});
		}
	}

	it("refuses a body whose hash is not the one in the path", async () => {
		const written = await serializeXorb(textChunks(3000));
		const other = await serializeXorb(textChunks(3001));
		expect((await rejection(parseXorb(written.bytes, other.hash))).code).toBe("hash-mismatch");
	});

	it("refuses a chunk whose data was changed, even when it still decompresses", async () => {
		const written = await serializeXorb([randomBytes(5000)], { compression: COMPRESSION_SCHEMES.none });
		const bytes = written.bytes.slice();
		bytes[100] ^= 1;
		expect((await rejection(parseXorb(bytes, written.hash))).code).toBe("hash-mismatch");
	});

	it("refuses malformed chunk headers and truncated bodies", async () => {
		const written = await serializeXorb(textChunks(3000));
		const cases: [string, (bytes: Uint8Array) => Uint8Array, string][] = [
			["empty", () => new Uint8Array(0), "bad-header"],
			["a cut header", (bytes) => bytes.subarray(0, 5), "truncated"],
			["cut data", (bytes) => bytes.subarray(0, bytes.length - 1), "truncated"],
			["version 1", (bytes) => withByte(bytes, 0, 1), "bad-header"],
			["scheme 3", (bytes) => withByte(bytes, 4, 3), "bad-header"],
			["a chunk over 128 KiB", (bytes) => withByte(bytes, 7, 3), "bad-header"],
			["a wrong uncompressed size", (bytes) => withByte(bytes, 5, (bytes[5] as number) ^ 1), "bad-compression"],
			["a broken LZ4 frame", (bytes) => withByte(bytes, CHUNK_HEADER_BYTES, 0), "bad-compression"],
		];
		for (const [name, change, code] of cases) {
			expect((await rejection(parseXorb(change(written.bytes)))).code, name).toBe(code);
		}
	});

	it("refuses a footer that does not match the chunks, and ignores its reserved bytes", async () => {
		const written = await serializeXorb(textChunks(3000), { footer: true });
		const end = written.bytes.length;
		// The nonce sits in the first reserved bytes, just before the 4-byte length.
		const nonce = withByte(written.bytes, end - 20, 0xab);
		expect(hashesEqual((await parseXorb(nonce, written.hash)).hash, written.hash)).toBe(true);
		const chunkList = withByte(written.bytes, end - 30, (written.bytes[end - 30] as number) ^ 1);
		expect((await rejection(parseXorb(chunkList))).code).toBe("bad-footer");
		expect((await rejection(parseXorb(written.bytes.subarray(0, end - 1)))).code).toBe("bad-footer");
	});
});

describe("the largest xorbs", () => {
	it("takes 64 MiB of random chunk data, whose headers and footer take it past 64 MiB serialized", async () => {
		const data = Array.from({ length: 1024 }, () => randomBytes(64 * 1024));
		const written = await serializeXorb(data, { footer: true });
		expect(written.bytes.length).toBeGreaterThan(64 * 1024 * 1024);
		expect(written.bytes.length).toBeLessThanOrEqual(MAX_XORB_BYTES);
		expect((await parseXorb(written.bytes, written.hash)).chunks).toHaveLength(1024);
	});
});

describe("a xorb hf_xet 1.6 compressed with byte grouping", () => {
	// Uploaded by hf-xet-reference.py beside this file (HF_XET_XORB_COMPRESSION_POLICY=bg4-lz4): the
	// float32 values floor(i / 16) for i below 20,000. Hashes and sha256 as hf_xet printed them.
	const XORB = new Uint8Array(readFileSync(new URL("./fixtures/hf-xet-1.6-bg4.xorb", import.meta.url)));
	const CONTENT = new Uint8Array(Float32Array.from({ length: 20_000 }, (_, i) => Math.floor(i / 16)).buffer);

	it("parses, decompresses to the file and hashes to hf_xet's file hash and sha256", async () => {
		const parsed = await parseXorb(
			XORB,
			hashFromHex("e24f5e728e3ae4fbef3b42480ad8b6eed095e047a18057e60c988d4e75b63983"),
		);
		expect(parsed.chunks.every((chunk) => chunk.scheme === COMPRESSION_SCHEMES["bg4-lz4"])).toBe(true);
		const content = Buffer.concat(parsed.chunks.map((chunk) => readXorbChunk(XORB, chunk.offset).data));
		expect(content.equals(CONTENT)).toBe(true);
		expect(createHash("sha256").update(content).digest("hex")).toBe(
			"388f2a9c470876e45b1bca331e46c4dd16644833a767127d2ae8e7f6868b7e22",
		);
		expect(hashToHex(await fileHash(parsed.chunks))).toBe(
			"ca3c5eaadc19fd7b9895bee6013d216276086d44c6d2a48e9f146fb3fc929c5d",
		);
	});
});

describe("LZ4 frames", () => {
	// Made with the lz4 1.9.4 command line from "abcd" repeated 30,000 times (120,000 bytes):
	// `lz4 -B4 -BD -BX --content-size` (64 KiB linked blocks, block and content checksums, content
	// size in the header), then printed as hex. The second block's matches reach into the first.
	const LINKED_FRAME = [
		"04224d185c40c0d4010000000000c70e0100004f616263640400ffffffffffffffffffffffffffffffffffffffffffffffff",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe45064616263641f45b665e30000004f6162",
		"63640400ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"ffffffffffffffffffffffffffffffffff795064616263647378939b0000000076600015",
	].join("");

	it("decodes a frame with linked blocks, checksums and a content size", () => {
		const frame = Buffer.from(LINKED_FRAME, "hex");
		expect(Buffer.from(decompressChunk(frame, COMPRESSION_SCHEMES.lz4, 120_000)).toString()).toBe(
			"abcd".repeat(30_000),
		);
		expect(() => decompressChunk(frame, COMPRESSION_SCHEMES.lz4, 119_999)).toThrow(XetFormatError);
		expect(() => decompressChunk(frame, COMPRESSION_SCHEMES.lz4, 120_001)).toThrow(XetFormatError);
		expect(() => decompressChunk(frame.subarray(0, frame.length - 2), COMPRESSION_SCHEMES.lz4, 120_000)).toThrow(
			XetFormatError,
		);
	});

	/** A frame of one block: the literal "a", then a match at `offset` whose length is 19 plus `extra`. */
	function matchFrame(offset: number, extra: number[]): Uint8Array {
		const block = [0x1f, 0x61, offset, 0, ...extra];
		return Uint8Array.from([0x04, 0x22, 0x4d, 0x18, 0x40, 0x40, 0x00, block.length, 0, 0, 0, ...block, 0, 0, 0, 0]);
	}

	it("refuses a match that reaches before the data, or a length past the declared size", () => {
		expect(Buffer.from(decompressChunk(matchFrame(1, [0]), COMPRESSION_SCHEMES.lz4, 20)).toString()).toBe(
			"a".repeat(20),
		);
		expect(() => decompressChunk(matchFrame(2, [0]), COMPRESSION_SCHEMES.lz4, 20)).toThrow(/before the start/);
		expect(() => decompressChunk(matchFrame(0, [0]), COMPRESSION_SCHEMES.lz4, 20)).toThrow(/before the start/);
		expect(() => decompressChunk(matchFrame(1, [255, 255, 255, 255, 0]), COMPRESSION_SCHEMES.lz4, 20)).toThrow(
			/more than the chunk/,
		);
		expect(() => decompressChunk(matchFrame(1, [255]), COMPRESSION_SCHEMES.lz4, 20)).toThrow(/runs past its block/);
	});
});

function withByte(bytes: Uint8Array, index: number, value: number): Uint8Array {
	const copy = bytes.slice();
	copy[index] = value;
	return copy;
}
