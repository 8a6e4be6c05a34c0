/**
 * Where file contents live. Blobs are addressed by the sha256 of their bytes, so
 * the same content stored twice takes space once, and a repository revision is
 * just a map from paths to blob addresses (kept in the database). The disk store
 * is the default; `s3-store.ts` implements the same interface on the S3 API.
 */

import type { PartStore } from "./part-store.js";

export interface StoredBlob {
	/** Lower-case hex sha256 of the content. */
	sha256: string;
	size: number;
}

/** A stored blob as a listing sees it: `modifiedAt` is when its bytes were last written (or written again). */
export interface ListedBlob extends StoredBlob {
	modifiedAt: Date;
}

/** Inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
	start: number;
	end: number;
}

/** What an upload says its bytes are; a stream that turns out otherwise is refused. */
export interface ExpectedBlob {
	sha256?: string;
	size?: number;
}

/**
 * A streamed body whose bytes are not what the uploader announced: nothing was stored.
 * `actual` is what arrived (for a body longer than announced: the bytes read when it was cut off).
 */
export class BlobMismatchError extends Error {
	readonly field: "size" | "sha256";
	readonly expected: string | number;
	readonly actual: string | number;

	constructor(field: "size" | "sha256", expected: string | number, actual: string | number) {
		super(
			field === "size"
				? `The body is ${Number(actual) > Number(expected) ? "longer than" : `${actual} bytes, not`} ${expected} bytes`
				: `The body's sha256 is ${actual}, not ${expected}`,
		);
		this.name = "BlobMismatchError";
		this.field = field;
		this.expected = expected;
		this.actual = actual;
	}
}

export interface BlobStore {
	/** Stores the bytes (idempotent) and returns their address. */
	put(data: Uint8Array): Promise<StoredBlob>;
	/**
	 * Stores a body of any size as it arrives, never holding it whole, and returns its address.
	 * With `expected`, bytes of another size or sha256 throw BlobMismatchError and nothing is
	 * stored; a body that fails midway stores nothing either. A complete blob already there stays.
	 */
	putStream(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>, expected?: ExpectedBlob): Promise<StoredBlob>;
	/**
	 * Takes over the file at `path`, whose bytes the caller has checked to be `blob` (a mirror's
	 * download), by moving it into place: true when it did (the file is gone from `path`), false
	 * when it cannot (another file system) and the caller stores the bytes with putStream. Stores
	 * that never can leave it out.
	 */
	moveIn?(path: string, blob: StoredBlob): Promise<boolean>;
	/**
	 * Every stored blob, a page at a time (gc, `hubkit check`). A put of bytes already stored
	 * counts as a write: it moves `modifiedAt` on, so gc's grace period covers re-uploads too.
	 */
	list(): AsyncIterable<ListedBlob>;
	/**
	 * Deletes the blob (not stored: nothing to do). Called by gc, for blobs nothing references, and by
	 * the mirror cache (services/mirror-cache.ts), for mirrored files its upstream can give again.
	 */
	remove(sha256: string): Promise<void>;
	/**
	 * At start-up: removes what writes of this store that died with their process left behind,
	 * without touching the writes of other hubs sharing the store. Stores with nothing to sweep leave it out.
	 */
	removeAbandonedWrites?(): Promise<number>;
	/** Size in bytes, or undefined when the blob is not stored. */
	size(sha256: string): Promise<number | undefined>;
	/** The blob's bytes (optionally one range), or undefined when it is not stored. */
	read(sha256: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined>;
	/**
	 * The whole blob as bytes, in one read of the store (a git object), or undefined when it is not
	 * stored or holds more than `maxBytes`: such a blob is refused before its bytes are read.
	 */
	readAll(sha256: string, maxBytes: number): Promise<Uint8Array | undefined>;
	/**
	 * A time-limited URL clients can fetch the blob from themselves (Range honoured), or undefined when
	 * it is not stored; stores clients cannot reach leave it out. `filename` names the download; with
	 * `range`, the URL is signed for that `Range` header only (Xet xorb ranges, services/xet-reconstruction.ts).
	 */
	downloadUrl?(sha256: string, filename?: string, range?: ByteRange): Promise<string | undefined>;
	/** Throws when the store cannot be reached or written (`GET /readyz`); stores that cannot fail leave it out. */
	check?(): Promise<void>;
	/**
	 * Where LFS multipart uploads keep their parts, for stores every hub shares (S3), so one upload's
	 * parts may arrive at different hubs; stores of one machine leave it out (parts go to the data directory).
	 */
	readonly parts?: PartStore;
	/**
	 * Where the hub downloading a blob from a mirror's upstream leaves it part by part, so that the other
	 * hubs sharing the store stream it to their clients before it is stored (services/mirror-relay.ts);
	 * stores of one machine leave it out (one hub, or its clients wait for the stored blob).
	 */
	readonly relayParts?: PartStore;
}
