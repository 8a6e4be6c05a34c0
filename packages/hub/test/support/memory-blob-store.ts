/** A BlobStore in memory, for tests that are not about storage. */
import { createHash } from "node:crypto";
import type { BlobStore, ByteRange, StoredBlob } from "../../src/storage/blob-store.js";

export function memoryBlobStore(): BlobStore & { count(): number } {
	const blobs = new Map<string, Uint8Array>();
	return {
		count: () => blobs.size,
		async put(data: Uint8Array): Promise<StoredBlob> {
			const sha256 = createHash("sha256").update(data).digest("hex");
			if (!blobs.has(sha256)) blobs.set(sha256, new Uint8Array(data));
			return { sha256, size: data.byteLength };
		},
		async size(sha256: string) {
			return blobs.get(sha256)?.byteLength;
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
