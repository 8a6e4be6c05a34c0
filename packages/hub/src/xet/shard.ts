/**
 * Shards (Xet specification 1.0.0, "Shard Format"): a 48-byte header, the file info section
 * (per file: a header, its terms, a verification entry per term, the metadata extension with
 * the sha256), the CAS info section (per xorb: a header and one entry per chunk), each ended by
 * a bookend, then a 200-byte footer that uploads leave out. Every record is 48 bytes and every
 * integer little-endian. A shard with a footer (a dedupe answer) also carries, between its CAS
 * section and the footer, the lookup tables hf_xet searches it with (the footer's fields the
 * specification calls reserved): files, xorbs and chunks by their hash's first 8 bytes, sorted. Parsing checks the structure only; `verifyShardFile` checks a file's
 * terms against the xorbs they name.
 */
import { XetFormatError } from "./format-error.js";
import {
	type ChunkRef,
	fileHash,
	HASH_BYTES,
	hashesEqual,
	hashFromHex,
	hashToHex,
	verificationHash,
	type XetHash,
} from "./hash.js";

const HEADER_TAG = Uint8Array.from([
	72, 70, 82, 101, 112, 111, 77, 101, 116, 97, 68, 97, 116, 97, 0, 85, 105, 103, 69, 106, 123, 129, 87, 131, 165, 189,
	217, 92, 205, 209, 74, 169,
]);
const HEADER_VERSION = 2;
const HEADER_BYTES = 48;
const RECORD_BYTES = 48;
const FOOTER_VERSION = 1;
export const SHARD_FOOTER_BYTES = 200;
const WITH_VERIFICATION = 0x80000000;
const WITH_METADATA_EXT = 0x40000000;

/** One term of a file: chunks [chunkStart, chunkEnd) of a xorb. */
export interface ShardTerm {
	xorbHash: XetHash;
	/** Uncompressed bytes of the term. */
	size: number;
	chunkStart: number;
	chunkEnd: number;
	/** The term's verification hash, when the shard has them (uploads must). */
	verification?: XetHash;
}

export interface ShardFile {
	fileHash: XetHash;
	terms: ShardTerm[];
	/**
	 * The file's sha256 (lowercase hex, the git-lfs oid) from the metadata extension, when present.
	 * The shard stores it like every Xet hash, each 8-byte group reversed.
	 */
	sha256?: string;
}

export interface ShardXorbChunk {
	hash: XetHash;
	/** Where the chunk starts in the xorb's uncompressed content. */
	start: number;
	size: number;
}

export interface ShardXorb {
	xorbHash: XetHash;
	/** Uncompressed bytes of all its chunks. */
	size: number;
	/** Serialized length; hf_xet 1.6 sends 0 here. */
	bytesOnDisk: number;
	chunks: ShardXorbChunk[];
}

export interface ShardFooter {
	/** Non-zero in dedupe answers: the CAS section's chunk hashes are keyed with it. */
	chunkHashKey: XetHash;
	createdAt: number;
	keyExpiry: number;
}

export interface Shard {
	files: ShardFile[];
	xorbs: ShardXorb[];
	footer?: ShardFooter;
}

