/**
 * The compression schemes of xorb chunks (Xet specification 1.0.0, "Xorb Format"): none, LZ4,
 * and byte grouping by 4 then LZ4. LZ4 means the LZ4 *frame* format, which is what the
 * reference client writes (lz4_flex's frame encoder).
 *
 * Compressing uses lz4js. Decompressing does not: uploads are untrusted, and lz4js's decoder
 * reads past its input and follows any match length it is given, so a few hundred bytes could
 * make it loop for seconds. The decoder below checks every length and offset against the input
 * and against the chunk's declared size, and stops at the first byte out of place.
 */
import { compress as lz4Compress } from "lz4js";
import { XetFormatError } from "./format-error.js";

export const COMPRESSION_SCHEMES = { none: 0, lz4: 1, "bg4-lz4": 2 } as const;
export type CompressionName = keyof typeof COMPRESSION_SCHEMES;
export type CompressionScheme = (typeof COMPRESSION_SCHEMES)[CompressionName];

export function isCompressionScheme(value: number): value is CompressionScheme {
	return value === 0 || value === 1 || value === 2;
}

export function compressChunk(data: Uint8Array, scheme: CompressionScheme): Uint8Array {
	if (scheme === COMPRESSION_SCHEMES.none) return data;
	return lz4Compress(scheme === COMPRESSION_SCHEMES.lz4 ? data : byteGroup4(data));
}

/** The chunk's data, which must come out exactly `size` bytes long. */
export function decompressChunk(data: Uint8Array, scheme: CompressionScheme, size: number): Uint8Array {
	if (scheme === COMPRESSION_SCHEMES.none) {
		if (data.length !== size) throw bad(`an uncompressed chunk of ${data.length} bytes declares ${size}`);
		return data;
	}
	const out = decodeLz4Frame(data, size);
	return scheme === COMPRESSION_SCHEMES.lz4 ? out : byteUngroup4(out);
}

/**
 * Byte grouping: byte k of every 4-byte group goes to group k, groups concatenated in order.
 * The last 1–3 bytes of a length that is not a multiple of 4 go to the first groups.
 */
export function byteGroup4(data: Uint8Array): Uint8Array {
	const out = new Uint8Array(data.length);
	let at = 0;
	for (let group = 0; group < 4; group++) {
		for (let i = group; i < data.length; i += 4) out[at++] = data[i] as number;
	}
	return out;
}

export function byteUngroup4(grouped: Uint8Array): Uint8Array {
	const out = new Uint8Array(grouped.length);
	let at = 0;
	for (let group = 0; group < 4; group++) {
		for (let i = group; i < out.length; i += 4) out[i] = grouped[at++] as number;
	}
	return out;
}

const FRAME_MAGIC = 0x184d2204;
const FLAG_VERSION_MASK = 0xc0;
const FLAG_VERSION = 0x40;
const FLAG_BLOCK_CHECKSUM = 0x10;
const FLAG_CONTENT_SIZE = 0x08;
const FLAG_CONTENT_CHECKSUM = 0x04;
const FLAG_RESERVED = 0x02;
const FLAG_DICTIONARY = 0x01;
const BLOCK_UNCOMPRESSED = 0x80000000;
const MIN_MATCH = 4;

/**
 * One LZ4 frame whose content is exactly `size` bytes. Checksums are skipped, not checked: the
 * chunk hash checks the content. Frames with a dictionary are refused (the protocol has none).
 */
function decodeLz4Frame(input: Uint8Array, size: number): Uint8Array {
	const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
	const need = (at: number, count: number) => {
		if (at + count > input.length) throw bad("the LZ4 frame ends early");
	};
	need(0, 7);
	if (view.getUint32(0, true) !== FRAME_MAGIC) throw bad("the chunk is not an LZ4 frame");
	const flags = input[4] as number;
	if ((flags & FLAG_VERSION_MASK) !== FLAG_VERSION || flags & FLAG_RESERVED) throw bad("unknown LZ4 frame flags");
	if (flags & FLAG_DICTIONARY) throw bad("LZ4 frames with a dictionary are not part of the protocol");
	let at = 6 + (flags & FLAG_CONTENT_SIZE ? 8 : 0) + 1;
	const out = new Uint8Array(size);
	let written = 0;
	for (;;) {
		need(at, 4);
		const word = view.getUint32(at, true);
		at += 4;
		if (word === 0) break;
		const length = word & ~BLOCK_UNCOMPRESSED;
		need(at, length);
		const block = input.subarray(at, at + length);
		if (word & BLOCK_UNCOMPRESSED) {
			if (written + length > size) throw bad("the LZ4 frame holds more than the chunk's size");
			out.set(block, written);
			written += length;
		} else {
			written = decodeLz4Block(block, out, written);
		}
		at += length + (flags & FLAG_BLOCK_CHECKSUM ? 4 : 0);
	}
	at += flags & FLAG_CONTENT_CHECKSUM ? 4 : 0;
	if (at !== input.length) throw bad("bytes follow the LZ4 frame, or its checksum is missing");
	if (written !== size) throw bad(`the LZ4 frame holds ${written} bytes, the chunk declares ${size}`);
	return out;
}

/** Decode one block into `out` from `written` on; matches may reach back into earlier blocks. */
function decodeLz4Block(block: Uint8Array, out: Uint8Array, written: number): number {
	let at = 0;
	let pos = written;
	const readLength = (base: number): number => {
		let length = base;
		if (base !== 15) return length;
		for (;;) {
			if (at >= block.length) throw bad("an LZ4 length runs past its block");
			const byte = block[at++] as number;
			length += byte;
			if (byte !== 255) return length;
		}
	};
	while (at < block.length) {
		const token = block[at++] as number;
		const literals = readLength(token >> 4);
		if (at + literals > block.length || pos + literals > out.length) throw bad("LZ4 literals run past their bounds");
		out.set(block.subarray(at, at + literals), pos);
		at += literals;
		pos += literals;
		if (at === block.length) break;
		if (at + 2 > block.length) throw bad("an LZ4 match offset runs past its block");
		const offset = (block[at] as number) | ((block[at + 1] as number) << 8);
		at += 2;
		if (offset === 0 || offset > pos) throw bad("an LZ4 match points before the start of the chunk");
		const length = readLength(token & 15) + MIN_MATCH;
		if (pos + length > out.length) throw bad("the LZ4 frame holds more than the chunk's size");
		if (offset >= length) {
			out.copyWithin(pos, pos - offset, pos - offset + length);
			pos += length;
		} else {
			// An overlapping match repeats the last `offset` bytes: copy byte by byte.
			for (let i = 0; i < length; i++, pos++) out[pos] = out[pos - offset] as number;
		}
	}
	return pos;
}

function bad(message: string): XetFormatError {
	return new XetFormatError("bad-compression", message);
}
