import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chunkBoundaries, chunkData, MAX_CHUNK_SIZE, MIN_CHUNK_SIZE } from "./chunking.js";
import { XetFormatError } from "./format-error.js";
import {
	chunkHash,
	fileHash,
	hashesEqual,
	hashFromHex,
	hashToHex,
	isGlobalDedupEligible,
	keyedHash,
	keyedHashes,
	xorbHash,
} from "./hash.js";

/** xorshift32, low byte of each step: the same generator as hf-xet-reference.py beside this file. */
function generatedFile(size: number, seed: number): Uint8Array {
	const out = new Uint8Array(size);
	let state = seed >>> 0;
	for (let i = 0; i < size; i++) {
		state ^= state << 13;
		state >>>= 0;
		state ^= state >>> 17;
		state ^= state << 5;
		state >>>= 0;
		out[i] = state & 0xff;
	}
	return out;
}

async function xetFileHash(data: Uint8Array): Promise<string> {
	const chunks = await Promise.all(
		chunkData(data).map(async (chunk) => ({ hash: await chunkHash(chunk), size: chunk.length })),
	);
	return hashToHex(await fileHash(chunks));
}

describe("the string form of a hash", () => {
	it("reverses the bytes of each 8-byte group, as the specification's API section says", () => {
		const raw = Uint8Array.from({ length: 32 }, (_, i) => i);
		const hex = hashToHex(raw);
		expect(hex).toBe("07060504030201000f0e0d0c0b0a090817161514131211101f1e1d1c1b1a1918");
		expect([...hashFromHex(hex)]).toEqual([...raw]);
		expect([...hashFromHex(hex.toUpperCase())]).toEqual([...raw]);
	});

	it("refuses strings that are not 64 hex digits", () => {
		for (const bad of ["", "00", "g".repeat(64), "0".repeat(63), "0".repeat(65), ` ${"0".repeat(63)}`]) {
			expect(() => hashFromHex(bad)).toThrow(XetFormatError);
		}
	});
});

describe("file hashes", () => {
	// Expected values printed by hf_xet 1.6.0's `hash_files` (a local hash, no upload) for the same
	// generated files: run hf-xet-reference.py beside this file.
	const HF_XET = [
		{ size: 0, seed: 1, hash: "0000000000000000000000000000000000000000000000000000000000000000" },
		{ size: 5_000, seed: 7, hash: "30aafdbe710dfbab146dad3896e0dfdf64add8fef072b4b699bb67893705be59" },
		{ size: 200_000, seed: 11, hash: "87e1b1e9dd487f4a4d073a0ddcf669e8e930b91ecdd5c8fb9841c78b26f8c26c" },
		{ size: 3_000_000, seed: 42, hash: "c7037b1a8a4ee771f32747aa7be1f5366073b8521d8d8be902bdab0475bcf5aa" },
	];

	for (const { size, seed, hash } of HF_XET) {
		it(`equals hf_xet's for a generated file of ${size} bytes`, async () => {
			expect(await xetFileHash(generatedFile(size, seed))).toBe(hash);
		});
	}

	it("changes with one byte of the file", async () => {
		const data = generatedFile(200_000, 11);
		data[150_000] ^= 1;
		expect(await xetFileHash(data)).not.toBe(HF_XET[2]?.hash);
	});

	it("of one chunk is the chunk hash keyed once more; a salt replaces the zero key", async () => {
		const data = generatedFile(1000, 3);
		const hash = await chunkHash(data);
		const chunks = [{ hash, size: data.length }];
		expect(hashToHex(await xorbHash(chunks))).toBe(hashToHex(hash));
		expect(hashToHex(await fileHash(chunks))).toBe(hashToHex(await keyedHash(hash, new Uint8Array(32))));
		const salt = new Uint8Array(32).fill(9);
		expect(hashToHex(await fileHash(chunks, salt))).toBe(hashToHex(await keyedHash(hash, salt)));
		expect(hashToHex(await fileHash(chunks, salt))).not.toBe(hashToHex(await fileHash(chunks)));
		// Many hashes under one key: each as keyedHash makes it.
		const other = await chunkHash(generatedFile(500, 4));
		const many = await keyedHashes([hash, other, hash], salt);
		expect(many.map(hashToHex)).toEqual(
			await Promise.all([hash, other, hash].map(async (one) => hashToHex(await keyedHash(one, salt)))),
		);
	});

	it("depends on every chunk's size, not only its hash", async () => {
		const hash = await chunkHash(new Uint8Array([1]));
		const a = await xorbHash([
			{ hash, size: 1 },
			{ hash, size: 1 },
		]);
		const b = await xorbHash([
			{ hash, size: 1 },
			{ hash, size: 2 },
		]);
		expect(hashesEqual(a, b)).toBe(false);
	});
});

