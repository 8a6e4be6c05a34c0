/**
 * The default blob store: one file per blob under `<root>/blobs/ab/cdef…`, named
 * by the sha256 of its bytes. A write goes to a unique temporary file in
 * `<root>/tmp` first and is renamed into place, so a reader never sees half a blob
 * and two writers of the same content both end with the same complete file.
 * Temporary files a crash left behind are swept on the first write, and hourly
 * after; at start-up, those of this machine's dead processes go at once (their names say whose
 * they are, so a hub never removes a live write of another hub sharing the directory). Directories are made 0700 and files 0600: model files may be private,
 * and only the hub's own user needs them.
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, readlinkSync, type WriteStream } from "node:fs";
import {
	access,
	chmod,
	constants,
	type FileHandle,
	mkdir,
	open,
	readdir,
	rename,
	rm,
	stat,
	utimes,
	writeFile,
} from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
	BlobMismatchError,
	type BlobStore,
	type ByteRange,
	type ExpectedBlob,
	type ListedBlob,
	type StoredBlob,
} from "./blob-store.js";
import { isSha256Hex, sha256Hex } from "./sha256.js";

export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Older temporary files belong to no live write (one blob is written in well under this). */
export const STALE_TEMPORARY_FILE_MS = 60 * 60 * 1000;

/**
 * Who writes a temporary file: `<machine>~<pid>~<store>`. The machine is the host name and the
 * process-id namespace (containers sharing a host name and a volume still differ), so a pid is
 * only ever compared with the pids of its own machine; the store tells this process's stores apart.
 */
const MACHINE = `${hostname().replace(/[^A-Za-z0-9-]/g, "-")}-${pidNamespace()}`;
const TEMPORARY_NAME = /^[^.]+\.([A-Za-z0-9-]+)~(\d+)~([0-9a-f]{12})\.[0-9a-f-]{36}$/;
/** The stores this process has opened: a temporary file of one of them may be a write under way. */
const LIVE_STORES = new Set<string>();

export class DiskBlobStore implements BlobStore {
	readonly #root: string;
	readonly #writer = `${MACHINE}~${process.pid}~${randomUUID().replace(/-/g, "").slice(0, 12)}`;
	readonly #blobsDirectory: string;
	readonly #temporaryDirectory: string;
	#sweep: Promise<void> | undefined;
	#sweptAt = Number.NEGATIVE_INFINITY;

