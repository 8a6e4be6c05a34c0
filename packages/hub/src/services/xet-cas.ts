/**
 * The hub's Xet CAS (content-addressed storage), upload side. hf_xet sends xorbs (compressed
 * chunks, verified here chunk by chunk before they are kept) and then a shard that says which
 * chunks of which xorbs make each file, with the file's sha256.
 *
 * Storage model, "materialise": when a shard arrives, each file it describes is rebuilt from the
 * stored xorbs, its Xet file hash checked (`verifyShardFile`) and its sha256 checked by hashing
 * the rebuilt bytes as they stream into the blob store, where it becomes an ordinary blob. The
 * repository the token names then holds the same claim an LFS upload gives (lfs-objects.ts), so
 * the commit route takes its `lfsFile` line unchanged and every read path (resolve, git, mirror,
 * backup, the local runtime) serves it as any other file. Xorbs are kept too, as blobs found by
 * their Xet hash, with what reads and dedupe need to know of them (services/xet-store.ts).
 *
 * Xorbs are shared by every repository (global dedupe, services/xet-dedupe.ts, tells a client
 * which stored xorb holds a chunk it has), so a shard may name any stored xorb. What keeps another
 * repository's private file private: a file is claimed only when its terms carry the verification
 * hash of each chunk range (which needs the raw chunk hashes, i.e. the data: dedupe answers give
 * only keyed hashes) and its rebuilt bytes hash to the sha256 the shard names. A client that does
 * not hold the file's bytes can make neither, and a refused file claims nothing.
 */
import type { Kysely } from "kysely";
import type { HubConfig } from "../config.js";
import type { Database } from "../db/schema.js";
import { HubError } from "../errors.js";
import { BlobMismatchError, type BlobStore, type StoredBlob } from "../storage/blob-store.js";
import { XetFormatError } from "../xet/format-error.js";
import { type ChunkRef, hashFromHex, hashToHex, type XetHash } from "../xet/hash.js";
import { parseShard, type ShardFile, verifyShardFile } from "../xet/shard.js";
import { parseXorb, readXorbChunk } from "../xet/xorb.js";
import { recordObject } from "./lfs-objects.js";
import { StorageBudget } from "./quota.js";
import type { Repo } from "./repos.js";
import { type IndexedChunk, type StoredXorb, XetStore } from "./xet-store.js";

/** A refused Xet object: a 400 whose body says which check failed (`xetError`, xet/format-error.ts). */
export function xetRefusal(error: XetFormatError): HubError {
	return new HubError(400, `Xet: ${error.message}`, { code: "InvalidXetObject", fields: { xetError: error.code } });
}

/** Runs `work`, answering a format error as the 400 above. */
export async function refusingBadFormat<T>(work: () => Promise<T>): Promise<T> {
	try {
		return await work();
	} catch (error) {
		if (error instanceof XetFormatError) throw xetRefusal(error);
		throw error;
	}
}

export interface XetCasDeps {
	db: Kysely<Database>;
	blobStore: BlobStore;
	config: Pick<HubConfig, "storageQuotaBytes">;
}

export class XetCas {
	readonly #db: Kysely<Database>;
	readonly #blobStore: BlobStore;
	readonly #config: XetCasDeps["config"];
	readonly #store: XetStore;

	constructor(deps: XetCasDeps) {
		this.#db = deps.db;
		this.#blobStore = deps.blobStore;
		this.#config = deps.config;
		this.#store = new XetStore(deps.db, deps.blobStore);
	}

