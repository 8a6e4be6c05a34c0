/**
 * Xet global dedupe (`GET /v1/chunks/{prefix}/{hash}`): for a chunk the hub indexed, a shard
 * (Xet specification, "Shard Format", global deduplication) whose CAS section describes the xorb
 * holding it, so hf_xet references that xorb's chunks in its own shard instead of uploading them.
 * The index (xet_dedupe_chunks, services/xet-store.ts) holds every chunk whose hash is 0 modulo
 * 1024 and the first chunk of every uploaded file: the chunks hf_xet asks about.
 *
 * The answer's chunk hashes are keyed (BLAKE3 keyed with the footer's key, as the spec's "HMAC"):
 * a client finds the chunks it already has by keying its own hashes, and learns nothing of the
 * others. The key is derived per xorb from a secret every hub on the database shares
 * (oauth-keys.ts `derivedSecret`): several hubs give the same answer and keep no state, and the same
 * chunk gets different keyed hashes in different xorbs, so answers cannot be joined to tell which
 * xorbs share data. What a stored xorb may be used for once named: services/xet-cas.ts.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { BlobStore } from "../storage/blob-store.js";
import { hashFromHex, hashToHex, keyedHash, keyedHashes } from "../xet/hash.js";
import { type ShardXorbChunk, serializeShard } from "../xet/shard.js";
import { derivedSecret } from "./oauth-keys.js";
import { XetStore } from "./xet-store.js";

/** How long a client may dedupe against an answer (the footer's key expiry); it then asks again. */
export const DEDUPE_ANSWER_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

const KEY_PURPOSE = "hubkit xet global dedupe chunk key";

export class XetDedupe {
	readonly #db: Kysely<Database>;
	readonly #store: XetStore;

	constructor(deps: { db: Kysely<Database>; blobStore: BlobStore }) {
		this.#db = deps.db;
		this.#store = new XetStore(deps.db, deps.blobStore);
	}

	/** The key the chunk hashes of an answer describing xorb `xorbHash` (hashToHex form) are keyed with. */
	async chunkHashKey(xorbHash: string): Promise<Uint8Array> {
		return await keyedHash(hashFromHex(xorbHash), await derivedSecret(this.#db, KEY_PURPOSE));
	}

	/**
	 * The shard answering a query for `chunkHash` (hashToHex form; a malformed one is a `bad-hash`
	 * format error), or undefined when no stored xorb is indexed under it.
	 */
	async answer(chunkHash: string, now = new Date()): Promise<Uint8Array | undefined> {
		const xorbHash = await this.#store.xorbHoldingChunk(hashToHex(hashFromHex(chunkHash)));
		const xorb = xorbHash ? await this.#store.xorb(xorbHash) : undefined;
		if (!xorb) return undefined;
		// A client may name this xorb in shards for as long as the answer lives: gc keeps it that long.
		await this.#db
			.updateTable("xet_xorbs")
			.set({ offered_at: now.toISOString() })
			.where("hash", "=", xorb.hash)
			.execute();
		const key = await this.chunkHashKey(xorb.hash);
		const keyed = await keyedHashes(
			xorb.chunks.map((chunk) => hashFromHex(chunk.hash)),
			key,
		);
		const chunks: ShardXorbChunk[] = [];
		let start = 0;
		for (const [index, chunk] of xorb.chunks.entries()) {
			chunks.push({ hash: keyed[index] as Uint8Array, start, size: chunk.size });
			start += chunk.size;
		}
		const createdAt = Math.floor(now.getTime() / 1000);
		return serializeShard(
			{ files: [], xorbs: [{ xorbHash: hashFromHex(xorb.hash), size: start, bytesOnDisk: xorb.size, chunks }] },
			{ footer: { chunkHashKey: key, createdAt, keyExpiry: createdAt + DEDUPE_ANSWER_LIFETIME_SECONDS } },
		);
	}
}
