/**
 * Where the parts of an LFS `multipart` upload wait for its completion call. Every hub that may
 * receive one of an upload's requests must see its parts: behind a load balancer the parts of one
 * upload land on different hubs, and the completion on any of them. A store shared by every hub
 * (S3: `s3-store.ts` offers one as `BlobStore.parts`) keeps them there; otherwise they stay in the
 * hub's data directory (`DiskPartStore`), which is right for one machine.
 *
 * Uploads are named by the sha256 of their secret (never the secret), parts by their number.
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { BlobMismatchError } from "./blob-store.js";
import { closed, PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from "./disk-store.js";

export interface PartStore {
	/**
	 * Keeps part `number` of `upload` (replacing an earlier copy) and answers the sha256 of its bytes.
	 * A body of another size than `size` throws BlobMismatchError; after that, or a body that fails
	 * midway, nothing of it is kept (on disk the earlier copy stays; on S3 the part is gone).
	 */
	put(upload: string, number: number, body: AsyncIterable<Uint8Array>, size: number): Promise<string>;
	/** The part's size, or undefined when it is not there. */
	size(upload: string, number: number): Promise<number | undefined>;
	/** The part's bytes. */
	read(upload: string, number: number): AsyncIterable<Uint8Array>;
	/** Removes every part of the upload (none there: nothing to do). */
	remove(upload: string): Promise<void>;
	/** The uploads that have parts here, for the sweep of expired ones. */
	uploads(): Promise<string[]>;
}

const UPLOAD_NAME = /^[0-9a-f]{64}$/;

/** Only a sha256 (of a secret) names an upload, so no client string becomes a path or a key. */
export function checkUploadName(upload: string): string {
	if (!UPLOAD_NAME.test(upload)) throw new TypeError(`Not an upload name (64 lower-case hex digits): ${upload}`);
	return upload;
}

/**
 * The body as it arrives, counted against `size` (stopped as soon as it runs over) and hashed;
 * the generator throws at its end when the body was shorter, so a consumer never stores it.
 */
export async function* checkedPart(
	body: AsyncIterable<Uint8Array>,
	size: number,
	hash: ReturnType<typeof createHash>,
): AsyncGenerator<Uint8Array> {
	let received = 0;
	for await (const chunk of body) {
		received += chunk.byteLength;
		if (received > size) throw new BlobMismatchError("size", size, received);
		hash.update(chunk);
		yield chunk;
	}
	if (received !== size) throw new BlobMismatchError("size", size, received);
}

/** Parts in `<root>/<upload>/<number>`: the hub's own disk (one machine). */
export class DiskPartStore implements PartStore {
	readonly #root: string;

	constructor(root: string) {
		this.#root = root;
	}

	async put(upload: string, number: number, body: AsyncIterable<Uint8Array>, size: number): Promise<string> {
		const directory = join(this.#root, checkUploadName(upload));
		await mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
		// Written beside, renamed into place when whole: a reader never sees half a part.
		const temporary = join(directory, `${number}.${randomUUID()}`);
		const hash = createHash("sha256");
		const output = createWriteStream(temporary, { flags: "wx", mode: PRIVATE_FILE_MODE });
		try {
			await pipeline(checkedPart(body, size, hash), output);
			await rename(temporary, this.#pathOf(upload, number));
		} catch (error) {
			await closed(output);
			await rm(temporary, { force: true });
			throw error;
		}
		return hash.digest("hex");
	}

	async size(upload: string, number: number): Promise<number | undefined> {
		return stat(this.#pathOf(upload, number)).then(
			(stats) => stats.size,
			() => undefined,
		);
	}

	read(upload: string, number: number): AsyncIterable<Uint8Array> {
		return createReadStream(this.#pathOf(upload, number));
	}

	async remove(upload: string): Promise<void> {
		await rm(join(this.#root, checkUploadName(upload)), { recursive: true, force: true });
	}

	async uploads(): Promise<string[]> {
		return (await readdir(this.#root).catch(() => [] as string[])).filter((name) => UPLOAD_NAME.test(name));
	}

	#pathOf(upload: string, number: number): string {
		if (!Number.isSafeInteger(number) || number < 1) throw new TypeError(`Not a part number: ${number}`);
		return join(this.#root, checkUploadName(upload), String(number));
	}
}
