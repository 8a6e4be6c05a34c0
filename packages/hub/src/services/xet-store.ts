/**
 * What the hub keeps about Xet objects besides their bytes, and the one place that reads and
 * writes it: each xorb's chunk index (so reads and dedupe answers never re-parse a xorb), each
 * file a shard made (its Xet hash, sha256, size and terms), and which xorb holds each chunk a
 * client may ask global dedupe about. The bytes themselves are blobs (services/xet-cas.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { badRequest } from "../errors.js";
import { readStreamLimited } from "../lib/streams.js";
import type { BlobStore } from "../storage/blob-store.js";
import { hashFromHex, hashToHex, isGlobalDedupEligible } from "../xet/hash.js";
import type { ShardFile } from "../xet/shard.js";
import { MAX_XORB_BYTES, parseXorb, type XorbChunk } from "../xet/xorb.js";

/** One chunk of a stored xorb. */
export interface IndexedChunk {
	/** hashToHex form. */
	hash: string;
	/** Where its header starts in the serialized xorb. */
	offset: number;
	/** Header plus compressed data. */
	byteLength: number;
	/** Uncompressed bytes. */
	size: number;
}

export interface StoredXorb {
	hash: string;
	blobSha256: string;
	/** Serialized bytes. */
	size: number;
	chunks: IndexedChunk[];
}

/** One term of a stored file: chunks [chunkStart, chunkEnd) of a xorb, `size` bytes uncompressed. */
export interface StoredTerm {
	xorbHash: string;
	chunkStart: number;
	chunkEnd: number;
	size: number;
}

export interface StoredXetFile {
	fileHash: string;
	sha256: string;
	size: number;
	terms: StoredTerm[];
}

/** Stored as columns of parallel arrays: a xorb has up to a few thousand chunks. */
interface ChunkIndexJson {
	hashes: string[];
	offsets: number[];
	sizes: number[];
	/** Where the chunk sequence ends (a footer, if any, starts there). */
	end: number;
}

function encodeIndex(chunks: readonly XorbChunk[]): string {
	const last = chunks[chunks.length - 1];
	const json: ChunkIndexJson = {
		hashes: chunks.map((chunk) => hashToHex(chunk.hash)),
		offsets: chunks.map((chunk) => chunk.offset),
		sizes: chunks.map((chunk) => chunk.size),
		end: last ? last.offset + last.byteLength : 0,
	};
	return JSON.stringify(json);
}

function decodeIndex(text: string): IndexedChunk[] {
	const json = JSON.parse(text) as ChunkIndexJson;
	return json.hashes.map((hash, index) => {
		const offset = json.offsets[index] as number;
		const next = index + 1 < json.offsets.length ? (json.offsets[index + 1] as number) : json.end;
		return { hash, offset, byteLength: next - offset, size: json.sizes[index] as number };
	});
}

export class XetStore {
	constructor(
		private readonly db: Kysely<Database>,
		private readonly blobStore: BlobStore,
	) {}

	/**
	 * Records a verified xorb stored as blob `blobSha256`, with its chunks and their dedupe entries;
	 * `namespace` uploaded it (charged for it until a shard names it, services/quota.ts).
	 */
	async recordXorb(
		hash: string,
		blob: { sha256: string; size: number },
		chunks: readonly XorbChunk[],
		namespace?: string,
	): Promise<void> {
		const chunkIndex = encodeIndex(chunks);
		await this.db
			.insertInto("xet_xorbs")
			.values({
				hash,
				blob_sha256: blob.sha256,
				size: blob.size,
				created_at: new Date().toISOString(),
				chunk_index: chunkIndex,
				...(namespace !== undefined ? { namespace } : {}),
			})
			.onConflict((conflict) =>
				conflict.column("hash").doUpdateSet({ blob_sha256: blob.sha256, size: blob.size, chunk_index: chunkIndex }),
			)
			.execute();
		const eligible = chunks.filter((chunk) => isGlobalDedupEligible(chunk.hash));
		await this.recordDedupeChunks(eligible.map((chunk) => ({ chunkHash: hashToHex(chunk.hash), xorbHash: hash })));
	}

	/**
	 * Lets global dedupe answer for each chunk (hashToHex form) with the xorb holding it; a chunk
	 * already indexed keeps its first xorb.
	 */
	async recordDedupeChunks(entries: readonly { chunkHash: string; xorbHash: string }[]): Promise<void> {
		for (const { chunkHash, xorbHash } of entries) {
			await this.db
				.insertInto("xet_dedupe_chunks")
				.values({ chunk_hash: chunkHash, xorb_hash: xorbHash })
				.onConflict((conflict) => conflict.column("chunk_hash").doNothing())
				.execute();
		}
	}

