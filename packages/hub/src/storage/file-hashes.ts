/**
 * The two ids a repository file has — the sha256 of its bytes (its blob address,
 * and its LFS oid) and its git blob id (sha1 over a `blob <size>\0` header) —
 * computed in one streaming pass, so a file of any size is read once and never
 * held in memory.
 */
import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";

export interface FileHashes {
	size: number;
	sha256: string;
	/** Git blob id: sha1("blob <size>\0" + bytes). */
	gitOid: string;
}

/** Hashes fed chunk by chunk; the git header needs the size first, so it is given up front. */
export class FileHasher {
	readonly #sha256: Hash = createHash("sha256");
	readonly #sha1: Hash;
	#seen = 0;

	constructor(readonly size: number) {
		this.#sha1 = createHash("sha1").update(`blob ${size}\0`);
	}

	update(chunk: Uint8Array): void {
		this.#sha256.update(chunk);
		this.#sha1.update(chunk);
		this.#seen += chunk.byteLength;
	}

	/** The ids, or an error when the bytes seen are not the size announced. */
	digest(): FileHashes {
		if (this.#seen !== this.size) throw new Error(`Read ${this.#seen} bytes where ${this.size} were expected`);
		return { size: this.size, sha256: this.#sha256.digest("hex"), gitOid: this.#sha1.digest("hex") };
	}
}

export async function hashFile(path: string): Promise<FileHashes> {
	const { size } = await stat(path);
	const hasher = new FileHasher(size);
	for await (const chunk of createReadStream(path)) hasher.update(chunk as Buffer);
	return hasher.digest();
}