export function parseShard(bytes: Uint8Array): Shard {
	const reader = new Reader(bytes);
	const tag = reader.bytes(32);
	if (!tag.every((byte, i) => byte === HEADER_TAG[i])) throw bad("bad-header", "not a Xet shard (wrong magic tag)");
	if (reader.u64() !== HEADER_VERSION) throw bad("bad-header", `shard header version is not ${HEADER_VERSION}`);
	const footerSize = reader.u64();
	if (footerSize !== 0 && footerSize !== SHARD_FOOTER_BYTES)
		throw bad("bad-header", `a shard footer of ${footerSize} bytes`);
	const sectionsEnd = bytes.length - footerSize;
	if (sectionsEnd < HEADER_BYTES) throw bad("truncated", "the shard ends inside its header");

	const files: ShardFile[] = [];
	let verified: boolean | undefined;
	for (;;) {
		const fileHash = reader.hash();
		const flags = reader.u32();
		const count = reader.u32();
		reader.skip(8);
		if (isBookend(fileHash)) {
			if (flags !== 0 || count !== 0)
				throw bad("bad-section", "the file section's bookend is not all zeros after its hash");
			break;
		}
		if (flags & ~(WITH_VERIFICATION | WITH_METADATA_EXT)) throw bad("bad-section", `unknown file flags ${flags >>> 0}`);
		const hasVerification = (flags & WITH_VERIFICATION) !== 0;
		if (verified !== undefined && verified !== hasVerification) {
			throw bad("bad-section", "either every file of a shard has verification entries or none has");
		}
		verified = hasVerification;
		reader.expectRecords(count, sectionsEnd);
		const terms: ShardTerm[] = [];
		for (let i = 0; i < count; i++) {
			const xorbHash = reader.hash();
			reader.skip(4);
			const size = reader.u32();
			const chunkStart = reader.u32();
			const chunkEnd = reader.u32();
			if (chunkEnd <= chunkStart)
				throw bad("bad-section", `a term's chunk range [${chunkStart}, ${chunkEnd}) is empty`);
			terms.push({ xorbHash, size, chunkStart, chunkEnd });
		}
		if (hasVerification) {
			reader.expectRecords(count, sectionsEnd);
			for (const term of terms) {
				term.verification = reader.hash();
				reader.skip(16);
			}
		}
		const file: ShardFile = { fileHash, terms };
		if (flags & WITH_METADATA_EXT) {
			file.sha256 = hashToHex(reader.hash());
			reader.skip(16);
		}
		files.push(file);
	}

	const casInfoOffset = reader.at;
	const xorbs: ShardXorb[] = [];
	for (;;) {
		const xorbHash = reader.hash();
		reader.skip(4);
		const count = reader.u32();
		const size = reader.u32();
		const bytesOnDisk = reader.u32();
		if (isBookend(xorbHash)) {
			if (count !== 0 || size !== 0 || bytesOnDisk !== 0)
				throw bad("bad-section", "the xorb section's bookend is not all zeros after its hash");
			break;
		}
		reader.expectRecords(count, sectionsEnd);
		const chunks: ShardXorbChunk[] = [];
		for (let i = 0; i < count; i++) {
			const hash = reader.hash();
			const start = reader.u32();
			const chunkSize = reader.u32();
			reader.skip(8);
			chunks.push({ hash, start, size: chunkSize });
		}
		xorbs.push({ xorbHash, size, bytesOnDisk, chunks });
	}
	if (footerSize === 0) {
		if (reader.at !== sectionsEnd) throw bad("bad-section", "bytes follow the shard's xorb section");
		return { files, xorbs };
	}
	const lookupsStart = reader.at;
	reader.at = sectionsEnd;
	return { files, xorbs, footer: readFooter(reader, casInfoOffset, lookupsStart, sectionsEnd) };
}

/** Bytes per lookup entry: a truncated hash, then one u32 index (files, xorbs) or two (chunks). */
const LOOKUP_BYTES = { file: 12, xorb: 12, chunk: 16 } as const;

/**
 * The footer: version, section offsets, the three lookup tables (offset, entries), key,
 * timestamps, 48 reserved bytes, three byte counts, its own offset.
 */
function readFooter(reader: Reader, casStart: number, lookupsStart: number, start: number): ShardFooter {
	if (reader.u64() !== FOOTER_VERSION) throw bad("bad-footer", `shard footer version is not ${FOOTER_VERSION}`);
	const fileInfoOffset = reader.u64();
	const casInfoOffset = reader.u64();
	for (const kind of ["file", "xorb", "chunk"] as const) {
		const offset = reader.u64();
		const entries = reader.u64();
		if (entries > 0 && (offset < lookupsStart || offset + entries * LOOKUP_BYTES[kind] > start)) {
			throw bad("bad-footer", `the shard's ${kind} lookup table lies outside its lookup section`);
		}
	}
	const chunkHashKey = reader.hash();
	const createdAt = reader.u64();
	const keyExpiry = reader.u64();
	reader.skip(72);
	const footerOffset = reader.u64();
	if (fileInfoOffset !== HEADER_BYTES || casInfoOffset !== casStart || footerOffset !== start) {
		throw bad("bad-footer", "the shard footer's offsets do not match its sections");
	}
	return { chunkHashKey, createdAt, keyExpiry };
}

export interface SerializeShardOptions {
	/** Write the lookup tables and the footer (uploads must not); offsets and counts are computed. */
	footer?: ShardFooter;
}

