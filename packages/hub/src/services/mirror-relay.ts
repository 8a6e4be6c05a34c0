/**
 * A mirror's download passed from the hub making it to the other hubs sharing the database and the
 * store (services/mirrored-blobs.ts), so their clients get the first bytes while the rest is still
 * upstream, as the downloading hub's own clients do, rather than waiting for the whole file.
 *
 * While another hub waits for the blob (it holds the blob's wanted lock, db/blob-fetch-lock.ts),
 * the downloading hub copies each RELAY_PART_BYTES of its part file, once written, to the store's
 * `relayParts` (S3: `<prefix>mirror-relay/<sha256>/<n>`), never the part holding the file's last
 * byte; the parts written before a hub began to wait are copied then. Nobody waiting, nothing is
 * copied: the store takes the download's bytes once. A hub waiting for it appends those parts, in order, to a part file of its own that its clients
 * read as they would a download of their own; once the blob is stored it appends the rest from the
 * store and checks the sha256 of the whole before its clients may read the last byte. So a client of
 * any hub never receives the whole of a file that turns out wrong. Should the downloading hub stop,
 * the waiting one takes the download over from what it has (mirror.ts continues a part file with Range).
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { type FileHandle, mkdir, open, rm } from "node:fs/promises";
import { dirname } from "node:path";
import { withBlobFetchLockIfFree } from "../db/blob-fetch-lock.js";
import type { HubDeps } from "../deps.js";
import { HubError } from "../errors.js";
import type { Logger } from "../logger.js";
import type { BlobStore } from "../storage/blob-store.js";
import type { PartStore } from "../storage/part-store.js";

/**
 * The bytes passed on at a time: a client of a waiting hub hears nothing for as long as one part takes
 * to arrive from the upstream (4 MiB: 4 s at 1 MB/s, inside huggingface_hub's 10 s read timeout).
 */
export const RELAY_PART_BYTES = 4 * 1024 * 1024;

/** How often a download that stands still asks again whether a hub waits for it. */
const WANTED_POLL_MS = 500;

interface RelayedBlob {
	sha256: string;
	size: number;
}

/** The parts a blob of `size` bytes is relayed in: every whole part before the one with its last byte. */
function relayedParts(size: number): number {
	return Math.floor((size - 1) / RELAY_PART_BYTES);
}

/** Where downloads are relayed: only hubs sharing a PostgreSQL database have others to relay to. */
export function relayPartsOf(deps: Pick<HubDeps, "blobStore" | "config">): PartStore | undefined {
	return deps.config.databaseUrl ? deps.blobStore.relayParts : undefined;
}

/**
 * Removes the parts of downloads no hub is making any more (one stopped mid-download, and no other
 * took it over): a download under way holds its blob's fetch lock. gc (services/gc.ts) calls it.
 */
export async function sweepAbandonedRelays(deps: Pick<HubDeps, "blobStore" | "config">): Promise<number> {
	const parts = relayPartsOf(deps);
	if (!parts) return 0;
	let removed = 0;
	for (const sha256 of await parts.uploads()) {
		const swept = await withBlobFetchLockIfFree(deps.config, sha256, () => parts.remove(sha256));
		if (!swept.locked) removed++;
	}
	return removed;
}

