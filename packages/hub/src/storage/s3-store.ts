/**
 * A blob store on the S3 API (AWS S3, MinIO, Ceph, R2, …), laid out like the disk store:
 * `<prefix>/blobs/ab/cdef…` named by the sha256 of the bytes, so a disk store's `blobs/`
 * directory copied under the prefix is a valid S3 store and the other way round.
 *
 * A streamed body goes up in parts of `partBytes` (one being sent while the next is read) as an S3
 * multipart upload. An uploaded object only appears when its upload is completed, and the
 * store completes one only after the bytes have hashed to what was announced: with the sha256
 * known up front (LFS uploads, imports, mirrors) the upload targets the final key directly and
 * a mismatch aborts it, so nothing is ever visible and no copy is needed. A body of unknown
 * sha256 goes to `<prefix>/tmp/…` and is copied server-side to its address once hashed. A body
 * that fits in one part is hashed before its single PUT, which S3 makes atomic.
 *
 * Uploads a crash cut off (incomplete multipart uploads, temporary objects) are aborted or
 * removed when an hour old, on the first write and hourly after, as the disk store sweeps its
 * `tmp/`; a bucket lifecycle rule (AbortIncompleteMultipartUpload) does the same server-side.
 */
import { createHash, randomUUID } from "node:crypto";
import {
	AbortMultipartUploadCommand,
	CompleteMultipartUploadCommand,
	CopyObjectCommand,
	CreateMultipartUploadCommand,
	DeleteObjectCommand,
	GetObjectCommand,
	type GetObjectCommandOutput,
	HeadBucketCommand,
	HeadObjectCommand,
	ListMultipartUploadsCommand,
	ListObjectsV2Command,
	PutObjectCommand,
	type S3Client,
	UploadPartCommand,
	UploadPartCopyCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { DEFAULT_S3_PART_BYTES } from "../config.js";
import {
	BlobMismatchError,
	type BlobStore,
	type ByteRange,
	type ExpectedBlob,
	type ListedBlob,
	type StoredBlob,
} from "./blob-store.js";
import { STALE_TEMPORARY_FILE_MS } from "./disk-store.js";
import type { PartStore } from "./part-store.js";
import { S3PartStore } from "./s3-parts.js";
import { isSha256Hex, sha256Hex } from "./sha256.js";

/** S3 copies at most this many bytes in one CopyObject; larger objects are copied in parts. */
export const MAX_SINGLE_COPY_BYTES = 5 * 1024 * 1024 * 1024;
export const DEFAULT_PRESIGN_SECONDS = 15 * 60;

export interface S3BlobStoreOptions {
	client: S3Client;
	bucket: string;
	/** Key prefix without leading or trailing slash; "" puts `blobs/` at the bucket's root. */
	prefix?: string;
	/** Bytes per multipart part (S3 wants at least 5 MiB; tests use less against s3rver); an upload holds two. */
	partBytes?: number;
	/** Objects above this are copied with UploadPartCopy (S3's limit; lowered in tests). */
	maxSingleCopyBytes?: number;
	/** Signs download URLs: a client built with the endpoint the hub's clients reach (defaults to `client`). */
	presignClient?: S3Client;
	presignSeconds?: number;
}

export class S3BlobStore implements BlobStore {
	readonly #client: S3Client;
	readonly #presignClient: S3Client;
	readonly #bucket: string;
	readonly #prefix: string;
	readonly #partBytes: number;
	readonly #maxSingleCopyBytes: number;
	readonly #presignSeconds: number;
	/** LFS multipart parts in the bucket (`<prefix>/lfs-parts/…`), seen by every hub sharing it. */
	readonly parts: PartStore;
	/** A mirror's downloads under way (`<prefix>/mirror-relay/…`), for the hubs not downloading them. */
	readonly relayParts: PartStore;
	#sweep: Promise<void> | undefined;
	#sweptAt = Number.NEGATIVE_INFINITY;

	constructor(options: S3BlobStoreOptions) {
		this.#client = options.client;
		this.#presignClient = options.presignClient ?? options.client;
		this.#bucket = options.bucket;
		this.#prefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, "")}/` : "";
		this.#partBytes = options.partBytes ?? DEFAULT_S3_PART_BYTES;
		this.#maxSingleCopyBytes = options.maxSingleCopyBytes ?? MAX_SINGLE_COPY_BYTES;
		this.#presignSeconds = options.presignSeconds ?? DEFAULT_PRESIGN_SECONDS;
		if (!Number.isSafeInteger(this.#partBytes) || this.#partBytes < 1) throw new RangeError("partBytes must be >= 1");
		this.parts = new S3PartStore(this.#client, this.#bucket, this.#prefix, "lfs-parts");
		this.relayParts = new S3PartStore(this.#client, this.#bucket, this.#prefix, "mirror-relay");
	}

	/** `s3://bucket/prefix/`: where the blobs are, for messages (never a credential). */
	get location(): string {
		return `s3://${this.#bucket}/${this.#prefix}`;
	}

	async put(data: Uint8Array): Promise<StoredBlob> {
		const sha256 = sha256Hex(data);
		const size = data.byteLength;
		if ((await this.size(sha256)) !== size) await this.#putObject(this.#keyOf(sha256), data);
		else await this.#touch(sha256);
		return { sha256, size };
	}

	async putStream(
		body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
		expected: ExpectedBlob = {},
	): Promise<StoredBlob> {
		if (expected.sha256 !== undefined && !isSha256Hex(expected.sha256)) {
			throw new TypeError(`Not a blob address (64 lower-case hex digits): ${expected.sha256}`);
		}
		await this.#sweepStaleUploads();
		const limit = expected.size;
		const hash = createHash("sha256");
		let size = 0;
		const parts = partsOf(body as AsyncIterable<Uint8Array>, this.#partBytes, (chunk) => {
			size += chunk.byteLength;
			// Stop reading a body that already runs over: the rest need not be sent anywhere.
			if (limit !== undefined && size > limit) throw new BlobMismatchError("size", limit, size);
			hash.update(chunk);
		});
		const verified = (): StoredBlob => {
			if (limit !== undefined && size !== limit) throw new BlobMismatchError("size", limit, size);
			const sha256 = hash.digest("hex");
			if (expected.sha256 !== undefined && sha256 !== expected.sha256) {
				throw new BlobMismatchError("sha256", expected.sha256, sha256);
			}
			return { sha256, size };
		};

		// Already stored whole: the body is still read and checked (a wrong one is refused), not sent.
		if (expected.sha256 !== undefined && expected.size !== undefined) {
			if ((await this.size(expected.sha256)) === expected.size) {
				await drain(parts);
				const blob = verified();
				await this.#touch(blob.sha256);
				return blob;
			}
		}

		const first = await parts.next();
		const second = first.done ? first : await parts.next();
		if (second.done) {
			// One part at most: hashed whole before a single, atomic PUT to its address.
			const blob = verified();
			if ((await this.size(blob.sha256)) !== blob.size) {
				await this.#putObject(this.#keyOf(blob.sha256), first.done ? new Uint8Array() : first.value);
			} else await this.#touch(blob.sha256);
			return blob;
		}

		const key = expected.sha256 !== undefined ? this.#keyOf(expected.sha256) : `${this.#prefix}tmp/${randomUUID()}`;
		const created = await this.#client.send(new CreateMultipartUploadCommand({ Bucket: this.#bucket, Key: key }));
		const uploadId = created.UploadId as string;
		const abort = () =>
			this.#client
				.send(new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: key, UploadId: uploadId }))
				.catch(() => undefined);
		let blob: StoredBlob;
		let sending: Promise<void> | undefined;
		try {
			// One part goes up while the next is read from the body: two parts in memory at most.
			const etags: string[] = [];
			let failure: { error: unknown } | undefined;
			const queue = async (bytes: Uint8Array) => {
				const partNumber = etags.length + 1;
				etags.push("");
				await sending;
				if (failure) throw failure.error;
				sending = this.#client
					.send(
						new UploadPartCommand({
							Bucket: this.#bucket,
							Key: key,
							UploadId: uploadId,
							PartNumber: partNumber,
							Body: bytes,
							ContentLength: bytes.byteLength,
						}),
					)
					.then(
						(answer) => {
							etags[partNumber - 1] = answer.ETag as string;
						},
						(error: unknown) => {
							failure = { error };
						},
					);
			};
			await queue(first.value as Uint8Array);
			await queue(second.value);
			for await (const bytes of parts) await queue(bytes);
			await sending;
			if (failure) throw failure.error;
			blob = verified();
			await this.#client.send(
				new CompleteMultipartUploadCommand({
					Bucket: this.#bucket,
					Key: key,
					UploadId: uploadId,
					MultipartUpload: { Parts: etags.map((ETag, index) => ({ ETag, PartNumber: index + 1 })) },
				}),
			);
		} catch (error) {
			// The body is let go (a web stream cancelled) and the parts sent so far are discarded.
			await parts.return();
			// A part still going up would otherwise land after the abort.
			await sending;
			await abort();
			throw error;
		}
		if (expected.sha256 !== undefined) return blob;

		// Hashed only now: the temporary object is copied to its address (unless a copy is there) and dropped.
		try {
			if ((await this.size(blob.sha256)) !== blob.size) await this.#copy(key, this.#keyOf(blob.sha256), blob.size);
			else await this.#touch(blob.sha256);
		} finally {
			await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key })).catch(() => undefined);
		}
		return blob;
	}

	async size(sha256: string): Promise<number | undefined> {
		try {
			const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#keyOf(sha256) }));
			return head.ContentLength;
		} catch (error) {
			if (isNotFound(error)) return undefined;
			throw error;
		}
	}

	async read(sha256: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined> {
		const key = this.#keyOf(sha256);
		if (range) checkRangeShape(range);
		let answer: GetObjectCommandOutput;
		try {
			answer = await this.#client.send(
				new GetObjectCommand({
					Bucket: this.#bucket,
					Key: key,
					...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
				}),
			);
		} catch (error) {
			if (isNotFound(error)) return undefined;
			// A range starting at or past the end (an empty blob has no byte to start at).
			if (statusOf(error) === 416) throw new RangeError(`Byte range ${range?.start}-${range?.end} is outside the blob`);
			throw error;
		}
		const body = answer.Body;
		if (!body) return new ReadableStream({ start: (controller) => controller.close() });
		const stream = body.transformToWebStream() as ReadableStream<Uint8Array>;
		if (!range) return stream;
		// What the answer holds: `bytes first-last/total`, or (a server that ignored the range) all of it.
		const [, first = "0", last = "", total = ""] = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? "") ?? [];
		const held = answer.ContentRange
			? { first: Number(first), last: Number(last), total: Number(total) }
			: { first: 0, last: (answer.ContentLength ?? 0) - 1, total: answer.ContentLength ?? 0 };
		// S3 answers a range running past the end with what there is; the store promises exact ranges.
		if (!(range.end < held.total) || held.first > range.start || held.last < range.end) {
			await stream.cancel();
			throw new RangeError(`Byte range ${range.start}-${range.end} is outside a blob of ${held.total} bytes`);
		}
		// Some S3-compatible servers answer more than was asked (s3rver reads `bytes=0-0` as `bytes=0-`).
		if (held.first === range.start && held.last === range.end) return stream;
		return stream.pipeThrough(byteSlice(range, held.first));
	}

	/** One GET; an object longer than `maxBytes` is let go as soon as its length is known. */
	async readAll(sha256: string, maxBytes: number): Promise<Uint8Array | undefined> {
		let answer: GetObjectCommandOutput;
		try {
			answer = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: this.#keyOf(sha256) }));
		} catch (error) {
			if (isNotFound(error)) return undefined;
			throw error;
		}
		const body = answer.Body;
		if (!body) return new Uint8Array(0);
		if ((answer.ContentLength ?? 0) > maxBytes) {
			await body.transformToWebStream().cancel();
			return undefined;
		}
		const bytes = await body.transformToByteArray();
		// An answer without a length is read before the bound is checked.
		return bytes.byteLength > maxBytes ? undefined : bytes;
	}

	/**
	 * A time-limited GET URL for the blob, signed for the endpoint the hub's clients reach, or
	 * undefined when it is not stored. `filename` becomes the download's Content-Disposition; a
	 * `range` is part of the signature, so the URL answers that `Range` header and no other.
	 */
	async downloadUrl(sha256: string, filename?: string, range?: ByteRange): Promise<string | undefined> {
		if ((await this.size(sha256)) === undefined) return undefined;
		const command = new GetObjectCommand({
			Bucket: this.#bucket,
			Key: this.#keyOf(sha256),
			...(filename ? { ResponseContentDisposition: contentDisposition(filename) } : {}),
			...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
		});
		return getSignedUrl(this.#presignClient, command, {
			expiresIn: this.#presignSeconds,
			...(range ? { signableHeaders: new Set(["range"]) } : {}),
		});
	}

	/** The bucket answers with these credentials (`GET /readyz`). */
	async check(): Promise<void> {
		await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
	}

	/** Every stored blob's address, size and last write, a page at a time (gc, `hubkit check`, backups). */
	async *list(): AsyncIterable<ListedBlob> {
		const prefix = `${this.#prefix}blobs/`;
		let token: string | undefined;
		do {
			const page = await this.#client.send(
				new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: prefix, ContinuationToken: token }),
			);
			for (const object of page.Contents ?? []) {
				const sha256 = (object.Key ?? "").slice(prefix.length).replace("/", "");
				if (isSha256Hex(sha256) && object.Key === this.#keyOf(sha256)) {
					yield { sha256, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
				}
			}
			token = page.IsTruncated ? page.NextContinuationToken : undefined;
		} while (token);
	}

	async remove(sha256: string): Promise<void> {
		await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#keyOf(sha256) }));
	}

	/**
	 * Moves a stored blob's LastModified on (gc's grace period counts from it) by copying the object
	 * onto itself. Best effort: a server that refuses leaves the old date, and gc's check of the
	 * references just before it deletes still protects the blob once a commit names it.
	 */
	async #touch(sha256: string): Promise<void> {
		const key = this.#keyOf(sha256);
		await this.#client
			.send(
				new CopyObjectCommand({
					Bucket: this.#bucket,
					Key: key,
					CopySource: `${this.#bucket}/${encodeKey(key)}`,
					MetadataDirective: "REPLACE",
					Metadata: { written: new Date().toISOString() },
				}),
			)
			.catch(() => undefined);
	}

	async #putObject(key: string, bytes: Uint8Array): Promise<void> {
		await this.#client.send(
			new PutObjectCommand({ Bucket: this.#bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength }),
		);
	}

	async #copy(from: string, to: string, size: number): Promise<void> {
		const source = `${this.#bucket}/${encodeKey(from)}`;
		if (size <= this.#maxSingleCopyBytes) {
			await this.#client.send(new CopyObjectCommand({ Bucket: this.#bucket, Key: to, CopySource: source }));
			return;
		}
		const created = await this.#client.send(new CreateMultipartUploadCommand({ Bucket: this.#bucket, Key: to }));
		const uploadId = created.UploadId as string;
		try {
			const parts: { ETag: string; PartNumber: number }[] = [];
			for (let start = 0; start < size; start += this.#maxSingleCopyBytes) {
				const end = Math.min(size, start + this.#maxSingleCopyBytes) - 1;
				const answer = await this.#client.send(
					new UploadPartCopyCommand({
						Bucket: this.#bucket,
						Key: to,
						UploadId: uploadId,
						PartNumber: parts.length + 1,
						CopySource: source,
						CopySourceRange: `bytes=${start}-${end}`,
					}),
				);
				parts.push({ ETag: answer.CopyPartResult?.ETag as string, PartNumber: parts.length + 1 });
			}
			await this.#client.send(
				new CompleteMultipartUploadCommand({
					Bucket: this.#bucket,
					Key: to,
					UploadId: uploadId,
					MultipartUpload: { Parts: parts },
				}),
			);
		} catch (error) {
			await this.#client
				.send(new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: to, UploadId: uploadId }))
				.catch(() => undefined);
			throw error;
		}
	}

	async #sweepStaleUploads(): Promise<void> {
		// Again every so often: a hub that runs for weeks outlives the uploads a crash cut off.
		const now = Date.now();
		if (now - this.#sweptAt >= STALE_TEMPORARY_FILE_MS) {
			this.#sweptAt = now;
			this.#sweep = this.#removeStaleUploads().catch(() => undefined);
		}
		await this.#sweep;
	}

	/** Best effort: not every S3 implementation lists multipart uploads, and another hub may sweep too. */
	async #removeStaleUploads(): Promise<void> {
		const cutoff = Date.now() - STALE_TEMPORARY_FILE_MS;
		const temporary = await this.#client
			.send(new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: `${this.#prefix}tmp/` }))
			.catch(() => undefined);
		for (const object of temporary?.Contents ?? []) {
			if (object.Key && object.LastModified && object.LastModified.getTime() < cutoff) {
				await this.#client
					.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: object.Key }))
					.catch(() => undefined);
			}
		}
		const uploads = await this.#client
			.send(new ListMultipartUploadsCommand({ Bucket: this.#bucket, Prefix: this.#prefix }))
			.catch(() => undefined);
		for (const upload of uploads?.Uploads ?? []) {
			if (upload.Key && upload.UploadId && upload.Initiated && upload.Initiated.getTime() < cutoff) {
				await this.#client
					.send(new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: upload.Key, UploadId: upload.UploadId }))
					.catch(() => undefined);
			}
		}
	}

	/** The only place a key is built, and only from a checked sha256. */
	#keyOf(sha256: string): string {
		if (!isSha256Hex(sha256)) throw new TypeError(`Not a blob address (64 lower-case hex digits): ${sha256}`);
		return `${this.#prefix}blobs/${sha256.slice(0, 2)}/${sha256.slice(2)}`;
	}
}