export function serializeShard(shard: Shard, options: SerializeShardOptions = {}): Uint8Array {
	const writer = new Writer();
	writer.bytes(HEADER_TAG);
	writer.u64(HEADER_VERSION);
	writer.u64(options.footer ? SHARD_FOOTER_BYTES : 0);
	const verified = shard.files.some((file) => file.terms.some((term) => term.verification));
	const lookups = new Lookups();
	for (const file of shard.files) {
		lookups.file(file.fileHash, (writer.length - HEADER_BYTES) / RECORD_BYTES);
		writer.bytes(file.fileHash);
		writer.u32((verified ? WITH_VERIFICATION : 0) | (file.sha256 ? WITH_METADATA_EXT : 0));
		writer.u32(file.terms.length);
		writer.zeros(8);
		for (const term of file.terms) {
			writer.bytes(term.xorbHash);
			writer.u32(0);
			writer.u32(term.size);
			writer.u32(term.chunkStart);
			writer.u32(term.chunkEnd);
		}
		if (verified) {
			for (const term of file.terms) {
				if (!term.verification)
					throw bad("bad-section", "either every term of a shard has a verification hash or none has");
				writer.bytes(term.verification);
				writer.zeros(16);
			}
		}
		if (file.sha256) {
			writer.bytes(hashFromHex(file.sha256));
			writer.zeros(16);
		}
	}
	writer.bookend();
	const casInfoOffset = writer.length;
	for (const xorb of shard.xorbs) {
		const xorbIndex = (writer.length - casInfoOffset) / RECORD_BYTES;
		lookups.xorb(xorb.xorbHash, xorbIndex);
		xorb.chunks.forEach((chunk, index) => {
			lookups.chunk(chunk.hash, xorbIndex, index);
		});
		writer.bytes(xorb.xorbHash);
		writer.u32(0);
		writer.u32(xorb.chunks.length);
		writer.u32(xorb.size);
		writer.u32(xorb.bytesOnDisk);
		for (const chunk of xorb.chunks) {
			writer.bytes(chunk.hash);
			writer.u32(chunk.start);
			writer.u32(chunk.size);
			writer.zeros(8);
		}
	}
	writer.bookend();
	if (options.footer) {
		const tables = lookups.write(writer);
		const footerOffset = writer.length;
		writer.u64(FOOTER_VERSION);
		writer.u64(HEADER_BYTES);
		writer.u64(casInfoOffset);
		for (const table of tables) {
			writer.u64(table.offset);
			writer.u64(table.entries);
		}
		writer.bytes(options.footer.chunkHashKey);
		writer.u64(options.footer.createdAt);
		writer.u64(options.footer.keyExpiry);
		writer.zeros(48);
		writer.u64(shard.xorbs.reduce((sum, xorb) => sum + xorb.bytesOnDisk, 0));
		writer.u64(shard.files.reduce((sum, file) => sum + file.terms.reduce((bytes, term) => bytes + term.size, 0), 0));
		writer.u64(shard.xorbs.reduce((sum, xorb) => sum + xorb.size, 0));
		writer.u64(footerOffset);
	}
	return writer.finish();
}

/**
 * Check one file of an uploaded shard against the xorbs it names: each term's chunk range lies
 * in its xorb, its size and verification hash match those chunks, and all the chunks in order
 * hash to the file hash. `xorbChunks` gives a stored xorb's chunks, or undefined when unknown.
 */
export async function verifyShardFile(
	file: ShardFile,
	xorbChunks: (xorbHash: XetHash) => Promise<readonly ChunkRef[] | undefined>,
): Promise<void> {
	const all: ChunkRef[] = [];
	for (const term of file.terms) {
		const chunks = await xorbChunks(term.xorbHash);
		if (!chunks) throw bad("bad-section", `the shard names xorb ${hashToHex(term.xorbHash)}, which is not stored`);
		if (term.chunkEnd > chunks.length)
			throw bad("bad-section", `a term reaches past the ${chunks.length} chunks of its xorb`);
		const used = chunks.slice(term.chunkStart, term.chunkEnd);
		if (used.reduce((sum, chunk) => sum + chunk.size, 0) !== term.size)
			throw bad("size-mismatch", "a term's size is not its chunks' size");
		if (!term.verification) throw bad("bad-section", "an uploaded shard carries a verification hash for every term");
		if (!hashesEqual(await verificationHash(used.map((chunk) => chunk.hash)), term.verification)) {
			throw bad("hash-mismatch", "a term's verification hash does not match its xorb's chunks");
		}
		all.push(...used);
	}
	if (!hashesEqual(await fileHash(all), file.fileHash)) {
		throw bad("hash-mismatch", `the terms of file ${hashToHex(file.fileHash)} hash to another file`);
	}
}