/** The downloading hub's side: its part file's whole parts copied to the shared store as they are written. */
export class RelayPublisher {
	/** Whole parts the part file holds, and those copied so far. */
	#whole = 0;
	#published = 0;
	#wanted = false;
	#stopped = false;
	/** A run of #publish is queued and has not started. */
	#scheduled = false;
	#queue: Promise<void>;
	/** A hub may begin to wait while the download stands still (a slow upstream): asked again meanwhile. */
	readonly #asking = setInterval(() => {
		if (!this.#wanted && this.#published < this.#whole) this.#schedule();
	}, WANTED_POLL_MS).unref();

	/** `wanted`: whether another hub waits for the blob now; asked at each new whole part, and every WANTED_POLL_MS, until one does. */
	constructor(
		readonly parts: PartStore,
		readonly blob: RelayedBlob,
		readonly partFile: string,
		readonly logger: Logger,
		readonly wanted: () => Promise<boolean>,
	) {
		// What a hub that stopped mid-download left: not this download's bytes.
		this.#queue = this.#attempt(() => parts.remove(blob.sha256));
	}

	/** The part file holds `bytes` now. */
	progress(bytes: number): void {
		const whole = Math.min(Math.floor(bytes / RELAY_PART_BYTES), relayedParts(this.blob.size));
		if (whole <= this.#whole) return;
		this.#whole = whole;
		this.#schedule();
	}

	#schedule(): void {
		if (this.#stopped || this.#scheduled) return;
		this.#scheduled = true;
		this.#queue = this.#queue.then(() => {
			this.#scheduled = false;
			return this.#attempt(() => this.#publish());
		});
	}

	/** Copies the whole parts not copied yet, once a hub wants them. */
	async #publish(): Promise<void> {
		if (this.#published >= this.#whole) return;
		this.#wanted ||= await this.wanted();
		while (this.#wanted && !this.#stopped && this.#published < this.#whole) {
			const number = this.#published + 1;
			const start = (number - 1) * RELAY_PART_BYTES;
			const bytes = createReadStream(this.partFile, { start, end: start + RELAY_PART_BYTES - 1 });
			await this.parts.put(this.blob.sha256, number, bytes, RELAY_PART_BYTES);
			this.#published = number;
		}
	}

	/** The download is over: the parts go once the ones under way are written. */
	async close(): Promise<void> {
		this.#stopped = true;
		clearInterval(this.#asking);
		await this.#queue;
		await this.parts.remove(this.blob.sha256).catch(() => undefined);
	}

	/** A store that fails ends the relay: the other hubs' clients then wait for the stored blob. */
	async #attempt(work: () => Promise<void>): Promise<void> {
		if (this.#stopped) return;
		try {
			await work();
		} catch (error) {
			if (this.#stopped) return;
			this.#stopped = true;
			// The part file moved into the store: the other hubs read the rest from there.
			if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
			this.logger.warn(`Could not pass a download on to the other hubs: ${(error as Error).message}`);
		}
	}
}

/** A waiting hub's side: the relayed parts appended to its own part file, then the rest from the store, checked. */
export class RelayFollower {
	#have = 0;
	readonly #hash = createHash("sha256");

	constructor(
		readonly parts: PartStore,
		readonly blob: RelayedBlob,
		readonly partFile: string,
		readonly onProgress: (bytes: number) => void,
	) {}

	/** Appends the parts relayed since the last call; true when there were any. */
	async catchUp(): Promise<boolean> {
		const before = this.#have;
		let output: FileHandle | undefined;
		try {
			for (;;) {
				const number = this.#have / RELAY_PART_BYTES + 1;
				if (number > relayedParts(this.blob.size)) break;
				const bytes = await this.#readPart(number);
				if (!bytes) break;
				if (!output) {
					await mkdir(dirname(this.partFile), { recursive: true, mode: 0o700 });
					output = await open(this.partFile, this.#have === 0 ? "w" : "a", 0o600);
				}
				await this.#append(output, bytes);
			}
		} finally {
			await output?.close();
		}
		return this.#have > before;
	}

	/**
	 * The blob is stored: appends what was not relayed from the store and checks the whole, which the
	 * caller then lets its readers read to the end. False when nothing was relayed (the clients read the
	 * store); a whole that does not match throws.
	 */
	async finish(store: BlobStore): Promise<boolean> {
		if (this.#have === 0) return false;
		const rest = await store.read(this.blob.sha256, { start: this.#have, end: this.blob.size - 1 });
		if (!rest) throw new HubError(502, "The mirrored file is missing after its download");
		const output = await open(this.partFile, "a", 0o600);
		try {
			const reader = rest.getReader();
			for (let next = await reader.read(); !next.done; next = await reader.read()) {
				await this.#append(output, next.value);
			}
		} finally {
			await output.close();
		}
		if (this.#have !== this.blob.size || this.#hash.digest("hex") !== this.blob.sha256) {
			throw new HubError(502, "The bytes another hub passed on do not match the file's sha256");
		}
		return true;
	}

	async remove(): Promise<void> {
		await rm(this.partFile, { force: true });
	}

	/** The part's bytes once it is there whole, else undefined (not written yet, or removed meanwhile). */
	async #readPart(number: number): Promise<Buffer | undefined> {
		try {
			if ((await this.parts.size(this.blob.sha256, number)) !== RELAY_PART_BYTES) return undefined;
			const chunks: Uint8Array[] = [];
			for await (const chunk of this.parts.read(this.blob.sha256, number)) chunks.push(chunk);
			const bytes = Buffer.concat(chunks);
			return bytes.byteLength === RELAY_PART_BYTES ? bytes : undefined;
		} catch {
			return undefined;
		}
	}

	/** In the file before the readers hear of it (they never read its last byte before `finish` checked it). */
	async #append(output: FileHandle, bytes: Uint8Array): Promise<void> {
		await output.write(bytes);
		this.#hash.update(bytes);
		this.#have += bytes.byteLength;
		this.onProgress(this.#have);
	}
}