/**
 * The body cut into parts of exactly `partBytes` (the last one shorter), each chunk shown to
 * `inspect` as it arrives. Only the part being filled is held.
 */
async function* partsOf(
	body: AsyncIterable<Uint8Array>,
	partBytes: number,
	inspect: (chunk: Uint8Array) => void,
): AsyncGenerator<Uint8Array, void, undefined> {
	let part = new Uint8Array(partBytes);
	let filled = 0;
	for await (const chunk of body) {
		inspect(chunk);
		let offset = 0;
		while (offset < chunk.byteLength) {
			const taken = Math.min(partBytes - filled, chunk.byteLength - offset);
			part.set(chunk.subarray(offset, offset + taken), filled);
			filled += taken;
			offset += taken;
			if (filled === partBytes) {
				yield part;
				part = new Uint8Array(partBytes);
				filled = 0;
			}
		}
	}
	if (filled > 0) yield part.subarray(0, filled);
}

/** Bytes `start` to `end` (inclusive) of a stream that starts at byte `offset`; it stops once past `end`. */
function byteSlice({ start, end }: ByteRange, streamStart: number): TransformStream<Uint8Array, Uint8Array> {
	let offset = streamStart;
	return new TransformStream({
		transform(chunk, controller) {
			const from = Math.max(start - offset, 0);
			const to = Math.min(end + 1 - offset, chunk.byteLength);
			if (from < to) controller.enqueue(chunk.subarray(from, to));
			offset += chunk.byteLength;
			if (offset > end) controller.terminate();
		},
	});
}

async function drain(parts: AsyncIterable<Uint8Array>): Promise<void> {
	const iterator = parts[Symbol.asyncIterator]();
	while (!(await iterator.next()).done);
}

function checkRangeShape({ start, end }: ByteRange): void {
	if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
		throw new RangeError(`Byte range ${start}-${end} is not a range of bytes`);
	}
}

function statusOf(error: unknown): number | undefined {
	return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
	const name = (error as Error | undefined)?.name;
	return statusOf(error) === 404 || name === "NotFound" || name === "NoSuchKey";
}

/** CopySource is `bucket/key` with the key URL-encoded, slashes kept. */
function encodeKey(key: string): string {
	return key.split("/").map(encodeURIComponent).join("/");
}

/** `attachment; filename="…"` with a UTF-8 fallback, for names with quotes or non-ASCII characters. */
function contentDisposition(filename: string): string {
	const base = filename.split("/").pop() ?? filename;
	const ascii = base.replace(/[^\x20-\x7e]|["\\]/g, "_");
	return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`;
}
