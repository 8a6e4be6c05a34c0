/**
 * Turns seed file contents into stored blobs, cheaply. Placeholder files (a
 * `size` and no `content`) share one blob per size; repeated strings (a README
 * template used by many synthetic models) are hashed and stored once. Both caches
 * are bounded, so a million-model seed does not grow memory without limit.
 */
import { gitBlobOid } from "../git-oid.js";
import type { BlobStore } from "../storage/blob-store.js";

/** Placeholders are written at their claimed size up to this many bytes; larger files get a capped stand-in. */
export const PLACEHOLDER_MAX_BYTES = 64 * 1024;
const CACHE_LIMIT = 10_000;
const CACHED_STRING_MAX_LENGTH = 16 * 1024;

export interface SeedBlob {
	sha256: string;
	/** Bytes actually stored. */
	storedSize: number;
	/** Git blob sha1 of the stored bytes. */
	gitOid: string;
}

const encoder = new TextEncoder();

function placeholderBytes(size: number): Uint8Array {
	const line = encoder.encode("hubkit sample placeholder: this file only stands in for real content\n");
	const bytes = new Uint8Array(size);
	for (let offset = 0; offset < size; offset += line.byteLength) {
		bytes.set(line.subarray(0, Math.min(line.byteLength, size - offset)), offset);
	}
	return bytes;
}

export class SeedBlobWriter {
	readonly #store: BlobStore;
	readonly #placeholders = new Map<number, Promise<SeedBlob>>();
	readonly #strings = new Map<string, Promise<SeedBlob>>();

	constructor(store: BlobStore) {
		this.#store = store;
	}

	async #put(bytes: Uint8Array): Promise<SeedBlob> {
		const stored = await this.#store.put(bytes);
		return { sha256: stored.sha256, storedSize: stored.size, gitOid: gitBlobOid(bytes) };
	}

	placeholder(claimedSize: number): Promise<SeedBlob> {
		const size = Math.min(Math.max(0, Math.floor(claimedSize)), PLACEHOLDER_MAX_BYTES);
		return cached(this.#placeholders, size, () => this.#put(placeholderBytes(size)));
	}

	content(content: string | Uint8Array): Promise<SeedBlob> {
		if (typeof content !== "string") return this.#put(content);
		if (content.length > CACHED_STRING_MAX_LENGTH) return this.#put(encoder.encode(content));
		return cached(this.#strings, content, () => this.#put(encoder.encode(content)));
	}
}

function cached<K>(cache: Map<K, Promise<SeedBlob>>, key: K, make: () => Promise<SeedBlob>): Promise<SeedBlob> {
	let blob = cache.get(key);
	if (!blob) {
		if (cache.size >= CACHE_LIMIT) cache.clear();
		blob = make();
		cache.set(key, blob);
		blob.catch(() => cache.delete(key));
	}
	return blob;
}
