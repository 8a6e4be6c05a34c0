/**
 * Xorbs (Xet specification 1.0.0, "Xorb Format"): a sequence of chunks, each an 8-byte header
 * (version 0, compressed size u24, scheme u8, uncompressed size u24, little-endian) then its
 * data, optionally followed by the reference implementation's footer (`XorbObjectInfo`: the xorb
 * hash, every chunk hash, chunk boundaries; its length in the last 4 bytes). hf_xet uploads
 * xorbs without the footer; a footer, when present, must agree with the chunks.
 *
 * Parsing decompresses and hashes every chunk and computes the xorb hash, so a parsed xorb is a
 * verified one; only the chunk positions and hashes are kept, not the data.
 */
import { MAX_CHUNK_SIZE } from "./chunking.js";
import {
	COMPRESSION_SCHEMES,
	type CompressionScheme,
	compressChunk,
	decompressChunk,
	isCompressionScheme,
} from "./compression.js";
import { XetFormatError } from "./format-error.js";
import { type ChunkRef, chunkHash, HASH_BYTES, hashesEqual, hashToHex, type XetHash, xorbHash } from "./hash.js";

/**
 * The largest serialized xorb the hub accepts. The protocol caps a xorb's chunk data at 64 MiB; a
 * writer that cannot compress stores chunks as they are, and each carries an 8-byte header (up to
 * 8,192 chunks of at least 8 KiB), plus a footer of a few hundred KiB: hf_xet 1.6 sends such xorbs
 * of a little over 64 MiB for random data. One MiB of room covers headers and footer.
 */
export const MAX_XORB_BYTES = 65 * 1024 * 1024;
export const CHUNK_HEADER_BYTES = 8;
const CHUNK_VERSION = 0;

const FOOTER_IDENT = "XETBLOB";
const HASHES_IDENT = "XBLBHSH";
const BOUNDARIES_IDENT = "XBLBBND";
const FOOTER_VERSION = 1;
const HASHES_VERSION = 0;
const BOUNDARIES_VERSION = 1;
const FOOTER_RESERVED_BYTES = 16;

export interface XorbChunk extends ChunkRef {
	/** Where the chunk's header starts in the serialized xorb. */
	offset: number;
	/** Header plus compressed data. */
	byteLength: number;
	scheme: CompressionScheme;
}

export interface ParsedXorb {
	hash: XetHash;
	chunks: XorbChunk[];
	/** Bytes of the chunk sequence: where a footer starts, or the whole xorb without one. */
	chunksByteLength: number;
	hasFooter: boolean;
}

/** Parse and verify a serialized xorb; `expectedHash`, when given, must be its hash. */
export async function parseXorb(bytes: Uint8Array, expectedHash?: XetHash): Promise<ParsedXorb> {
	if (bytes.length > MAX_XORB_BYTES)
		throw new XetFormatError("bad-header", `a xorb is at most ${MAX_XORB_BYTES} bytes`);
	const chunks: XorbChunk[] = [];
	let offset = 0;
	while (offset < bytes.length && !startsWith(bytes, offset, FOOTER_IDENT)) {
		const { data, next, scheme } = readXorbChunk(bytes, offset);
		chunks.push({ hash: await chunkHash(data), size: data.length, offset, byteLength: next - offset, scheme });
		offset = next;
	}
	if (chunks.length === 0) throw new XetFormatError("bad-header", "a xorb holds at least one chunk");
	const hash = await xorbHash(chunks);
	const hasFooter = offset < bytes.length;
	if (hasFooter) checkFooter(bytes, offset, hash, chunks);
	if (expectedHash && !hashesEqual(hash, expectedHash)) {
		throw new XetFormatError(
			"hash-mismatch",
			`the xorb's chunks hash to ${hashToHex(hash)}, not ${hashToHex(expectedHash)}`,
		);
	}
	return { hash, chunks, chunksByteLength: offset, hasFooter };
}

/** The chunk whose header starts at `offset`: its uncompressed data and where the next one starts. */
export function readXorbChunk(
	bytes: Uint8Array,
	offset: number,
): { data: Uint8Array; next: number; scheme: CompressionScheme } {
	if (offset + CHUNK_HEADER_BYTES > bytes.length)
		throw new XetFormatError("truncated", "a chunk header runs past the end");
	const version = bytes[offset] as number;
	if (version !== CHUNK_VERSION) throw new XetFormatError("bad-header", `unknown chunk header version ${version}`);
	const compressedSize = readU24(bytes, offset + 1);
	const scheme = bytes[offset + 4] as number;
	const size = readU24(bytes, offset + 5);
	if (!isCompressionScheme(scheme)) throw new XetFormatError("bad-header", `unknown compression scheme ${scheme}`);
	if (size === 0 || size > MAX_CHUNK_SIZE) throw new XetFormatError("bad-header", `a chunk of ${size} bytes`);
	const start = offset + CHUNK_HEADER_BYTES;
	const next = start + compressedSize;
	if (next > bytes.length) throw new XetFormatError("truncated", "a chunk's data runs past the end");
	return { data: decompressChunk(bytes.subarray(start, next), scheme, size), next, scheme };
}