	/**
	 * A stored xorb with its chunk index, or undefined when it is not stored (or its blob is gone).
	 * A row from before the index existed is parsed once and completed.
	 */
	async xorb(hash: string): Promise<StoredXorb | undefined> {
		const row = await this.db.selectFrom("xet_xorbs").selectAll().where("hash", "=", hash).executeTakeFirst();
		if (!row) return undefined;
		const size = Number(row.size);
		if (row.chunk_index) {
			return { hash, blobSha256: row.blob_sha256, size, chunks: decodeIndex(row.chunk_index) };
		}
		const bytes = await this.xorbBytes(row.blob_sha256);
		if (!bytes) return undefined;
		const parsed = await parseXorb(bytes, hashFromHex(hash));
		await this.recordXorb(hash, { sha256: row.blob_sha256, size }, parsed.chunks);
		return { hash, blobSha256: row.blob_sha256, size, chunks: decodeIndex(encodeIndex(parsed.chunks)) };
	}

	/** The serialized bytes of the xorb stored as blob `blobSha256` (at most 65 MiB). */
	async xorbBytes(blobSha256: string): Promise<Uint8Array | undefined> {
		const stream = await this.blobStore.read(blobSha256);
		if (!stream) return undefined;
		const bytes = await readStreamLimited(stream, MAX_XORB_BYTES);
		if (bytes === "too-large") throw badRequest(`Stored xorb blob ${blobSha256} is larger than a xorb may be`);
		return bytes;
	}

	/** Records the files a verified shard made (sha256 checked against the rebuilt bytes). */
	async recordFiles(files: readonly { file: ShardFile; sha256: string; size: number }[]): Promise<void> {
		for (const { file, sha256, size } of files) {
			const terms = file.terms.map((term) => [hashToHex(term.xorbHash), term.chunkStart, term.chunkEnd, term.size]);
			await this.db
				.insertInto("xet_files")
				.values({
					file_hash: hashToHex(file.fileHash),
					sha256,
					size,
					terms: JSON.stringify(terms),
					created_at: new Date().toISOString(),
				})
				.onConflict((conflict) => conflict.column("file_hash").doNothing())
				.execute();
			const xorbs = new Set(terms.map(([xorbHash]) => xorbHash as string));
			if (xorbs.size === 0) continue;
			await this.db
				.insertInto("xet_file_xorbs")
				.values([...xorbs].map((xorbHash) => ({ file_hash: hashToHex(file.fileHash), xorb_hash: xorbHash })))
				.onConflict((conflict) => conflict.columns(["file_hash", "xorb_hash"]).doNothing())
				.execute();
		}
	}

	async file(fileHash: string): Promise<StoredXetFile | undefined> {
		const row = await this.db.selectFrom("xet_files").selectAll().where("file_hash", "=", fileHash).executeTakeFirst();
		return row && toStoredFile(row);
	}

	/** The Xet hash of the file stored as `sha256`, for each of `sha256s` that one exists for. */
	async fileHashesBySha256(sha256s: readonly string[]): Promise<Map<string, string>> {
		const found = new Map<string, string>();
		const unique = [...new Set(sha256s)];
		for (let start = 0; start < unique.length; start += 500) {
			const rows = await this.db
				.selectFrom("xet_files")
				.select(["sha256", "file_hash"])
				.where("sha256", "in", unique.slice(start, start + 500))
				.orderBy("file_hash")
				.execute();
			for (const row of rows) if (!found.has(row.sha256)) found.set(row.sha256, row.file_hash);
		}
		return found;
	}

	/** The xorb holding chunk `chunkHash`, when the chunk is one global dedupe indexes. */
	async xorbHoldingChunk(chunkHash: string): Promise<string | undefined> {
		const row = await this.db
			.selectFrom("xet_dedupe_chunks")
			.select("xorb_hash")
			.where("chunk_hash", "=", chunkHash)
			.executeTakeFirst();
		return row?.xorb_hash;
	}
}

function toStoredFile(row: { file_hash: string; sha256: string; size: number; terms: string }): StoredXetFile {
	const terms = (JSON.parse(row.terms) as [string, number, number, number][]).map(
		([xorbHash, chunkStart, chunkEnd, size]) => ({ xorbHash, chunkStart, chunkEnd, size }),
	);
	return { fileHash: row.file_hash, sha256: row.sha256, size: Number(row.size), terms };
}

/*
 * What gc (services/blob-references.ts, services/gc.ts) and the quota (services/quota.ts) ask of
 * the rows above, from the blobs' side: they need the database only.
 */

/** Rows of an `in` list asked at a time. */
const IN_BATCH = 500;

function inBatches<T>(values: readonly T[]): T[][] {
	const unique = [...new Set(values)];
	const batches: T[][] = [];
	for (let start = 0; start < unique.length; start += IN_BATCH) batches.push(unique.slice(start, start + IN_BATCH));
	return batches;
}