	/**
	 * Stores a xorb sent to `POST /v1/xorbs/default/{hash}` for `namespace` (the repository
	 * owner its token names) once its chunks hash to `hashHex`; a new xorb that would take the
	 * namespace over its storage quota is a 413. Sent again, it is kept once (`wasInserted`
	 * says whether this call stored it) and its bytes written again: that moves the blob's date
	 * on, so gc's grace period covers the shard that follows.
	 */
	async putXorb(hashHex: string, bytes: Uint8Array, namespace: string): Promise<{ wasInserted: boolean }> {
		return await refusingBadFormat(async () => {
			const expected = hashFromHex(hashHex);
			const hash = hashToHex(expected);
			const parsed = await parseXorb(bytes, expected);
			const known = await this.#store.xorb(hash);
			if (known && (await this.#blobStore.size(known.blobSha256)) === known.size) {
				await this.#blobStore.put(bytes);
				return { wasInserted: false };
			}
			await new StorageBudget(this.#db, this.#config, namespace).add([{ size: bytes.length }]);
			const stored = await this.#blobStore.put(bytes);
			await this.#store.recordXorb(hash, stored, parsed.chunks, namespace);
			return { wasInserted: true };
		});
	}

	/**
	 * Takes a shard sent to `POST /v1/shards` for `repo`: every xorb it names must be stored, every
	 * file must rebuild to its Xet hash and its sha256; then each file is a blob the repository may
	 * commit. One file refused refuses the shard, and nothing is claimed.
	 */
	async putShard(repo: Repo, bytes: Uint8Array): Promise<StoredBlob[]> {
		return await refusingBadFormat(async () => {
			const shard = parseShard(bytes);
			const xorbs = new XorbReader(this.#store);
			for (const xorb of shard.xorbs) {
				if (!(await xorbs.chunks(xorb.xorbHash))) {
					throw new XetFormatError(
						"bad-section",
						`the shard names xorb ${hashToHex(xorb.xorbHash)}, which is not stored`,
					);
				}
			}
			const files: { file: ShardFile; sha256: string; size: number }[] = [];
			for (const file of shard.files) {
				await verifyShardFile(file, (hash) => xorbs.chunks(hash));
				if (!file.sha256) {
					throw new XetFormatError(
						"bad-section",
						`file ${hashToHex(file.fileHash)} carries no sha256 (metadata extension)`,
					);
				}
				files.push({ file, sha256: file.sha256, size: file.terms.reduce((sum, term) => sum + term.size, 0) });
			}
			// The files, and the xorbs they are made of that the namespace does not hold yet (another's).
			const xorbAdditions = [];
			for (const term of files.flatMap(({ file }) => file.terms)) {
				const stored = await xorbs.stored(term.xorbHash);
				if (stored) xorbAdditions.push({ sha256: stored.blobSha256, size: stored.size });
			}
			await new StorageBudget(this.#db, this.#config, repo.author).add([
				...files.map(({ sha256, size }) => ({ sha256, size })),
				...xorbAdditions,
			]);
			const stored: StoredBlob[] = [];
			for (const { file, sha256, size } of files) {
				try {
					stored.push(await this.#blobStore.putStream(xorbs.rebuild(file), { sha256, size }));
				} catch (error) {
					if (!(error instanceof BlobMismatchError)) throw error;
					throw new XetFormatError(
						error.field === "sha256" ? "hash-mismatch" : "size-mismatch",
						`file ${hashToHex(file.fileHash)} rebuilds to other bytes than the sha256 its shard names (${error.message})`,
					);
				}
			}
			await this.#store.recordFiles(files);
			await this.#store.recordDedupeChunks(await xorbs.firstChunks(files.map(({ file }) => file)));
			for (const blob of stored) await recordObject(this.#db, repo.key, blob.sha256, blob.size);
			return stored;
		});
	}
}

/**
 * Stored xorbs as one shard's checks need them: chunk lists from the index, and the bytes of one
 * xorb at a time held while a file is rebuilt (a xorb is at most 65 MiB; files are streamed,
 * never held whole).
 */
class XorbReader {
	readonly #xorbs = new Map<string, StoredXorb | undefined>();

	constructor(private readonly store: XetStore) {}

	async #xorb(hex: string): Promise<StoredXorb | undefined> {
		if (!this.#xorbs.has(hex)) this.#xorbs.set(hex, await this.store.xorb(hex));
		return this.#xorbs.get(hex);
	}

	stored(hash: XetHash): Promise<StoredXorb | undefined> {
		return this.#xorb(hashToHex(hash));
	}

	async chunks(hash: XetHash): Promise<ChunkRef[] | undefined> {
		const xorb = await this.#xorb(hashToHex(hash));
		return xorb?.chunks.map((chunk) => ({ hash: hashFromHex(chunk.hash), size: chunk.size }));
	}

	/**
	 * The first chunk of each file with the xorb holding it: hf_xet asks global dedupe about a
	 * file's first chunk whatever its hash, so the index must know it (xet-dedupe.ts).
	 */
	async firstChunks(files: readonly ShardFile[]): Promise<{ chunkHash: string; xorbHash: string }[]> {
		const found: { chunkHash: string; xorbHash: string }[] = [];
		for (const file of files) {
			const term = file.terms[0];
			const chunk = term && (await this.#xorb(hashToHex(term.xorbHash)))?.chunks[term.chunkStart];
			if (term && chunk) found.push({ chunkHash: chunk.hash, xorbHash: hashToHex(term.xorbHash) });
		}
		return found;
	}

	/** The file's bytes, chunk after chunk, as its terms name them (checked by verifyShardFile first). */
	async *rebuild(file: ShardFile): AsyncGenerator<Uint8Array> {
		let current: { hex: string; bytes: Uint8Array; xorb: StoredXorb } | undefined;
		for (const term of file.terms) {
			const hex = hashToHex(term.xorbHash);
			if (current?.hex !== hex) {
				const xorb = await this.#xorb(hex);
				const bytes = xorb && (await this.store.xorbBytes(xorb.blobSha256));
				if (!xorb || !bytes) throw new XetFormatError("bad-section", `xorb ${hex} is not stored`);
				current = { hex, bytes, xorb };
			}
			for (let index = term.chunkStart; index < term.chunkEnd; index++) {
				yield readXorbChunk(current.bytes, (current.xorb.chunks[index] as IndexedChunk).offset).data;
			}
		}
	}
}