export interface SerializeXorbOptions {
	/** One scheme for every chunk (default LZ4); a chunk that does not shrink is stored uncompressed. */
	compression?: CompressionScheme;
	/** Write the reference footer after the chunks (hf_xet uploads without one). */
	footer?: boolean;
}

/** Serialize chunks (uncompressed data, in order) into a xorb. */
export async function serializeXorb(
	chunkData: readonly Uint8Array[],
	options: SerializeXorbOptions = {},
): Promise<{ bytes: Uint8Array; hash: XetHash; chunks: ChunkRef[] }> {
	const scheme = options.compression ?? COMPRESSION_SCHEMES.lz4;
	const parts: Uint8Array[] = [];
	const chunks: ChunkRef[] = [];
	const boundaries: number[] = [];
	let length = 0;
	for (const data of chunkData) {
		if (data.length === 0 || data.length > MAX_CHUNK_SIZE)
			throw new XetFormatError("bad-header", `a chunk of ${data.length} bytes`);
		let stored = compressChunk(data, scheme);
		let used = scheme;
		if (stored.length >= data.length) {
			stored = data;
			used = COMPRESSION_SCHEMES.none;
		}
		const header = new Uint8Array(CHUNK_HEADER_BYTES);
		header[0] = CHUNK_VERSION;
		writeU24(header, 1, stored.length);
		header[4] = used;
		writeU24(header, 5, data.length);
		parts.push(header, stored);
		length += header.length + stored.length;
		boundaries.push(length);
		chunks.push({ hash: await chunkHash(data), size: data.length });
	}
	const hash = await xorbHash(chunks);
	if (options.footer) parts.push(footerBytes(hash, chunks, boundaries));
	return { bytes: concat(parts), hash, chunks };
}

/**
 * The footer, sections in order: ident, version, xorb hash; hashes section (ident, version,
 * count, hashes); boundaries section (ident, version, count, end offsets of each chunk in the
 * xorb, cumulative uncompressed ends); count, both sections' distances from the footer's end,
 * 16 reserved bytes; then the footer's length (not counting those last 4 bytes).
 */
function footerBytes(hash: XetHash, chunks: readonly ChunkRef[], boundaries: readonly number[]): Uint8Array {
	const n = chunks.length;
	const boundarySection = 7 + 1 + 4 + 8 * n + 4 + 4 + 4 + FOOTER_RESERVED_BYTES;
	const hashSection = 7 + 1 + 4 + HASH_BYTES * n + boundarySection;
	const infoLength = 7 + 1 + HASH_BYTES + hashSection;
	const out = new Uint8Array(infoLength + 4);
	const view = new DataView(out.buffer);
	let at = 0;
	const ident = (text: string, version: number) => {
		out.set(new TextEncoder().encode(text), at);
		out[at + 7] = version;
		at += 8;
	};
	const u32 = (value: number) => {
		view.setUint32(at, value, true);
		at += 4;
	};
	ident(FOOTER_IDENT, FOOTER_VERSION);
	out.set(hash, at);
	at += HASH_BYTES;
	ident(HASHES_IDENT, HASHES_VERSION);
	u32(n);
	for (const chunk of chunks) {
		out.set(chunk.hash, at);
		at += HASH_BYTES;
	}
	ident(BOUNDARIES_IDENT, BOUNDARIES_VERSION);
	u32(n);
	for (const end of boundaries) u32(end);
	let unpacked = 0;
	for (const chunk of chunks) {
		unpacked += chunk.size;
		u32(unpacked);
	}
	u32(n);
	u32(hashSection);
	u32(boundarySection);
	at += FOOTER_RESERVED_BYTES;
	u32(infoLength);
	return out;
}

/** Check a footer starting at `start` against the chunks parsed before it. */
function checkFooter(bytes: Uint8Array, start: number, hash: XetHash, chunks: readonly XorbChunk[]): void {
	const boundaries = chunks.map((chunk) => chunk.offset + chunk.byteLength);
	const expected = footerBytes(hash, chunks, boundaries);
	const actual = bytes.subarray(start);
	const reserved = expected.length - 4 - FOOTER_RESERVED_BYTES;
	// The reserved bytes carry a nonce in newer writers and are ignored, as the specification asks.
	const same =
		actual.length === expected.length &&
		actual.subarray(0, reserved).every((byte, i) => byte === expected[i]) &&
		actual.subarray(expected.length - 4).every((byte, i) => byte === expected[expected.length - 4 + i]);
	if (!same) throw new XetFormatError("bad-footer", "the xorb footer does not match its chunks");
}

function startsWith(bytes: Uint8Array, offset: number, text: string): boolean {
	if (offset + text.length > bytes.length) return false;
	for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
	return true;
}

function readU24(bytes: Uint8Array, at: number): number {
	return (bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16);
}

function writeU24(bytes: Uint8Array, at: number, value: number): void {
	bytes[at] = value & 0xff;
	bytes[at + 1] = (value >> 8) & 0xff;
	bytes[at + 2] = (value >> 16) & 0xff;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
	const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
	let at = 0;
	for (const part of parts) {
		out.set(part, at);
		at += part.length;
	}
	return out;
}