export interface XorbBlob {
	hash: string;
	blobSha256: string;
	size: number;
}

/** The xorbs stored as one of the blobs `blobSha256s`, with when a dedupe answer last named each (ISO). */
export async function xorbsStoredAs(
	db: Kysely<Database>,
	blobSha256s: readonly string[],
): Promise<(XorbBlob & { offeredAt: string | null })[]> {
	const found: (XorbBlob & { offeredAt: string | null })[] = [];
	for (const batch of inBatches(blobSha256s)) {
		const rows = await db
			.selectFrom("xet_xorbs")
			.select(["hash", "blob_sha256", "size", "offered_at"])
			.where("blob_sha256", "in", batch)
			.execute();
		for (const row of rows) {
			found.push({
				hash: row.hash,
				blobSha256: row.blob_sha256,
				size: Number(row.size),
				offeredAt: row.offered_at ?? null,
			});
		}
	}
	return found;
}

/** For each of `xorbHashes` some file is made from, the sha256s of those files. */
export async function fileSha256sUsing(
	db: Kysely<Database>,
	xorbHashes: readonly string[],
): Promise<Map<string, string[]>> {
	const found = new Map<string, string[]>();
	for (const batch of inBatches(xorbHashes)) {
		const rows = await db
			.selectFrom("xet_file_xorbs")
			.innerJoin("xet_files", "xet_files.file_hash", "xet_file_xorbs.file_hash")
			.select(["xet_file_xorbs.xorb_hash", "xet_files.sha256"])
			.where("xet_file_xorbs.xorb_hash", "in", batch)
			.execute();
		for (const row of rows) found.set(row.xorb_hash, [...(found.get(row.xorb_hash) ?? []), row.sha256]);
	}
	return found;
}

/** The xorbs the files stored as `sha256s` are made of. */
export async function xorbsOfFiles(db: Kysely<Database>, sha256s: readonly string[]): Promise<XorbBlob[]> {
	const found = new Map<string, XorbBlob>();
	for (const batch of inBatches(sha256s)) {
		const rows = await db
			.selectFrom("xet_files")
			.innerJoin("xet_file_xorbs", "xet_file_xorbs.file_hash", "xet_files.file_hash")
			.innerJoin("xet_xorbs", "xet_xorbs.hash", "xet_file_xorbs.xorb_hash")
			.select(["xet_xorbs.hash", "xet_xorbs.blob_sha256", "xet_xorbs.size"])
			.where("xet_files.sha256", "in", batch)
			.execute();
		for (const row of rows)
			found.set(row.hash, { hash: row.hash, blobSha256: row.blob_sha256, size: Number(row.size) });
	}
	return [...found.values()];
}

/** The xorbs `namespace` uploaded that no stored file is made from (yet). */
export async function unnamedXorbsOf(db: Kysely<Database>, namespace: string): Promise<XorbBlob[]> {
	const rows = await db
		.selectFrom("xet_xorbs")
		.select(["hash", "blob_sha256", "size"])
		.where("namespace", "=", namespace)
		.where((eb) =>
			eb.not(
				eb.exists(
					eb
						.selectFrom("xet_file_xorbs")
						.select("xet_file_xorbs.xorb_hash")
						.whereRef("xet_file_xorbs.xorb_hash", "=", "xet_xorbs.hash"),
				),
			),
		)
		.execute();
	return rows.map((row) => ({ hash: row.hash, blobSha256: row.blob_sha256, size: Number(row.size) }));
}

/**
 * Forgets what pointed at blobs gc removed: xorbs stored as one of them (their rows, their dedupe
 * entries and every file made from them, which no read may then reconstruct), and files whose
 * sha256 is one of them.
 */
export async function forgetRemovedBlobs(db: Kysely<Database>, blobSha256s: readonly string[]): Promise<void> {
	for (const batch of inBatches(blobSha256s)) {
		const xorbs = (await xorbsStoredAs(db, batch)).map((xorb) => xorb.hash);
		const files = new Set(
			(await db.selectFrom("xet_files").select("file_hash").where("sha256", "in", batch).execute()).map(
				(row) => row.file_hash,
			),
		);
		if (xorbs.length > 0) {
			const using = await db.selectFrom("xet_file_xorbs").select("file_hash").where("xorb_hash", "in", xorbs).execute();
			for (const row of using) files.add(row.file_hash);
			await db.deleteFrom("xet_dedupe_chunks").where("xorb_hash", "in", xorbs).execute();
			await db.deleteFrom("xet_xorbs").where("hash", "in", xorbs).execute();
		}
		for (const fileBatch of inBatches([...files])) {
			await db.deleteFrom("xet_file_xorbs").where("file_hash", "in", fileBatch).execute();
			await db.deleteFrom("xet_files").where("file_hash", "in", fileBatch).execute();
		}
	}
}