	constructor(root: string) {
		this.#root = root;
		this.#blobsDirectory = join(root, "blobs");
		this.#temporaryDirectory = join(root, "tmp");
		LIVE_STORES.add(this.#writer.slice(this.#writer.lastIndexOf("~") + 1));
	}

	async put(data: Uint8Array): Promise<StoredBlob> {
		const sha256 = sha256Hex(data);
		const target = this.#pathOf(sha256);
		const existing = await fileSize(target);
		if (existing === data.byteLength && (await touched(target))) return { sha256, size: existing };

		await this.#prepareTemporaryDirectory();
		await mkdir(join(this.#blobsDirectory, sha256.slice(0, 2)), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
		const temporary = join(this.#temporaryDirectory, `${sha256}.${this.#writer}.${randomUUID()}`);
		try {
			await writeFile(temporary, data, { flag: "wx", mode: PRIVATE_FILE_MODE });
			await rename(temporary, target);
		} catch (error) {
			await rm(temporary, { force: true });
			throw error;
		}
		return { sha256, size: data.byteLength };
	}

	async putStream(
		body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
		expected: ExpectedBlob = {},
	): Promise<StoredBlob> {
		if (expected.sha256 !== undefined && !isSha256Hex(expected.sha256)) {
			throw new TypeError(`Not a blob address (64 lower-case hex digits): ${expected.sha256}`);
		}
		await this.#prepareTemporaryDirectory();
		// The address is known only at the end, so the temporary name cannot carry it.
		const temporary = join(this.#temporaryDirectory, `stream.${this.#writer}.${randomUUID()}`);
		const hash = createHash("sha256");
		let size = 0;
		const limit = expected.size;
		// Opened before the first byte is read: a stream that opened its file lazily could create it
		// after a failed body's clean-up had already removed it.
		const output = (await open(temporary, "wx", PRIVATE_FILE_MODE)).createWriteStream();
		try {
			await pipeline(
				body as AsyncIterable<Uint8Array>,
				async function* hashing(chunks: AsyncIterable<Uint8Array>) {
					for await (const chunk of chunks) {
						size += chunk.byteLength;
						// Stop reading a body that already runs over: the rest need not touch the disk.
						if (limit !== undefined && size > limit) throw new BlobMismatchError("size", limit, size);
						hash.update(chunk);
						yield chunk;
					}
				},
				output,
			);
			if (limit !== undefined && size !== limit) throw new BlobMismatchError("size", limit, size);
			const sha256 = hash.digest("hex");
			if (expected.sha256 !== undefined && sha256 !== expected.sha256) {
				throw new BlobMismatchError("sha256", expected.sha256, sha256);
			}
			const target = this.#pathOf(sha256);
			// A complete copy is already there: keep it (a reader may have it open) and drop ours.
			if ((await fileSize(target)) === size && (await touched(target))) {
				await rm(temporary, { force: true });
			} else {
				await mkdir(join(this.#blobsDirectory, sha256.slice(0, 2)), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
				await rename(temporary, target);
			}
			return { sha256, size };
		} catch (error) {
			await closed(output);
			await rm(temporary, { force: true });
			throw error;
		}
	}

	async moveIn(path: string, blob: StoredBlob): Promise<boolean> {
		if (!isSha256Hex(blob.sha256)) throw new TypeError(`Not a blob address (64 lower-case hex digits): ${blob.sha256}`);
		const target = this.#pathOf(blob.sha256);
		// A complete copy is already there: keep it (a reader may have it open) and drop the file.
		if ((await fileSize(target)) === blob.size && (await touched(target))) {
			await rm(path, { force: true });
			return true;
		}
		await mkdir(join(this.#blobsDirectory, blob.sha256.slice(0, 2)), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
		try {
			await chmod(path, PRIVATE_FILE_MODE);
			await rename(path, target);
			return true;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === "EXDEV") return false;
			throw error;
		}
	}

	async size(sha256: string): Promise<number | undefined> {
		return fileSize(this.#pathOf(sha256));
	}

	async read(sha256: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined> {
		const path = this.#pathOf(sha256);
		const size = await fileSize(path);
		if (size === undefined) return undefined;
		if (range) checkRange(range, size);
		// An empty blob has no byte to start a range at; fs streams want start <= end.
		if (size === 0) return new ReadableStream({ start: (controller) => controller.close() });
		const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
		return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
	}

	async readAll(sha256: string, maxBytes: number): Promise<Uint8Array | undefined> {
		let file: FileHandle;
		try {
			file = await open(this.#pathOf(sha256), "r");
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
			throw error;
		}
		try {
			const { size } = await file.stat();
			if (size > maxBytes) return undefined;
			const bytes = new Uint8Array(size);
			// One read returns a small file whole; a large one (past what one read takes) comes in parts.
			for (let filled = 0; filled < size; ) {
				const { bytesRead } = await file.read(bytes, filled, size - filled, filled);
				if (bytesRead === 0) throw new Error(`The blob ${sha256} ends at byte ${filled} of its ${size}`);
				filled += bytesRead;
			}
			return bytes;
		} finally {
			await file.close();
		}
	}

	async *list(): AsyncIterable<ListedBlob> {
		const prefixes = await readdir(this.#blobsDirectory).catch(() => [] as string[]);
		for (const prefix of prefixes.sort()) {
			if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
			const names = await readdir(join(this.#blobsDirectory, prefix)).catch(() => [] as string[]);
			for (const name of names.sort()) {
				const sha256 = prefix + name;
				if (!isSha256Hex(sha256)) continue;
				// Removed meanwhile (gc elsewhere, a person): not listed.
				const stats = await stat(join(this.#blobsDirectory, prefix, name)).catch(() => undefined);
				if (stats?.isFile()) yield { sha256, size: stats.size, modifiedAt: stats.mtime };
			}
		}
	}

	async remove(sha256: string): Promise<void> {
		await rm(this.#pathOf(sha256), { force: true });
	}

	/**
	 * Temporary files whose writer was a process of this machine that is gone (a kill -9, a crash):
	 * removed at once. Files of live processes, of other machines and of older hubs (no writer in
	 * their name) are left to the hourly sweep, which goes by age.
	 */
	async removeAbandonedWrites(): Promise<number> {
		const names = await readdir(this.#temporaryDirectory).catch(() => [] as string[]);
		let removed = 0;
		for (const name of names) {
			const [, machine, pid, store] = TEMPORARY_NAME.exec(name) ?? [];
			if (machine !== MACHINE || pid === undefined || store === undefined) continue;
			const ours = Number(pid) === process.pid;
			// This process's own stores may be writing; a file of our pid from another store is a
			// previous process that had the same pid (a container's hub is often pid 1 every time).
			if (ours ? LIVE_STORES.has(store) : processAlive(Number(pid))) continue;
			await rm(join(this.#temporaryDirectory, name), { force: true }).catch(() => undefined);
			removed++;
		}
		return removed;
	}

	/** The data directory is there and this process may read and write it (gone, unmounted, or read-only: it throws). */
	async check(): Promise<void> {
		await access(this.#root, constants.R_OK | constants.W_OK | constants.X_OK);
		if (!(await stat(this.#root)).isDirectory()) throw new Error(`${this.#root} is not a directory`);
	}

	async #prepareTemporaryDirectory(): Promise<void> {
		await mkdir(this.#temporaryDirectory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
		// Again every so often: a hub that runs for weeks outlives the uploads a crash cut off.
		const now = Date.now();
		if (now - this.#sweptAt >= STALE_TEMPORARY_FILE_MS) {
			this.#sweptAt = now;
			this.#sweep = this.#removeStaleTemporaryFiles().catch(() => undefined);
		}
		await this.#sweep;
	}

	async #removeStaleTemporaryFiles(): Promise<void> {
		const cutoff = Date.now() - STALE_TEMPORARY_FILE_MS;
		for (const name of await readdir(this.#temporaryDirectory)) {
			const path = join(this.#temporaryDirectory, name);
			// Best effort: another process may remove or rename the same file meanwhile.
			const stats = await stat(path).catch(() => undefined);
			if (stats && stats.mtimeMs < cutoff) await rm(path, { force: true }).catch(() => undefined);
		}
	}

	/** The only place a disk path is built, and only from a checked sha256. */
	#pathOf(sha256: string): string {
		if (!isSha256Hex(sha256)) throw new TypeError(`Not a blob address (64 lower-case hex digits): ${sha256}`);
		return join(this.#blobsDirectory, sha256.slice(0, 2), sha256.slice(2));
	}
}

/**
 * Resolves once the file stream has let go of its file. A stream destroyed while still opening
 * creates the file after that: removing it any earlier would leave it behind.
 */
export function closed(stream: WriteStream): Promise<void> {
	return stream.closed ? Promise.resolve() : new Promise((resolve) => stream.once("close", () => resolve()));
}

/** Marks a stored blob as written now (gc's grace period counts from it); false when it is gone. */
async function touched(path: string): Promise<boolean> {
	const now = new Date();
	return utimes(path, now, now).then(
		() => true,
		() => false,
	);
}

function processAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: alive, only another user's.
		return (error as NodeJS.ErrnoException).code !== "ESRCH";
	}
}

/** The process-id namespace's number on Linux (`pid:[4026531836]`), else 0. */
function pidNamespace(): string {
	try {
		return /\d+/.exec(readlinkSync("/proc/self/ns/pid"))?.[0] ?? "0";
	} catch {
		return "0";
	}
}

function checkRange(range: ByteRange, size: number): void {
	const { start, end } = range;
	if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || end >= size) {
		throw new RangeError(`Byte range ${start}-${end} is outside a blob of ${size} bytes`);
	}
}

async function fileSize(path: string): Promise<number | undefined> {
	try {
		const stats = await stat(path);
		return stats.isFile() ? stats.size : undefined;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
		throw error;
	}
}
