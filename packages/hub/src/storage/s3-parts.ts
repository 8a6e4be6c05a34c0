/**
 * Parts in the bucket, `<prefix><folder>/<upload>/<number>`, so every hub sharing the bucket sees
 * every part whichever hub wrote it: LFS multipart uploads (`lfs-parts`) and a mirror's downloads
 * under way (`mirror-relay`, services/mirror-relay.ts). A part is one PUT,
 * streamed from the client with its announced length: S3 makes a PUT atomic, and a body that
 * runs over or ends short is failed before its end, and the part deleted, so no wrong part stays
 * (the completion checks the whole blob's sha256 in any case).
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import {
	DeleteObjectCommand,
	GetObjectCommand,
	HeadObjectCommand,
	ListObjectsV2Command,
	PutObjectCommand,
	type S3Client,
} from "@aws-sdk/client-s3";
import { checkedPart, checkUploadName, type PartStore } from "./part-store.js";

/** Deletes under way at once when an upload's parts go (a 5 GiB file in 64 MiB parts has 80). */
const DELETES_AT_ONCE = 8;

export class S3PartStore implements PartStore {
	readonly #client: S3Client;
	readonly #bucket: string;
	readonly #root: string;

	/** `prefix` as the blob store keeps it: "" or ending in "/"; `folder` is the parts' own under it. */
	constructor(client: S3Client, bucket: string, prefix: string, folder: string) {
		this.#client = client;
		this.#bucket = bucket;
		this.#root = `${prefix}${folder}/`;
	}

	async put(upload: string, number: number, body: AsyncIterable<Uint8Array>, size: number): Promise<string> {
		const hash = createHash("sha256");
		const stream = Readable.from(checkedPart(body, size, hash));
		// The SDK pipes a stream body into its request, and a pipe does not pass errors on: a body
		// that fails (wrong size, client gone) aborts the PUT here, so S3 never completes it, and the
		// caller gets the body's own error rather than the abort.
		const aborting = new AbortController();
		let bodyFailure: { error: unknown } | undefined;
		stream.once("error", (error) => {
			bodyFailure = { error };
			aborting.abort();
		});
		try {
			await this.#client.send(
				new PutObjectCommand({
					Bucket: this.#bucket,
					Key: this.#keyOf(upload, number),
					Body: stream,
					ContentLength: size,
				}),
				{ abortSignal: aborting.signal },
			);
		} catch (error) {
			// S3 keeps nothing of an aborted PUT, but not every S3-compatible server does (s3rver writes in
			// place), and a body that runs over may have filled its length before it failed: the part goes.
			await this.#client
				.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#keyOf(upload, number) }))
				.catch(() => undefined);
			throw bodyFailure ? bodyFailure.error : error;
		}
		return hash.digest("hex");
	}

	async size(upload: string, number: number): Promise<number | undefined> {
		try {
			const head = await this.#client.send(
				new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#keyOf(upload, number) }),
			);
			return head.ContentLength;
		} catch (error) {
			const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
			if (status === 404 || (error as Error).name === "NotFound") return undefined;
			throw error;
		}
	}

	async *read(upload: string, number: number): AsyncIterable<Uint8Array> {
		const answer = await this.#client.send(
			new GetObjectCommand({ Bucket: this.#bucket, Key: this.#keyOf(upload, number) }),
		);
		if (answer.Body) yield* answer.Body as AsyncIterable<Uint8Array>;
	}

	async remove(upload: string): Promise<void> {
		const keys = await this.#keysUnder(`${this.#root}${checkUploadName(upload)}/`);
		for (let start = 0; start < keys.length; start += DELETES_AT_ONCE) {
			await Promise.all(
				keys
					.slice(start, start + DELETES_AT_ONCE)
					.map((Key) => this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key }))),
			);
		}
	}

	async uploads(): Promise<string[]> {
		// One entry per upload (its "directory"), not one per part.
		const names: string[] = [];
		let token: string | undefined;
		do {
			const page = await this.#client.send(
				new ListObjectsV2Command({
					Bucket: this.#bucket,
					Prefix: this.#root,
					Delimiter: "/",
					ContinuationToken: token,
				}),
			);
			for (const { Prefix } of page.CommonPrefixes ?? []) {
				const name = (Prefix ?? "").slice(this.#root.length).replace(/\/$/, "");
				if (/^[0-9a-f]{64}$/.test(name)) names.push(name);
			}
			token = page.IsTruncated ? page.NextContinuationToken : undefined;
		} while (token);
		return names;
	}

	async #keysUnder(prefix: string): Promise<string[]> {
		const keys: string[] = [];
		let token: string | undefined;
		do {
			const page = await this.#client.send(
				new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: prefix, ContinuationToken: token }),
			);
			for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
			token = page.IsTruncated ? page.NextContinuationToken : undefined;
		} while (token);
		return keys;
	}

	#keyOf(upload: string, number: number): string {
		if (!Number.isSafeInteger(number) || number < 1) throw new TypeError(`Not a part number: ${number}`);
		return `${this.#root}${checkUploadName(upload)}/${number}`;
	}
}