describe("the reference implementation's hash vectors", () => {
	// The table of xet-core's `test_correctness` (merklehash/aggregated_hashes.rs, as in hf_xet
	// 1.6.0), published there for other implementations to check against: (chunk hash, size) lists
	// from 0 to 100 entries, their xorb hash, and file hashes with three salts each (given, like
	// every hash, in the string form).
	const CASES: { chunks: [string, number][]; xorbHash: string; fileHashes: [string, string][] }[] = JSON.parse(
		readFileSync(new URL("./fixtures/aggregated-hashes.json", import.meta.url), "utf8"),
	);

	it("has the whole table", () => {
		expect(CASES.map((entry) => entry.chunks.length)).toEqual([
			0, 1, 1, 3, 4, 4, 6, 4, 5, 2, 4, 5, 8, 64, 32, 12, 16, 100,
		]);
	});

	for (const [index, { chunks, xorbHash: expected, fileHashes }] of CASES.entries()) {
		it(`gives the xorb hash and salted file hashes of case ${index} (${chunks.length} chunks)`, async () => {
			const refs = chunks.map(([hash, size]) => ({ hash: hashFromHex(hash), size }));
			expect(hashToHex(await xorbHash(refs))).toBe(expected);
			for (const [salt, fileHashHex] of fileHashes) {
				expect(hashToHex(await fileHash(refs, hashFromHex(salt)))).toBe(fileHashHex);
			}
		});
	}
});

describe("chunking", () => {
	it("cuts between the minimum and maximum sizes and covers the whole buffer", () => {
		const data = generatedFile(3_000_000, 42);
		const ends = chunkBoundaries(data);
		expect(ends.at(-1)).toBe(data.length);
		let start = 0;
		for (const [index, end] of ends.entries()) {
			const size = end - start;
			expect(size).toBeLessThanOrEqual(MAX_CHUNK_SIZE);
			if (index < ends.length - 1) expect(size).toBeGreaterThanOrEqual(MIN_CHUNK_SIZE);
			start = end;
		}
		expect(ends.length).toBeGreaterThan(20);
	});

	it("cuts a run of one byte value at the maximum size, and keeps a small buffer whole", () => {
		expect(chunkBoundaries(new Uint8Array(300_000))).toEqual([MAX_CHUNK_SIZE, 2 * MAX_CHUNK_SIZE, 300_000]);
		expect(chunkBoundaries(new Uint8Array(100))).toEqual([100]);
		expect(chunkBoundaries(new Uint8Array(0))).toEqual([]);
	});

	it("finds the same later boundaries after an edit near the start", () => {
		const data = generatedFile(1_000_000, 5);
		const edited = new Uint8Array(data.length + 3);
		edited.set(data.subarray(0, 1000));
		edited.set([1, 2, 3], 1000);
		edited.set(data.subarray(1000), 1003);
		const before = new Set(chunkBoundaries(data).map((end) => end + 3));
		const after = chunkBoundaries(edited);
		expect(after.slice(2).every((end) => before.has(end))).toBe(true);
	});
});

describe("global dedupe eligibility", () => {
	it("holds when the last 64-bit word of the hash is a multiple of 1024", () => {
		const hash = new Uint8Array(32);
		expect(isGlobalDedupEligible(hash)).toBe(true);
		hash[25] = 4;
		expect(isGlobalDedupEligible(hash)).toBe(true);
		hash[25] = 2;
		expect(isGlobalDedupEligible(hash)).toBe(false);
		hash[25] = 0;
		hash[0] = 1;
		expect(isGlobalDedupEligible(hash)).toBe(true);
	});
});
