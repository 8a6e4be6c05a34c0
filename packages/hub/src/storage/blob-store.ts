/**
 * Where file contents live. Blobs are addressed by the sha256 of their bytes, so
 * the same content stored twice takes space once, and a repository revision is
 * just a map from paths to blob addresses (kept in the database). The disk store
 * is the default; an S3-compatible store can implement the same interface.
 */

export interface StoredBlob {
	/** Lower-case hex sha256 of the content. */
	sha256: string;
	size: number;
}

/** Inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
	start: number;
	end: number;
}

export interface BlobStore {
	/** Stores the bytes (idempotent) and returns their address. */
	put(data: Uint8Array): Promise<StoredBlob>;
	/** Size in bytes, or undefined when the blob is not stored. */
	size(sha256: string): Promise<number | undefined>;
	/** The blob's bytes (optionally one range), or undefined when it is not stored. */
	read(sha256: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined>;
	/** Throws when the store cannot be reached or written (`GET /readyz`); stores that cannot fail leave it out. */
	check?(): Promise<void>;
}
