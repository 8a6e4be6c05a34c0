/**
 * Small pictures for the avatar tests, built byte by byte: a real PNG (solid
 * colour, zlib-compressed rows, checksummed chunks) of any size, and the headers
 * of the other formats the hub reads (enough bytes for their size fields).
 */
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body));
	return Buffer.concat([length, body, crc]);
}

/** A width × height PNG filled with one RGB colour. */
export function solidPng(width: number, height: number, rgb: [number, number, number] = [200, 30, 30]): Buffer {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter method, no interlace
	const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, index) => rgb[index % 3] ?? 0)]);
	const pixels = Buffer.concat(Array.from({ length: height }, () => row));
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk("IHDR", header),
		chunk("IDAT", deflateSync(pixels)),
		chunk("IEND", Buffer.alloc(0)),
	]);
}

/** A GIF's logical screen header (and a trailer): width and height little-endian. */
export function gifHeader(width: number, height: number): Buffer {
	const bytes = Buffer.alloc(14);
	bytes.write("GIF89a", 0, "ascii");
	bytes.writeUInt16LE(width, 6);
	bytes.writeUInt16LE(height, 8);
	bytes[13] = 0x3b;
	return bytes;
}

/** A baseline JPEG's start: SOI, an APP0 (JFIF) segment, then SOF0 with height and width. */
export function jpegHeader(width: number, height: number): Buffer {
	const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
	const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
	sof.writeUInt16BE(height, 5);
	sof.writeUInt16BE(width, 7);
	return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A lossless WebP's header (VP8L): width − 1 and height − 1 packed in 14 bits each. */
export function webpLosslessHeader(width: number, height: number): Buffer {
	const bytes = Buffer.alloc(30);
	bytes.write("RIFF", 0, "ascii");
	bytes.writeUInt32LE(22, 4);
	bytes.write("WEBP", 8, "ascii");
	bytes.write("VP8L", 12, "ascii");
	bytes.writeUInt32LE(10, 16);
	bytes[20] = 0x2f;
	bytes.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
	return bytes;
}

/** A lossy WebP's header (VP8 key frame): start code, then 14-bit width and height. */
export function webpLossyHeader(width: number, height: number): Buffer {
	const bytes = Buffer.alloc(30);
	bytes.write("RIFF", 0, "ascii");
	bytes.writeUInt32LE(22, 4);
	bytes.write("WEBP", 8, "ascii");
	bytes.write("VP8 ", 12, "ascii");
	bytes.writeUInt32LE(10, 16);
	bytes.set([0x9d, 0x01, 0x2a], 23);
	bytes.writeUInt16LE(width, 26);
	bytes.writeUInt16LE(height, 28);
	return bytes;
}
