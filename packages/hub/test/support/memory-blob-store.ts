/** A BlobStore in memory, for tests that are not about storage. */
import { createHash } from "node:crypto";
import {
	BlobMismatchError,
	type BlobStore,
	type ByteRange,
	type ExpectedBlob,
	type ListedBlob,
	type StoredBlob,
} from "../../src/storage/blob-store.js";

export function memoryBlobStore(): BlobStore & { count(): number } {
	const blobs = new Map<string, Uint8Array>();
	const written = new Map<string, Date>();
	return {
		count: () => blobs.size,
		async put(data: Uint8Array): Promise<StoredBlob> {
			const sha256 = createHash("sha256").update(data).digest("hex");
			if (!blobs.has(sha256)) blobs.set(sha256, new Uint8Array(data));
			written.set(sha256, new Date());
			return { sha256, size: data.byteLength };
		},
		async *list(): AsyncIterable<ListedBlob> {
			for (const [sha256, data] of blobs) {
				yield { sha256, size: data.byteLength, modifiedAt: written.get(sha256) ?? new Date(0) };
			}
		},
		async remove(sha256: string) {
			blobs.delete(sha256);
			written.delete(sha256);
		},
		async putStream(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>, expected: ExpectedBlob = {}) {
			const chunks: Uint8Array[] = [];
			for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(chunk);
			const data = Buffer.concat(chunks);
			if (expected.size !== undefined && data.byteLength !== expected.size) {
				throw new BlobMismatchError("size", expected.size, data.byteLength);
			}
			const sha256 = createHash("sha256").update(data).digest("hex");
			if (expected.sha256 !== undefined && sha256 !== expected.sha256) {
				throw new BlobMismatchError("sha256", expected.sha256, sha256);
			}
			return this.put(data);
		},
		async size(sha256: string) {
			return blobs.get(sha256)?.byteLength;
		},
		async readAll(sha256: string, maxBytes: number) {
			const data = blobs.get(sha256);
			return data && data.byteLength <= maxBytes ? new Uint8Array(data) : undefined;
		},
		async read(sha256: string, range?: ByteRange) {
			const data = blobs.get(sha256);
			if (!data) return undefined;
			const bytes = range ? data.subarray(range.start, range.end + 1) : data;
			return new ReadableStream<Uint8Array>({
				start(controller) {
					controller.enqueue(bytes);
					controller.close();
				},
			});
		},
	};
}
