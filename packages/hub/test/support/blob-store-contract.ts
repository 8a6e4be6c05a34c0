/**
 * What every BlobStore promises (src/storage/blob-store.ts), as one suite each store runs:
 * `disk-store.test.ts` and `s3-store.test.ts`. A store under test says how to look behind it
 * (which blobs and temporary objects it holds) and how to make it unreachable.
 */
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BlobMismatchError, type BlobStore } from "../../src/storage/blob-store.js";

export interface StoreUnderTest {
	store: BlobStore;
	/** Addresses of the blobs stored, sorted (from the store's own layout, not through its interface). */
	blobs(): Promise<string[]>;
	/** Temporary files or objects left, of any name. */
	temporaries(): Promise<string[]>;
	/** Makes the backend unreachable (stops the server, removes the directory): check() must throw after. */
	breakBackend(): Promise<void>;
	cleanup(): Promise<void>;
}

/** A body larger than this goes through the store's multipart path, if it has one. */
export interface ContractOptions {
	partBytes: number;
}

const encoder = new TextEncoder();

function sha256Of(data: Uint8Array | string): string {
	return createHash("sha256").update(data).digest("hex");
}

/** `size` bytes that differ with `seed`. */
function bytesOf(size: number, seed: number): Uint8Array {
	const bytes = new Uint8Array(size);
	for (let index = 0; index < size; index++) bytes[index] = (index * 31 + seed * 7 + (index >> 8)) & 0xff;
	return bytes;
}

/** The bytes in uneven chunks (so they never line up with a part boundary), as an async iterable. */
async function* chunked(bytes: Uint8Array, chunk = 10_007): AsyncGenerator<Uint8Array> {
	for (let offset = 0; offset < bytes.byteLength; offset += chunk) yield bytes.slice(offset, offset + chunk);
}

