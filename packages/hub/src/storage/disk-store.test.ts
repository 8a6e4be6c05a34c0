import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BlobMismatchError } from "./blob-store.js";
import { DiskBlobStore, STALE_TEMPORARY_FILE_MS } from "./disk-store.js";

const encoder = new TextEncoder();

async function readAll(stream: ReadableStream<Uint8Array> | undefined): Promise<string> {
	if (!stream) throw new Error("expected a stream");
	return new Response(stream).text();
}

describe("DiskBlobStore", () => {
	let root: string;
	let store: DiskBlobStore;

	beforeEach(async () => {
		root = await mkdtemp(join(tmpdir(), "hubkit-blobs-"));
		store = new DiskBlobStore(root);
	});
	afterEach(async () => {
		await rm(root, { recursive: true, force: true });
	});

	it("addresses content by its sha256 and lays it out as blobs/ab/cdef…", async () => {
		const data = encoder.encode("hello weights");
		const expected = createHash("sha256").update(data).digest("hex");
		const stored = await store.put(data);
		expect(stored).toEqual({ sha256: expected, size: data.byteLength });
		const onDisk = await readFile(join(root, "blobs", expected.slice(0, 2), expected.slice(2)), "utf8");
		expect(onDisk).toBe("hello weights");
	});

	it("stores the same content once, and concurrent writers leave one complete blob and no temporary files", async () => {
		const data = encoder.encode("x".repeat(100_000));
		const results = await Promise.all(Array.from({ length: 8 }, () => store.put(data)));
		expect(new Set(results.map((result) => result.sha256)).size).toBe(1);
		const sha256 = results[0]?.sha256 ?? "";
		expect(await readdir(join(root, "blobs", sha256.slice(0, 2)))).toEqual([sha256.slice(2)]);
		expect(await readdir(join(root, "tmp"))).toEqual([]);
		expect(await store.size(sha256)).toBe(100_000);
	});

	it("streams a body to the same address put gives it, from a web stream or an async iterable", async () => {
		const pieces = ["streamed ", "in ", "pieces"].map((piece) => encoder.encode(piece));
		const expected = await store.put(encoder.encode("streamed in pieces"));
		await rm(join(root, "blobs"), { recursive: true });
		const fromWeb = await store.putStream(
			new ReadableStream({
				start(controller) {
					for (const piece of pieces) controller.enqueue(piece);
					controller.close();
				},
			}),
			{ sha256: expected.sha256, size: expected.size },
		);
		expect(fromWeb).toEqual(expected);
		expect(await readAll(await store.read(expected.sha256))).toBe("streamed in pieces");
		const fromIterable = await store.putStream(
			(async function* () {
				yield* pieces;
			})(),
		);
		expect(fromIterable).toEqual(expected);
		expect(await readdir(join(root, "tmp"))).toEqual([]);
	});

	it("refuses a streamed body of another sha256 or size, storing nothing", async () => {
		const body = () =>
			(async function* () {
				yield encoder.encode("actual bytes");
			})();
		const actual = createHash("sha256").update("actual bytes").digest("hex");
		const announced = createHash("sha256").update("announced bytes").digest("hex");
		const refusals = [{ sha256: announced, size: 12 }, { size: 13 }, { size: 11 }];
		for (const [index, expected] of refusals.entries()) {
			const error = await store.putStream(body(), expected).catch((caught: unknown) => caught);
			expect(error).toBeInstanceOf(BlobMismatchError);
			expect((error as BlobMismatchError).field).toBe(index === 0 ? "sha256" : "size");
		}
		expect(await store.size(actual)).toBeUndefined();
		expect(await store.size(announced)).toBeUndefined();
		expect(await readdir(join(root, "tmp"))).toEqual([]);
	});

	it("stores nothing from a body that fails midway", async () => {
		const failing = (async function* () {
			yield encoder.encode("half of it");
			throw new Error("connection reset");
		})();
		await expect(store.putStream(failing)).rejects.toThrow("connection reset");
		expect(await readdir(join(root, "tmp"))).toEqual([]);
		expect(await readdir(join(root, "blobs")).catch(() => [])).toEqual([]);
	});

	it("keeps the complete blob already there when the same bytes are streamed again", async () => {
		const { sha256 } = await store.put(encoder.encode("kept"));
		const path = join(root, "blobs", sha256.slice(0, 2), sha256.slice(2));
		const before = await stat(path);
		await store.putStream(
			(async function* () {
				yield encoder.encode("kept");
			})(),
			{ sha256, size: 4 },
		);
		expect((await stat(path)).ino).toBe(before.ino);
		expect(await readdir(join(root, "tmp"))).toEqual([]);
	});

	it("reads a whole blob or an inclusive byte range", async () => {
		const { sha256 } = await store.put(encoder.encode("0123456789"));
		expect(await readAll(await store.read(sha256))).toBe("0123456789");
		expect(await readAll(await store.read(sha256, { start: 2, end: 5 }))).toBe("2345");
		expect(await readAll(await store.read(sha256, { start: 9, end: 9 }))).toBe("9");
		expect(await readAll(await store.read(sha256, { start: 0, end: 0 }))).toBe("0");
	});

	it("reads an empty blob", async () => {
		const { sha256, size } = await store.put(new Uint8Array());
		expect(size).toBe(0);
		expect(await readAll(await store.read(sha256))).toBe("");
	});

	it("refuses ranges outside the blob rather than returning short data", async () => {
		const { sha256 } = await store.put(encoder.encode("0123456789"));
		await expect(store.read(sha256, { start: 5, end: 10 })).rejects.toThrow(RangeError);
		await expect(store.read(sha256, { start: 6, end: 5 })).rejects.toThrow(RangeError);
		await expect(store.read(sha256, { start: -1, end: 3 })).rejects.toThrow(RangeError);
		await expect(store.read(sha256, { start: 0.5, end: 3 })).rejects.toThrow(RangeError);
	});

	it("answers undefined for a well-formed address that is not stored", async () => {
		const missing = "a".repeat(64);
		expect(await store.size(missing)).toBeUndefined();
		expect(await store.read(missing)).toBeUndefined();
	});

	it("never builds a path from an address that is not 64 lower-case hex digits", async () => {
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
		}
	});

	it("sweeps temporary files a crashed write left behind, but not ones a live write may own", async () => {
		await mkdir(join(root, "tmp"), { recursive: true });
		await writeFile(join(root, "tmp", "left-by-a-crash"), "partial");
		await writeFile(join(root, "tmp", "being-written"), "partial");
		const past = new Date(Date.now() - STALE_TEMPORARY_FILE_MS - 60_000);
		await utimes(join(root, "tmp", "left-by-a-crash"), past, past);
		await store.put(encoder.encode("a"));
		await store.put(encoder.encode("b"));
		expect(await readdir(join(root, "tmp"))).toEqual(["being-written"]);
	});
});
