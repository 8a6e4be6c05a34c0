/**
 * What an uploaded picture really is, read from its first bytes: PNG, JPEG, WebP
 * or GIF, and its width and height. No image library: each format states its
 * size in a header at a known place (JPEG in its first start-of-frame segment).
 * Bytes that start like a format but do not carry a readable size are not that
 * format (a PNG signature followed by anything else is not a PNG).
 */

export type ImageType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";
export const IMAGE_TYPES: readonly ImageType[] = ["image/png", "image/jpeg", "image/webp", "image/gif"];

export interface ImageHeader {
	type: ImageType;
	width: number;
	height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ascii(bytes: Uint8Array, start: number, length: number): string {
	return String.fromCharCode(...bytes.subarray(start, start + length));
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
	return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function png(bytes: Uint8Array, view: DataView): ImageHeader | undefined {
	// The first chunk is always IHDR, 13 bytes long: width and height as big-endian 32-bit numbers.
	if (bytes.length < 33 || view.getUint32(8) !== 13 || ascii(bytes, 12, 4) !== "IHDR") return undefined;
	return { type: "image/png", width: view.getUint32(16), height: view.getUint32(20) };
}

function gif(bytes: Uint8Array, view: DataView): ImageHeader | undefined {
	if (bytes.length < 13) return undefined;
	return { type: "image/gif", width: view.getUint16(6, true), height: view.getUint16(8, true) };
}

function webp(bytes: Uint8Array, view: DataView): ImageHeader | undefined {
	if (bytes.length < 30) return undefined;
	const chunk = ascii(bytes, 12, 4);
	if (chunk === "VP8 ") {
		// A lossy key frame: 3 bytes of frame tag, the start code 9d 01 2a, then 14-bit sizes.
		if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined;
		return { type: "image/webp", width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
	}
	if (chunk === "VP8L") {
		// Lossless: the signature byte 0x2f, then width − 1 and height − 1 in 14 bits each.
		if (bytes[20] !== 0x2f) return undefined;
		const bits = view.getUint32(21, true);
		return { type: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
	}
	if (chunk === "VP8X") {
		// Extended: canvas width − 1 and height − 1 in 24 bits each.
		const width = (bytes[24] ?? 0) | ((bytes[25] ?? 0) << 8) | ((bytes[26] ?? 0) << 16);
		const height = (bytes[27] ?? 0) | ((bytes[28] ?? 0) << 8) | ((bytes[29] ?? 0) << 16);
		return { type: "image/webp", width: width + 1, height: height + 1 };
	}
	return undefined;
}

/** Start-of-frame markers carry the size; C4 (Huffman tables), C8 (reserved) and CC (arithmetic tables) do not. */
function isStartOfFrame(marker: number): boolean {
	return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpeg(bytes: Uint8Array, view: DataView): ImageHeader | undefined {
	let offset = 2;
	while (offset + 9 <= bytes.length) {
		if (bytes[offset] !== 0xff) return undefined;
		const marker = bytes[offset + 1] ?? 0;
		if (marker === 0xff) {
			offset += 1; // fill byte
			continue;
		}
		// Markers without a length: start of image, restart markers, end of image: no size before them.
		if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
			offset += 2;
			continue;
		}
		if (marker === 0xd9 || marker === 0xda) return undefined;
		const length = view.getUint16(offset + 2);
		if (length < 2) return undefined;
		if (isStartOfFrame(marker)) {
			return { type: "image/jpeg", height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
		}
		offset += 2 + length;
	}
	return undefined;
}

/** The picture's type and size, or undefined when the bytes are none of the four formats. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | undefined {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	if (startsWith(bytes, PNG_SIGNATURE)) return png(bytes, view);
	if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a"))
		return gif(bytes, view);
	if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return webp(bytes, view);
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpeg(bytes, view);
	return undefined;
}