async function readBytes(stream: ReadableStream<Uint8Array> | undefined): Promise<Uint8Array> {
	if (!stream) throw new Error("expected a stream");
	return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function readText(stream: ReadableStream<Uint8Array> | undefined): Promise<string> {
	return new TextDecoder().decode(await readBytes(stream));
}

export function blobStoreContract(
	name: string,
	open: () => Promise<StoreUnderTest>,
	{ partBytes }: ContractOptions,
): void {
	describe(`${name} keeps the BlobStore contract`, () => {
		let subject: StoreUnderTest;
		let store: BlobStore;
		/** Three and a half parts: several full parts and a short last one. */
		const large = bytesOf(Math.floor(partBytes * 3.5), 1);
		const largeSha = sha256Of(large);

		beforeEach(async () => {
			subject = await open();
			store = subject.store;
		});
		afterEach(async () => {
			await subject.cleanup();
		});

		it("addresses content by its sha256, and reads back what was put", async () => {
			const data = encoder.encode("hello weights");
			expect(await store.put(data)).toEqual({ sha256: sha256Of(data), size: data.byteLength });
			expect(await subject.blobs()).toEqual([sha256Of(data)]);
			expect(await readText(await store.read(sha256Of(data)))).toBe("hello weights");
			expect(await store.size(sha256Of(data))).toBe(data.byteLength);
		});

		it("reads a blob whole up to a bound: a longer one, or one not stored, is undefined", async () => {
			const data = encoder.encode("a small git object");
			const { sha256 } = await store.put(data);
			expect(await store.readAll(sha256, 1024)).toEqual(data);
			expect(await store.readAll(sha256, data.byteLength)).toEqual(data);
			expect(await store.readAll(sha256, data.byteLength - 1)).toBeUndefined();
			expect(await store.readAll(sha256Of("never stored"), 1024)).toBeUndefined();
			const empty = await store.put(new Uint8Array(0));
			expect(await store.readAll(empty.sha256, 0)).toEqual(new Uint8Array(0));
			await store.putStream(chunked(large), { sha256: largeSha, size: large.byteLength });
			expect(await store.readAll(largeSha, large.byteLength)).toEqual(large);
			expect(await store.readAll(largeSha, partBytes)).toBeUndefined();
		});

		it("lists every blob with its size and write time, and removes one (gc's two calls)", async () => {
			const before = Date.now() - 5_000;
			const one = encoder.encode("one");
			await store.put(one);
			await store.putStream(chunked(large), { sha256: largeSha, size: large.byteLength });
			const listed = [];
			for await (const blob of store.list()) listed.push(blob);
			expect(listed.map(({ sha256, size }) => ({ sha256, size }))).toEqual(
				[
					{ sha256: sha256Of(one), size: 3 },
					{ sha256: largeSha, size: large.byteLength },
				].sort((a, b) => a.sha256.localeCompare(b.sha256)),
			);
			for (const blob of listed) expect(blob.modifiedAt.getTime()).toBeGreaterThan(before);
			await store.remove(sha256Of(one));
			await store.remove(sha256Of(one));
			expect(await subject.blobs()).toEqual([largeSha]);
			expect(await store.size(sha256Of(one))).toBeUndefined();
		});

		it("stores the same content once: concurrent puts leave one complete blob and no temporaries", async () => {
			const data = encoder.encode("x".repeat(100_000));
			const results = await Promise.all(Array.from({ length: 8 }, () => store.put(data)));
			expect(new Set(results.map((result) => result.sha256))).toEqual(new Set([sha256Of(data)]));
			expect(await subject.blobs()).toEqual([sha256Of(data)]);
			expect(await subject.temporaries()).toEqual([]);
			expect(await store.size(sha256Of(data))).toBe(100_000);
		});

		it("streams a body to the address put gives it, from a web stream or an async iterable", async () => {
			const pieces = ["streamed ", "in ", "pieces"].map((piece) => encoder.encode(piece));
			const expected = { sha256: sha256Of("streamed in pieces"), size: 18 };
			const fromWeb = await store.putStream(
				new ReadableStream({
					start(controller) {
						for (const piece of pieces) controller.enqueue(piece);
						controller.close();
					},
				}),
				expected,
			);
			expect(fromWeb).toEqual(expected);
			expect(await readText(await store.read(expected.sha256))).toBe("streamed in pieces");
			const fromIterable = await store.putStream(
				(async function* () {
					yield* pieces;
				})(),
			);
			expect(fromIterable).toEqual(expected);
			expect(await subject.blobs()).toEqual([expected.sha256]);
			expect(await subject.temporaries()).toEqual([]);
		});

		it("streams a body of several parts, announced or not, byte for byte", async () => {
			expect(await store.putStream(chunked(large), { sha256: largeSha, size: large.byteLength })).toEqual({
				sha256: largeSha,
				size: large.byteLength,
			});
			expect(await readBytes(await store.read(largeSha))).toEqual(large);
			const other = bytesOf(partBytes * 2 + 1, 2);
			// Unannounced: the address is known only at the end.
			expect(await store.putStream(chunked(other))).toEqual({ sha256: sha256Of(other), size: other.byteLength });
			expect(await readBytes(await store.read(sha256Of(other)))).toEqual(other);
			const exact = bytesOf(partBytes * 2, 3);
			expect(await store.putStream(chunked(exact, partBytes))).toEqual({
				sha256: sha256Of(exact),
				size: exact.byteLength,
			});
			expect(await subject.blobs()).toEqual([largeSha, sha256Of(other), sha256Of(exact)].sort());
			expect(await subject.temporaries()).toEqual([]);
		});

		it("refuses a streamed body of another sha256 or size, storing nothing, small or in parts", async () => {
			const small = encoder.encode("actual bytes");
			const announced = sha256Of("announced bytes");
			const refusals: [Uint8Array, { sha256?: string; size?: number }, "sha256" | "size"][] = [
				[small, { sha256: announced, size: 12 }, "sha256"],
				[small, { size: 13 }, "size"],
				[small, { size: 11 }, "size"],
				[large, { sha256: announced, size: large.byteLength }, "sha256"],
				[large, { sha256: largeSha, size: large.byteLength + 1 }, "size"],
				[large, { sha256: largeSha, size: partBytes * 2 }, "size"],
				[large, { size: large.byteLength - 1 }, "size"],
			];
			for (const [bytes, expected, field] of refusals) {
				const error = await store.putStream(chunked(bytes), expected).catch((caught: unknown) => caught);
				expect(error, JSON.stringify(expected)).toBeInstanceOf(BlobMismatchError);
				expect((error as BlobMismatchError).field).toBe(field);
			}
			expect(await store.size(sha256Of(small))).toBeUndefined();
			expect(await store.size(largeSha)).toBeUndefined();
			expect(await store.size(announced)).toBeUndefined();
			expect(await subject.blobs()).toEqual([]);
			expect(await subject.temporaries()).toEqual([]);
		});

		it("stores nothing from a body that fails midway, small or in parts", async () => {
			for (const [length, expected] of [
				[10, undefined],
				[partBytes * 2 + 5, undefined],
				[partBytes * 2 + 5, { sha256: largeSha, size: large.byteLength }],
			] as const) {
				const failing = (async function* () {
					yield large.slice(0, length);
					throw new Error("connection reset");
				})();
				await expect(store.putStream(failing, expected)).rejects.toThrow("connection reset");
			}
			expect(await subject.blobs()).toEqual([]);
			expect(await subject.temporaries()).toEqual([]);
		});

		it("keeps the blob already there when the same bytes come again, and still refuses wrong ones", async () => {
			const { sha256 } = await store.put(encoder.encode("kept"));
			expect(await store.putStream(chunked(encoder.encode("kept")), { sha256, size: 4 })).toEqual({ sha256, size: 4 });
			const wrong = await store.putStream(chunked(encoder.encode("lost")), { sha256, size: 4 }).catch((error) => error);
			expect(wrong).toBeInstanceOf(BlobMismatchError);
			expect(await readText(await store.read(sha256))).toBe("kept");
			expect(await subject.blobs()).toEqual([sha256]);
			expect(await subject.temporaries()).toEqual([]);
		});

		it("takes concurrent streams of the same large blob, announced or not, and keeps one whole copy", async () => {
			const uploads = [
				...Array.from({ length: 3 }, () =>
					store.putStream(chunked(large), { sha256: largeSha, size: large.byteLength }),
				),
				...Array.from({ length: 2 }, () => store.putStream(chunked(large))),
			];
			for (const result of await Promise.all(uploads))
				expect(result).toEqual({ sha256: largeSha, size: large.byteLength });
			expect(await subject.blobs()).toEqual([largeSha]);
			expect(await readBytes(await store.read(largeSha))).toEqual(large);
			expect(await subject.temporaries()).toEqual([]);
		});

		it("reads a whole blob or an inclusive byte range, also across part boundaries", async () => {
			const { sha256 } = await store.put(encoder.encode("0123456789"));
			expect(await readText(await store.read(sha256))).toBe("0123456789");
			expect(await readText(await store.read(sha256, { start: 2, end: 5 }))).toBe("2345");
			expect(await readText(await store.read(sha256, { start: 9, end: 9 }))).toBe("9");
			expect(await readText(await store.read(sha256, { start: 0, end: 0 }))).toBe("0");
			await store.putStream(chunked(large));
			const across = { start: partBytes - 3, end: partBytes * 2 + 3 };
			expect(await readBytes(await store.read(largeSha, across))).toEqual(large.slice(across.start, across.end + 1));
			const tail = { start: large.byteLength - 1, end: large.byteLength - 1 };
			expect(await readBytes(await store.read(largeSha, tail))).toEqual(large.slice(-1));
		});

		it("reads an empty blob, put or streamed", async () => {
			const empty = sha256Of("");
			expect(await store.put(new Uint8Array())).toEqual({ sha256: empty, size: 0 });
			expect(await store.putStream(chunked(new Uint8Array()), { sha256: empty, size: 0 })).toEqual({
				sha256: empty,
				size: 0,
			});
			expect(await readText(await store.read(empty))).toBe("");
			expect(await store.size(empty)).toBe(0);
		});

		it("refuses ranges outside the blob rather than returning short data", async () => {
			const { sha256 } = await store.put(encoder.encode("0123456789"));
			await expect(store.read(sha256, { start: 5, end: 10 })).rejects.toThrow(RangeError);
			await expect(store.read(sha256, { start: 10, end: 12 })).rejects.toThrow(RangeError);
			await expect(store.read(sha256, { start: 6, end: 5 })).rejects.toThrow(RangeError);
			await expect(store.read(sha256, { start: -1, end: 3 })).rejects.toThrow(RangeError);
			await expect(store.read(sha256, { start: 0.5, end: 3 })).rejects.toThrow(RangeError);
			const empty = await store.put(new Uint8Array());
			await expect(store.read(empty.sha256, { start: 0, end: 0 })).rejects.toThrow(RangeError);
		});

		it("answers undefined for a well-formed address that is not stored", async () => {
			const missing = "a".repeat(64);
			expect(await store.size(missing)).toBeUndefined();
			expect(await store.read(missing)).toBeUndefined();
			expect(await store.read(missing, { start: 0, end: 0 })).toBeUndefined();
		});

		it("never builds a location from an address that is not 64 lower-case hex digits", async () => {
			const { sha256 } = await store.put(encoder.encode("secret"));
			const attempts = [
				"../../etc/passwd",
				`${sha256.slice(0, 2)}/../${sha256.slice(2)}`,
				sha256.toUpperCase(),
				`${sha256}\0`,
				`${sha256}/`,
				sha256.slice(1),
				"",
			];
			for (const attempt of attempts) {
				await expect(store.size(attempt), attempt).rejects.toThrow(TypeError);
				await expect(store.read(attempt), attempt).rejects.toThrow(TypeError);
				await expect(store.putStream(chunked(encoder.encode("x")), { sha256: attempt }), attempt).rejects.toThrow(
					TypeError,
				);
			}
		});

		it("passes its readiness check while the backend is there, and fails it once it is gone", async () => {
			await expect(store.check?.()).resolves.toBeUndefined();
			await subject.breakBackend();
			await expect(store.check?.()).rejects.toThrow();
		});
	});
}