function isBookend(hash: XetHash): boolean {
	return hash.every((byte) => byte === 0xff);
}

function bad(
	code: "bad-header" | "bad-section" | "bad-footer" | "truncated" | "size-mismatch" | "hash-mismatch",
	message: string,
) {
	return new XetFormatError(code, message);
}

class Reader {
	at = 0;
	private readonly view: DataView;
	constructor(private readonly source: Uint8Array) {
		this.view = new DataView(source.buffer, source.byteOffset, source.byteLength);
	}
	private need(count: number): void {
		if (this.at + count > this.source.length) throw bad("truncated", "the shard ends inside a record");
	}
	bytes(count: number): Uint8Array {
		this.need(count);
		// A copy, not a view: the parsed shard must not keep (or see changes to) the request body.
		const out = new Uint8Array(this.source.subarray(this.at, this.at + count));
		this.at += count;
		return out;
	}
	hash(): XetHash {
		return this.bytes(HASH_BYTES);
	}
	skip(count: number): void {
		this.need(count);
		this.at += count;
	}
	u32(): number {
		this.need(4);
		const value = this.view.getUint32(this.at, true);
		this.at += 4;
		return value;
	}
	u64(): number {
		this.need(8);
		const value = this.view.getBigUint64(this.at, true);
		this.at += 8;
		if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw bad("bad-section", "a shard field is out of range");
		return Number(value);
	}
	/** Refuse a count of 48-byte records that cannot fit before `end`, before allocating for it. */
	expectRecords(count: number, end: number): void {
		if (this.at + count * RECORD_BYTES > end) throw bad("truncated", `the shard is too short for ${count} records`);
	}
}

/** The first 8 bytes of a hash as a little-endian u64: the key hf_xet's lookup tables sort on. */
function truncatedHash(hash: XetHash): bigint {
	return new DataView(hash.buffer, hash.byteOffset, 8).getBigUint64(0, true);
}

/** The three lookup tables of a shard with a footer, each written sorted by truncated hash. */
class Lookups {
	private readonly tables = {
		file: [] as { key: bigint; indices: number[] }[],
		xorb: [] as { key: bigint; indices: number[] }[],
		chunk: [] as { key: bigint; indices: number[] }[],
	};
	/** `index`: the file's first record, counted in records from the file section's start. */
	file(hash: XetHash, index: number): void {
		this.tables.file.push({ key: truncatedHash(hash), indices: [index] });
	}
	/** `index`: the xorb's header record, counted from the CAS section's start. */
	xorb(hash: XetHash, index: number): void {
		this.tables.xorb.push({ key: truncatedHash(hash), indices: [index] });
	}
	chunk(hash: XetHash, xorbIndex: number, chunkIndex: number): void {
		this.tables.chunk.push({ key: truncatedHash(hash), indices: [xorbIndex, chunkIndex] });
	}
	/** Writes file, xorb and chunk tables in that order; answers where each starts and its entries. */
	write(writer: Writer): { offset: number; entries: number }[] {
		return [this.tables.file, this.tables.xorb, this.tables.chunk].map((table) => {
			const offset = writer.length;
			const sorted = [...table].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
			for (const entry of sorted) {
				const key = new Uint8Array(8);
				new DataView(key.buffer).setBigUint64(0, entry.key, true);
				writer.bytes(key);
				for (const index of entry.indices) writer.u32(index);
			}
			return { offset, entries: table.length };
		});
	}
}

class Writer {
	private readonly parts: Uint8Array[] = [];
	length = 0;
	bytes(data: Uint8Array): void {
		this.parts.push(data);
		this.length += data.length;
	}
	zeros(count: number): void {
		this.bytes(new Uint8Array(count));
	}
	u32(value: number): void {
		const out = new Uint8Array(4);
		new DataView(out.buffer).setUint32(0, value >>> 0, true);
		this.bytes(out);
	}
	u64(value: number): void {
		const out = new Uint8Array(8);
		new DataView(out.buffer).setBigUint64(0, BigInt(value), true);
		this.bytes(out);
	}
	bookend(): void {
		this.bytes(new Uint8Array(HASH_BYTES).fill(0xff));
		this.zeros(16);
	}
	finish(): Uint8Array {
		const out = new Uint8Array(this.length);
		let at = 0;
		for (const part of this.parts) {
			out.set(part, at);
			at += part.length;
		}
		return out;
	}
}
