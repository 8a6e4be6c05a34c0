/**
 * A small PNG encoder (zlib from node:zlib): greyscale, RGB or RGBA, whichever is smallest that
 * keeps every pixel.
 */
import { deflateSync } from "node:zlib";
import { clamp } from "./paint.mjs";

const CRC_TABLE = (() => {
	const t = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		t[n] = c >>> 0;
	}
	return t;
})();

function crc32(buf) {
	let c = 0xffffffff;
	for (const b of buf) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
	const head = Buffer.alloc(8);
	head.writeUInt32BE(data.length, 0);
	head.write(type, 4, "ascii");
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
	return Buffer.concat([head, data, crc]);
}

function paeth(a, b, c) {
	const p = a + b - c;
	const pa = Math.abs(p - a);
	const pb = Math.abs(p - b);
	const pc = Math.abs(p - c);
	return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Encode a canvas as PNG: greyscale when every pixel is grey, RGB or RGBA otherwise. */
export function encodePNG(cv) {
	const { pw: w, ph: h, px } = cv;
	let hasAlpha = false;
	let isGrey = true;
	const q = new Uint8Array(w * h * 4);
	for (let i = 0; i < w * h * 4; i += 4) {
		q[i] = clamp(Math.round(px[i]), 0, 255);
		q[i + 1] = clamp(Math.round(px[i + 1]), 0, 255);
		q[i + 2] = clamp(Math.round(px[i + 2]), 0, 255);
		q[i + 3] = clamp(Math.round(px[i + 3] * 255), 0, 255);
		if (q[i + 3] !== 255) hasAlpha = true;
		if (q[i] !== q[i + 1] || q[i] !== q[i + 2]) isGrey = false;
	}
	const chans = isGrey ? (hasAlpha ? 2 : 1) : hasAlpha ? 4 : 3;
	const colorType = isGrey ? (hasAlpha ? 4 : 0) : hasAlpha ? 6 : 2;
	const stride = w * chans;
	const raw = Buffer.alloc((stride + 1) * h);
	let prev = new Uint8Array(stride);
	const cand = Array.from({ length: 5 }, () => new Uint8Array(stride));
	for (let y = 0; y < h; y++) {
		const row = new Uint8Array(stride);
		for (let x = 0; x < w; x++) {
			const s = (y * w + x) * 4;
			const d = x * chans;
			if (isGrey) {
				row[d] = q[s];
				if (hasAlpha) row[d + 1] = q[s + 3];
			} else {
				row[d] = q[s];
				row[d + 1] = q[s + 1];
				row[d + 2] = q[s + 2];
				if (hasAlpha) row[d + 3] = q[s + 3];
			}
		}
		// Pick the filter with the smallest sum of absolute (signed) residuals.
		let best = 0;
		let bestCost = Number.POSITIVE_INFINITY;
		for (let f = 0; f < 5; f++) {
			const out = cand[f];
			let cost = 0;
			for (let i = 0; i < stride; i++) {
				const a = i >= chans ? row[i - chans] : 0;
				const b = prev[i];
				const c = i >= chans ? prev[i - chans] : 0;
				const pred = f === 0 ? 0 : f === 1 ? a : f === 2 ? b : f === 3 ? (a + b) >> 1 : paeth(a, b, c);
				const v = (row[i] - pred) & 255;
				out[i] = v;
				cost += v < 128 ? v : 256 - v;
			}
			if (cost < bestCost) {
				bestCost = cost;
				best = f;
			}
		}
		raw[y * (stride + 1)] = best;
		raw.set(cand[best], y * (stride + 1) + 1);
		prev = row;
	}
	const ihdr = Buffer.alloc(13);
	ihdr.writeUInt32BE(w, 0);
	ihdr.writeUInt32BE(h, 4);
	ihdr[8] = 8;
	ihdr[9] = colorType;
	ihdr[10] = 0;
	ihdr[11] = 0;
	ihdr[12] = 0;
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		pngChunk("IHDR", ihdr),
		pngChunk("IDAT", deflateSync(raw, { level: 9 })),
		pngChunk("IEND", Buffer.alloc(0)),
	]);
}
