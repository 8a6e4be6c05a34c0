// Makes the demo pictures (PNG) and sounds (WAV) listed in
// packages/tasks/assets/demo/README.md and writes them into that folder.
//
//   node scripts/make-demo-assets.mjs
//
// Nothing is downloaded or copied. Pictures are drawn by code into an RGBA
// buffer (shapes rendered through signed distance functions, a tiny built-in
// bitmap font for words) and encoded as PNG here. Tones and noise are computed
// sample by sample. Speech comes from the local `espeak-ng` program; if it is
// not installed, the speech files are skipped (existing ones are left alone)
// and everything else is still made. Apart from espeak itself the output is
// deterministic (seeded pseudo-random numbers only).

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "packages/tasks/assets/demo");

// ---------------------------------------------------------------- helpers --

const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
const TAU = Math.PI * 2;

/** Seeded pseudo-random numbers in [0, 1) (xorshift32). */
function prng(seed) {
	let s = seed >>> 0 || 1;
	return () => {
		s ^= s << 13;
		s >>>= 0;
		s ^= s >>> 17;
		s ^= s << 5;
		s >>>= 0;
		return s / 4294967296;
	};
}

/** "#rrggbb" (+ optional alpha) -> [r, g, b, a]. */
function hex(h, a = 1) {
	const n = Number.parseInt(h.slice(1), 16);
	return [(n >> 16) & 255, (n >> 8) & 255, n & 255, a];
}
const grey = (v, a = 1) => [v, v, v, a];
const mix = (c1, c2, t) => [
	c1[0] + (c2[0] - c1[0]) * t,
	c1[1] + (c2[1] - c1[1]) * t,
	c1[2] + (c2[2] - c1[2]) * t,
	(c1[3] ?? 1) + ((c2[3] ?? 1) - (c1[3] ?? 1)) * t,
];
const toCol = (c) => (typeof c === "string" ? hex(c) : c);

function stopsAt(stops, t) {
	const tt = clamp(t, 0, 1);
	for (let i = 1; i < stops.length; i++) {
		if (tt <= stops[i][0]) {
			const [t0, c0] = stops[i - 1];
			const [t1, c1] = stops[i];
			return mix(toCol(c0), toCol(c1), t1 > t0 ? (tt - t0) / (t1 - t0) : 0);
		}
	}
	return toCol(stops[stops.length - 1][1]);
}
/** Linear gradient paint from (x0,y0) to (x1,y1). */
function linGrad(x0, y0, x1, y1, stops) {
	const dx = x1 - x0;
	const dy = y1 - y0;
	const l = dx * dx + dy * dy || 1;
	return (x, y) => stopsAt(stops, ((x - x0) * dx + (y - y0) * dy) / l);
}
/** Radial gradient paint around (cx,cy) out to radius r. */
function radGrad(cx, cy, r, stops) {
	return (x, y) => stopsAt(stops, Math.hypot(x - cx, y - cy) / r);
}

// ----------------------------------------------------------------- shapes --
// A shape is { sdf(x, y) -> signed distance (negative inside), box }.

const shape = (sdf, x0, y0, x1, y1) => ({ sdf, box: [x0, y0, x1, y1] });

function circle(cx, cy, r) {
	return shape((x, y) => Math.hypot(x - cx, y - cy) - r, cx - r, cy - r, cx + r, cy + r);
}

function ellipse(cx, cy, rx, ry, rot = 0) {
	const c = Math.cos(rot);
	const s = Math.sin(rot);
	const R = Math.max(rx, ry);
	return shape(
		(x, y) => {
			const dx = x - cx;
			const dy = y - cy;
			const u = dx * c + dy * s;
			const v = -dx * s + dy * c;
			const k0 = Math.hypot(u / rx, v / ry);
			const k1 = Math.hypot(u / (rx * rx), v / (ry * ry));
			return k1 === 0 ? -Math.min(rx, ry) : (k0 * (k0 - 1)) / k1;
		},
		cx - R,
		cy - R,
		cx + R,
		cy + R,
	);
}

function rect(x0, y0, x1, y1, r = 0) {
	const cx = (x0 + x1) / 2;
	const cy = (y0 + y1) / 2;
	const hx = (x1 - x0) / 2 - r;
	const hy = (y1 - y0) / 2 - r;
	return shape(
		(x, y) => {
			const qx = Math.abs(x - cx) - hx;
			const qy = Math.abs(y - cy) - hy;
			return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
		},
		x0,
		y0,
		x1,
		y1,
	);
}

function segDist(x, y, ax, ay, bx, by) {
	const dx = bx - ax;
	const dy = by - ay;
	const l = dx * dx + dy * dy;
	const t = l ? clamp(((x - ax) * dx + (y - ay) * dy) / l, 0, 1) : 0;
	return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

/** Thick line with round caps. */
function line(ax, ay, bx, by, w) {
	return polyline(
		[
			[ax, ay],
			[bx, by],
		],
		w,
	);
}

function polyline(pts, w) {
	const xs = pts.map((p) => p[0]);
	const ys = pts.map((p) => p[1]);
	return shape(
		(x, y) => {
			let d = Number.POSITIVE_INFINITY;
			for (let i = 1; i < pts.length; i++) {
				const e = segDist(x, y, ...pts[i - 1], ...pts[i]);
				if (e < d) d = e;
			}
			return d - w / 2;
		},
		Math.min(...xs) - w,
		Math.min(...ys) - w,
		Math.max(...xs) + w,
		Math.max(...ys) + w,
	);
}

/** Distant birds: a shallow "v" at each point. */
function drawBirds(cv, points, color) {
	for (const [x, y] of points) {
		cv.fill(
			polyline(
				[
					[x - 6, y - 3],
					[x, y],
					[x + 6, y - 3],
				],
				1.6,
			),
			color,
		);
	}
}

/** Filled polygon (even-odd rule), points as [[x, y], ...]. */
function poly(pts) {
	const xs = pts.map((p) => p[0]);
	const ys = pts.map((p) => p[1]);
	return shape(
		(x, y) => {
			let d = Number.POSITIVE_INFINITY;
			let inside = false;
			for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
				const [xi, yi] = pts[i];
				const [xj, yj] = pts[j];
				const e = segDist(x, y, xi, yi, xj, yj);
				if (e < d) d = e;
				if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) {
					inside = !inside;
				}
			}
			return inside ? -d : d;
		},
		Math.min(...xs),
		Math.min(...ys),
		Math.max(...xs),
		Math.max(...ys),
	);
}

function ring(cx, cy, r, w) {
	return shape(
		(x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - w / 2,
		cx - r - w,
		cy - r - w,
		cx + r + w,
		cy + r + w,
	);
}

const grow = (s, d) => shape((x, y) => s.sdf(x, y) - d, s.box[0] - d, s.box[1] - d, s.box[2] + d, s.box[3] + d);
const intersect = (a, b) =>
	shape(
		(x, y) => Math.max(a.sdf(x, y), b.sdf(x, y)),
		Math.max(a.box[0], b.box[0]),
		Math.max(a.box[1], b.box[1]),
		Math.min(a.box[2], b.box[2]),
		Math.min(a.box[3], b.box[3]),
	);
const union = (...ss) =>
	shape(
		(x, y) => Math.min(...ss.map((s) => s.sdf(x, y))),
		Math.min(...ss.map((s) => s.box[0])),
		Math.min(...ss.map((s) => s.box[1])),
		Math.max(...ss.map((s) => s.box[2])),
		Math.max(...ss.map((s) => s.box[3])),
	);
const translate = (s, dx, dy) =>
	shape((x, y) => s.sdf(x - dx, y - dy), s.box[0] + dx, s.box[1] + dy, s.box[2] + dx, s.box[3] + dy);

// ----------------------------------------------------------------- canvas --

class Canvas {
	constructor(w, h, bg = [255, 255, 255, 1]) {
		this.w = w;
		this.h = h;
		this.aa = true;
		this.px = new Float32Array(w * h * 4);
		const c = toCol(bg);
		for (let i = 0; i < w * h; i++) {
			this.px.set([c[0], c[1], c[2], c[3] ?? 1], i * 4);
		}
	}

	/** Source-over blend of colour c (alpha scaled by cov) at pixel index i. */
	blend(i, c, cov) {
		const p = this.px;
		const a = (c[3] ?? 1) * cov;
		if (a <= 0) return;
		const da = p[i + 3];
		const oa = a + da * (1 - a);
		const k = da * (1 - a);
		p[i] = (c[0] * a + p[i] * k) / oa;
		p[i + 1] = (c[1] * a + p[i + 1] * k) / oa;
		p[i + 2] = (c[2] * a + p[i + 2] * k) / oa;
		p[i + 3] = oa;
	}

	/**
	 * Fill a shape with a paint (colour array, "#hex" or (x, y) -> colour).
	 * `soft` widens the anti-aliased edge (for glows and shadows).
	 */
	fill(shp, paint, soft = 1) {
		if (!paint) return;
		const pf = typeof paint === "function" ? paint : () => toCol(paint);
		const pad = soft + 1;
		const x0 = Math.max(0, Math.floor(shp.box[0] - pad));
		const y0 = Math.max(0, Math.floor(shp.box[1] - pad));
		const x1 = Math.min(this.w, Math.ceil(shp.box[2] + pad));
		const y1 = Math.min(this.h, Math.ceil(shp.box[3] + pad));
		for (let y = y0; y < y1; y++) {
			for (let x = x0; x < x1; x++) {
				const d = shp.sdf(x + 0.5, y + 0.5);
				const cov = this.aa ? clamp(0.5 - d / soft, 0, 1) : d <= 0 ? 1 : 0;
				if (cov > 0) this.blend((y * this.w + x) * 4, pf(x + 0.5, y + 0.5), cov);
			}
		}
	}

	get(x, y) {
		const i = (y * this.w + x) * 4;
		return [this.px[i], this.px[i + 1], this.px[i + 2], this.px[i + 3]];
	}

	/** Apply fn([r,g,b,a], x, y) -> [r,g,b,a] to every pixel. */
	map(fn) {
		for (let y = 0; y < this.h; y++) {
			for (let x = 0; x < this.w; x++) {
				const i = (y * this.w + x) * 4;
				const c = fn(this.get(x, y), x, y);
				this.px.set([c[0], c[1], c[2], c[3] ?? 1], i);
			}
		}
	}

	clone() {
		const c = new Canvas(this.w, this.h);
		c.px.set(this.px);
		return c;
	}

	/** Box blur of radius r (applied separably). */
	blur(r) {
		const { w, h } = this;
		const src = this.px;
		const tmp = new Float32Array(src.length);
		const pass = (from, to, horiz) => {
			const len = horiz ? w : h;
			const other = horiz ? h : w;
			for (let o = 0; o < other; o++) {
				for (let k = 0; k < len; k++) {
					const acc = [0, 0, 0, 0];
					let n = 0;
					for (let j = k - r; j <= k + r; j++) {
						const jj = clamp(j, 0, len - 1);
						const i = (horiz ? o * w + jj : jj * w + o) * 4;
						for (let ch = 0; ch < 4; ch++) acc[ch] += from[i + ch];
						n++;
					}
					const i = (horiz ? o * w + k : k * w + o) * 4;
					for (let ch = 0; ch < 4; ch++) to[i + ch] = acc[ch] / n;
				}
			}
		};
		pass(src, tmp, true);
		pass(tmp, src, false);
	}
}

// -------------------------------------------------------------------- PNG --

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
function encodePNG(cv) {
	const { w, h, px } = cv;
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

// ------------------------------------------------------------ bitmap font --
// 5 columns x 7 rows (+2 descender rows), '#' = ink. Drawn at any integer scale.

const GLYPHS = {
	A: ".###. #...# #...# ##### #...# #...# #...#",
	B: "####. #...# #...# ####. #...# #...# ####.",
	C: ".###. #...# #.... #.... #.... #...# .###.",
	D: "####. #...# #...# #...# #...# #...# ####.",
	E: "##### #.... #.... ####. #.... #.... #####",
	F: "##### #.... #.... ####. #.... #.... #....",
	G: ".###. #...# #.... #.### #...# #...# .####",
	H: "#...# #...# #...# ##### #...# #...# #...#",
	I: ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
	J: "..### ...#. ...#. ...#. ...#. #..#. .##..",
	K: "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
	L: "#.... #.... #.... #.... #.... #.... #####",
	M: "#...# ##.## #.#.# #.#.# #...# #...# #...#",
	N: "#...# #...# ##..# #.#.# #..## #...# #...#",
	O: ".###. #...# #...# #...# #...# #...# .###.",
	P: "####. #...# #...# ####. #.... #.... #....",
	Q: ".###. #...# #...# #...# #.#.# #..#. .##.#",
	R: "####. #...# #...# ####. #.#.. #..#. #...#",
	S: ".#### #.... #.... .###. ....# ....# ####.",
	T: "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
	U: "#...# #...# #...# #...# #...# #...# .###.",
	V: "#...# #...# #...# #...# #...# .#.#. ..#..",
	W: "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
	X: "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
	Y: "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
	Z: "##### ....# ...#. ..#.. .#... #.... #####",
	a: "..... ..... .###. ....# .#### #...# .####",
	b: "#.... #.... #.##. ##..# #...# #...# ####.",
	c: "..... ..... .###. #.... #.... #...# .###.",
	d: "....# ....# .##.# #..## #...# #...# .####",
	e: "..... ..... .###. #...# ##### #.... .###.",
	f: "..##. .#..# .#... ###.. .#... .#... .#...",
	g: "..... ..... .#### #...# #...# #...# .#### ....# .###.",
	h: "#.... #.... #.##. ##..# #...# #...# #...#",
	i: "..#.. ..... .##.. ..#.. ..#.. ..#.. .###.",
	j: "...#. ..... ..##. ...#. ...#. ...#. ...#. #..#. .##..",
	k: "#.... #.... #..#. #.#.. ##... #.#.. #..#.",
	l: ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
	m: "..... ..... ##.#. #.#.# #.#.# #...# #...#",
	n: "..... ..... #.##. ##..# #...# #...# #...#",
	o: "..... ..... .###. #...# #...# #...# .###.",
	p: "..... ..... ####. #...# #...# #...# ####. #.... #....",
	q: "..... ..... .#### #...# #...# #...# .#### ....# ....#",
	r: "..... ..... #.##. ##..# #.... #.... #....",
	s: "..... ..... .#### #.... .###. ....# ####.",
	t: ".#... .#... ###.. .#... .#... .#..# ..##.",
	u: "..... ..... #...# #...# #...# #..## .##.#",
	v: "..... ..... #...# #...# #...# .#.#. ..#..",
	w: "..... ..... #...# #...# #.#.# #.#.# .#.#.",
	x: "..... ..... #...# .#.#. ..#.. .#.#. #...#",
	y: "..... ..... #...# #...# #...# #...# .#### ....# .###.",
	z: "..... ..... ##### ...#. ..#.. .#... #####",
	0: ".###. #...# #..## #.#.# ##..# #...# .###.",
	1: "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
	2: ".###. #...# ....# ...#. ..#.. .#... #####",
	3: "##### ...#. ..#.. ...#. ....# #...# .###.",
	4: "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
	5: "##### #.... ####. ....# ....# #...# .###.",
	6: "..##. .#... #.... ####. #...# #...# .###.",
	7: "##### ....# ...#. ..#.. .#... .#... .#...",
	8: ".###. #...# #...# .###. #...# #...# .###.",
	9: ".###. #...# #...# .#### ....# ...#. .##..",
	".": "..... ..... ..... ..... ..... .##.. .##..",
	",": "..... ..... ..... ..... .##.. ..#.. .#...",
	":": "..... .##.. .##.. ..... .##.. .##.. .....",
	"-": "..... ..... ..... ##### ..... ..... .....",
	"/": "..... ....# ...#. ..#.. .#... #.... .....",
	"?": ".###. #...# ....# ...#. ..#.. ..... ..#..",
	"!": "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..",
	"(": "...#. ..#.. .#... .#... .#... ..#.. ...#.",
	")": ".#... ..#.. ...#. ...#. ...#. ..#.. .#...",
	"+": "..... ..#.. ..#.. ##### ..#.. ..#.. .....",
	"=": "..... ..... ##### ..... ##### ..... .....",
	"#": ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.",
	"'": "..#.. ..#.. .#... ..... ..... ..... .....",
	" ": "",
};

const textWidth = (str, s) => str.length * 6 * s - s;

function drawText(cv, str, x, y, s, colour) {
	let cx = x;
	for (const ch of str) {
		const g = GLYPHS[ch] ?? GLYPHS["?"];
		const rows = g ? g.split(" ") : [];
		rows.forEach((row, r) => {
			for (let c = 0; c < row.length; c++) {
				if (row[c] === "#") {
					cv.fill(rect(cx + c * s, y + r * s, cx + (c + 1) * s, y + (r + 1) * s), colour);
				}
			}
		});
		cx += 6 * s;
	}
}

// ----------------------------------------------------------- street scene --

const SCENE_W = 384;
const SCENE_H = 256;
const SUN = [342, 42];
const SUNSET = [226, 108];
const CAR = { cx: 192, gy: 244 };
const CAR_LATER = { cx: 322, gy: 244 };

/** Depth value (0 far .. 255 near) of the ground at screen row y. */
const groundDepth = (y) => clamp(40 + ((y - 110) / (SCENE_H - 110)) * 215, 40, 255);

const DAY = {
	sky: linGrad(0, 0, 0, 170, [
		[0, "#4c9be4"],
		[1, "#c6e7ff"],
	]),
	"sun.ray": "#ffcf33",
	"sun.disc": "#ffd93b",
	"hill.back": linGrad(0, 110, 0, 256, [
		[0, "#a2da72"],
		[1, "#86c85e"],
	]),
	"hill.front": linGrad(0, 165, 0, 256, [
		[0, "#6cc04c"],
		[1, "#4aa338"],
	]),
	"house.outline": "#3d3a36",
	"house.wall": "#fbfaf5",
	"house.roof": "#d8392b",
	"house.chimney": "#a9553b",
	"house.door": "#8b5a2b",
	"house.knob": "#f2c14e",
	"house.window": "#9fd4f6",
	"house.frame": "#fbfaf5",
	"tree.outline": "#2d3a26",
	"tree.trunk": "#8b5a2b",
	"tree.crown": "#2f9a45",
	"tree.light": [90, 196, 105, 0.8],
	"car.outline": "#3d3a36",
	"car.body": "#e23b30",
	"car.window": "#c3e8ff",
	"car.line": "#a8261d",
	"car.headlight": "#ffe066",
	"car.tail": "#ff9b3d",
	"car.wheel": "#242424",
	"car.hub": "#c4c4c4",
	"car.shadow": [0, 0, 0, 0.22],
	"car.motion": [255, 255, 255, 0.85],
	snow: "#ffffff",
};

/** A palette with every colour passed through fn (gradients included). */
function mapPal(pal, fn) {
	const out = {};
	for (const [k, v] of Object.entries(pal)) {
		if (typeof v === "function") out[k] = (x, y) => fn(v(x, y));
		else if (v) out[k] = fn(toCol(v));
		else out[k] = v;
	}
	return out;
}

const NIGHT = {
	...mapPal(DAY, (c) => {
		const d = mix(c, [25, 35, 80, c[3] ?? 1], 0.45);
		return [d[0] * 0.45, d[1] * 0.48, d[2] * 0.62, c[3] ?? 1];
	}),
	sky: linGrad(0, 0, 0, 170, [
		[0, "#070d2b"],
		[1, "#243a6e"],
	]),
	"sky.star": [255, 250, 215, 0.9],
	"sun.glow": radGrad(SUN[0], SUN[1], 46, [
		[0, [240, 240, 210, 0.45]],
		[1, [240, 240, 210, 0]],
	]),
	"sun.moon": "#f3f0d2",
	"sun.crater": [200, 196, 170, 0.7],
	"house.window": "#ffd54a",
	"house.knob": "#c9a23f",
	"car.headlight": "#fff4b0",
	"car.beam": [255, 240, 170, 0.3],
	"car.shadow": [0, 0, 0, 0.3],
	"car.wheel": "#0f0f12",
};

const SUNSET_PAL = {
	...mapPal(DAY, (c) => [c[0] * 0.98 + 18, c[1] * 0.74 + 6, c[2] * 0.52, c[3] ?? 1]),
	sky: linGrad(0, 0, 0, 150, [
		[0, "#b3476a"],
		[0.45, "#f0713a"],
		[1, "#ffc067"],
	]),
	"sun.glow": radGrad(SUNSET[0], SUNSET[1], 90, [
		[0, [255, 220, 120, 0.75]],
		[1, [255, 200, 110, 0]],
	]),
	"sun.disc": "#ff8c1a",
};

const SNOW = {
	...DAY,
	sky: linGrad(0, 0, 0, 170, [
		[0, "#8e979f"],
		[1, "#cfd4d8"],
	]),
	"hill.back": linGrad(0, 110, 0, 256, [
		[0, "#f4f7fa"],
		[1, "#e4ebf2"],
	]),
	"hill.front": linGrad(0, 165, 0, 256, [
		[0, "#fbfdff"],
		[1, "#e8eef5"],
	]),
	"tree.crown": "#2c7a44",
	"tree.light": null,
	"car.shadow": [60, 80, 110, 0.18],
	snow: "#fdfeff",
	flake: [255, 255, 255, 0.92],
};

/** Flat colours per object, for segmentation and as an object-id map. */
const SEG = {
	sky: "#4682b4",
	sun: "#ffd700",
	hill: "#9be564",
	house: "#a55ed0",
	tree: "#1d6b26",
	car: "#e8305a",
	"car.shadow": null,
	"car.motion": null,
	snow: null,
};
const SEG_IDS = ["sky", "sun", "hill", "house", "tree", "car"];

const DEPTH = {
	sky: grey(0),
	sun: grey(0),
	hill: (_x, y) => grey(groundDepth(y)),
	house: grey(groundDepth(176)),
	tree: grey(groundDepth(186)),
	car: grey(groundDepth(244)),
	"car.shadow": null,
	"car.motion": null,
	snow: null,
};

/**
 * Draw the street scene. pal maps part names ("house.roof") or object names
 * ("house") to paints; a missing or null paint skips that part.
 * o: { sun: "day" | "moon" | "low" | "none", car: {cx, gy}, stars, snow, lit, motion }
 */
function drawScene(cv, pal, o = {}) {
	const P = (name) => (name in pal ? pal[name] : pal[name.split(".")[0]]);
	const put = (name, shp, soft = 1) => {
		const p = P(name);
		if (p) cv.fill(shp, p, soft);
	};
	const outlined = (name, shp, w = 2) => {
		put(`${name.split(".")[0]}.outline`, grow(shp, w));
		put(name, shp);
	};
	const W = cv.w;
	const H = cv.h;

	put("sky", rect(0, 0, W, H));
	if (o.stars) {
		const r = prng(11);
		for (let i = 0; i < 70; i++) {
			put("sky.star", circle(r() * W, r() * 125, 0.5 + r() * 1.1));
		}
	}

	const sunKind = o.sun ?? "day";
	if (sunKind === "day") {
		const [sx, sy] = SUN;
		for (let i = 0; i < 12; i++) {
			const a = (i * TAU) / 12;
			const c = Math.cos(a);
			const s = Math.sin(a);
			put("sun.ray", line(sx + c * 27, sy + s * 27, sx + c * 35, sy + s * 35, 3.5));
		}
		put("sun.disc", circle(sx, sy, 21));
	} else if (sunKind === "moon") {
		const [sx, sy] = SUN;
		put("sun.glow", circle(sx, sy, 46));
		put("sun.moon", circle(sx, sy, 19));
		put("sun.crater", circle(sx - 6, sy - 4, 4));
		put("sun.crater", circle(sx + 6, sy + 6, 3));
		put("sun.crater", circle(sx + 5, sy - 8, 2));
	} else if (sunKind === "low") {
		const [sx, sy] = SUNSET;
		put("sun.glow", circle(sx, sy, 90));
		put("sun.disc", circle(sx, sy, 25));
	}

	put("hill.back", ellipse(236, 262, 290, 146));
	put("hill.front", ellipse(192, 430, 520, 262));

	// House (left).
	outlined("house.chimney", rect(98, 84, 112, 112));
	if (o.snow) put("snow", rect(96, 80, 114, 87, 3));
	outlined("house.wall", rect(36, 118, 124, 177));
	const roof = poly([
		[24, 124],
		[80, 78],
		[136, 124],
	]);
	outlined("house.roof", roof);
	if (o.snow) {
		put(
			"snow",
			union(
				poly([
					[30, 119],
					[80, 78],
					[130, 119],
				]),
				...[40, 56, 72, 88, 104, 120].map((x) => circle(x, 117, 5)),
			),
		);
	}
	outlined("house.door", rect(70, 144, 90, 177, 2), 1.5);
	put("house.knob", circle(85, 161, 1.8));
	for (const wx of [44, 98]) {
		if (o.lit) {
			const cx = wx + 9;
			const g = radGrad(cx, 141, 26, [
				[0, [255, 214, 80, 0.45]],
				[1, [255, 214, 80, 0]],
			]);
			cv.fill(circle(cx, 141, 26), g);
		}
		outlined("house.window", rect(wx, 132, wx + 18, 150), 1.5);
		put("house.frame", rect(wx + 8, 132, wx + 10, 150));
		put("house.frame", rect(wx, 140, wx + 18, 142));
	}

	// Tree (right).
	outlined("tree.trunk", rect(292, 126, 306, 186, 2));
	outlined("tree.crown", circle(299, 100, 38));
	put("tree.light", circle(285, 86, 12));
	put("tree.light", circle(312, 78, 7));
	if (o.snow) {
		put("snow", ellipse(292, 66, 24, 8, -0.25));
		put("snow", ellipse(320, 78, 12, 6, 0.6));
		put("snow", ellipse(272, 80, 10, 5, -0.8));
	}

	// Car (front, middle unless moved).
	const car = o.car ?? CAR;
	drawCar(put, outlined, car.cx, car.gy, 1, o);

	if (o.flakes) {
		const r = prng(5);
		for (let i = 0; i < 260; i++) {
			const x = r() * W;
			const y = r() * H;
			const rad = 0.8 + r() * r() * 2.6;
			put("flake", circle(x, y, rad));
		}
	}
}

/** The red car, drawn around (cx, gy) = (middle, ground line) at scale s. */
function drawCar(put, outlined, cx, gy, s, o = {}) {
	const X = (lx) => cx + lx * s;
	const Y = (ly) => gy + ly * s;
	const P = (pts) => poly(pts.map(([x, y]) => [X(x), Y(y)]));
	const ow = 2 * Math.min(s, 1.6);

	put("car.shadow", ellipse(X(0), Y(-1), 62 * s, 5 * s));
	if (o.motion) {
		for (const [ly, len] of [
			[-52, 26],
			[-38, 36],
			[-24, 22],
		]) {
			put("car.motion", line(X(-68 - len), Y(ly), X(-66), Y(ly), 3 * s));
		}
	}
	if (o.lit) {
		put(
			"car.beam",
			P([
				[54, -36],
				[120, -52],
				[120, -6],
			]),
		);
	}
	outlined(
		"car.body",
		P([
			[-36, -40],
			[-24, -66],
			[18, -66],
			[36, -40],
		]),
		ow,
	);
	outlined("car.body", rect(X(-57), Y(-45), X(57), Y(-14), 9 * s), ow);
	if (o.snow) {
		put("snow", rect(X(-25), Y(-71), X(19), Y(-64), 3 * s));
		put("snow", rect(X(30), Y(-49), X(55), Y(-43), 3 * s));
	}
	put(
		"car.window",
		P([
			[-30, -44],
			[-21, -62],
			[-3, -62],
			[-3, -44],
		]),
	);
	put(
		"car.window",
		P([
			[1, -44],
			[1, -62],
			[15, -62],
			[29, -44],
		]),
	);
	put("car.line", line(X(-1), Y(-42), X(-1), Y(-18), 1.5 * s));
	put("car.line", rect(X(-14), Y(-37), X(-7), Y(-34), 1 * s));
	put("car.line", rect(X(9), Y(-37), X(16), Y(-34), 1 * s));
	put("car.headlight", ellipse(X(52), Y(-35), 4 * s, 5 * s));
	put("car.tail", rect(X(-57), Y(-39), X(-52), Y(-31), 1.5 * s));
	for (const wx of [-32, 32]) {
		outlined("car.wheel", circle(X(wx), Y(-13), 13 * s), ow * 0.5);
		put("car.hub", circle(X(wx), Y(-13), 5 * s));
	}
}

function scene(pal = DAY, o = {}) {
	const cv = new Canvas(SCENE_W, SCENE_H);
	drawScene(cv, pal, o);
	return cv;
}

/** Object-id map of the base scene: flat colours, no anti-aliasing. */
function sceneIds(o = {}) {
	const cv = new Canvas(SCENE_W, SCENE_H);
	cv.aa = false;
	drawScene(cv, SEG, o);
	const ids = new Uint8Array(SCENE_W * SCENE_H);
	const cols = SEG_IDS.map((k) => hex(SEG[k]));
	for (let i = 0; i < ids.length; i++) {
		const c = cv.get(i % SCENE_W, Math.floor(i / SCENE_W));
		ids[i] = cols.findIndex((k) => Math.abs(k[0] - c[0]) + Math.abs(k[1] - c[1]) + Math.abs(k[2] - c[2]) < 3);
	}
	return { cv, ids };
}

function boxOf(ids, name, pad = 3) {
	const id = SEG_IDS.indexOf(name);
	let x0 = SCENE_W;
	let y0 = SCENE_H;
	let x1 = -1;
	let y1 = -1;
	for (let i = 0; i < ids.length; i++) {
		if (ids[i] !== id) continue;
		const x = i % SCENE_W;
		const y = Math.floor(i / SCENE_W);
		if (x < x0) x0 = x;
		if (y < y0) y0 = y;
		if (x > x1) x1 = x;
		if (y > y1) y1 = y;
	}
	return [
		Math.max(1, x0 - pad),
		Math.max(1, y0 - pad),
		Math.min(SCENE_W - 2, x1 + 1 + pad),
		Math.min(SCENE_H - 2, y1 + 1 + pad),
	];
}

function drawLabelledBox(cv, [x0, y0, x1, y1], label, colour) {
	const c = toCol(colour);
	const frame = shape((x, y) => Math.abs(rect(x0, y0, x1, y1).sdf(x, y)) - 1.5, x0 - 2, y0 - 2, x1 + 2, y1 + 2);
	cv.fill(frame, c);
	const tw = textWidth(label, 2) + 8;
	const th = 20;
	const ty = y0 - th >= 0 ? y0 - th : y0;
	const tx = Math.min(x0 - 1.5, SCENE_W - tw);
	cv.fill(rect(tx, ty, tx + tw, ty + th), c);
	drawText(cv, label, tx + 4, ty + 3, 2, "#ffffff");
}

function sceneWithBoxes(labels) {
	const { ids } = sceneIds();
	const cv = scene();
	const colours = { house: "#1f5fd6", tree: "#b01fb8", car: "#e8a400" };
	for (const name of labels) drawLabelledBox(cv, boxOf(ids, name), name, colours[name]);
	return cv;
}

function segmentation() {
	return sceneIds().cv;
}

function depthMap() {
	const cv = new Canvas(SCENE_W, SCENE_H);
	drawScene(cv, DEPTH);
	cv.blur(1);
	return cv;
}

function masks() {
	const { ids } = sceneIds();
	const cv = scene();
	const colours = {
		sun: [255, 120, 0],
		hill: [255, 214, 0],
		house: [40, 110, 255],
		tree: [200, 40, 220],
		car: [0, 215, 230],
	};
	const idCol = SEG_IDS.map((k) => colours[k] ?? null);
	const at = (x, y) => (x < 0 || y < 0 || x >= SCENE_W || y >= SCENE_H ? -1 : ids[y * SCENE_W + x]);
	cv.map((c, x, y) => {
		const id = at(x, y);
		const m = idCol[id];
		if (!m) return c;
		const edge = at(x - 1, y) !== id || at(x + 1, y) !== id || at(x, y - 1) !== id || at(x, y + 1) !== id;
		return mix(c, [...m, 1], edge ? 0.95 : 0.45);
	});
	return cv;
}

// ------------------------------------------------------------ other images --

function carCloseUp() {
	const cv = new Canvas(384, 256, "#eef1f4");
	cv.fill(
		rect(0, 0, 384, 256),
		linGrad(0, 0, 0, 256, [
			[0, "#f4f6f8"],
			[1, "#e2e6ea"],
		]),
	);
	const put = (name, shp) => {
		const p = DAY[name];
		if (p) cv.fill(shp, p);
	};
	const outlined = (name, shp, w = 2) => {
		put(`${name.split(".")[0]}.outline`, grow(shp, w));
		put(name, shp);
	};
	drawCar(put, outlined, 192, 222, 2.6);
	return cv;
}

function lighthouse() {
	const cv = new Canvas(384, 256);
	cv.fill(
		rect(0, 0, 384, 256),
		linGrad(0, 0, 0, 190, [
			[0, "#e0553a"],
			[0.55, "#ff9a3c"],
			[1, "#ffd27f"],
		]),
	);
	// Setting sun and its glow on the horizon.
	cv.fill(
		circle(300, 188, 70),
		radGrad(300, 188, 70, [
			[0, [255, 236, 170, 0.8]],
			[1, [255, 220, 150, 0]],
		]),
	);
	cv.fill(circle(300, 188, 24), "#ffe9a6");
	// Small clouds.
	for (const [x, y, w] of [
		[210, 60, 60],
		[320, 92, 44],
		[40, 40, 50],
	]) {
		cv.fill(rect(x - w / 2, y - 5, x + w / 2, y + 5, 5), [255, 190, 150, 0.7]);
	}
	// Sea.
	cv.fill(
		rect(0, 188, 384, 256),
		linGrad(0, 188, 0, 256, [
			[0, "#2f6e96"],
			[1, "#173e5c"],
		]),
	);
	const r = prng(21);
	for (let i = 0; i < 28; i++) {
		const y = 194 + r() * 58;
		const x = 150 + r() * 234;
		const near = Math.abs(x - 300) < 40 + (y - 190);
		const w = 8 + r() * 22;
		cv.fill(line(x, y, x + w, y, 2), near ? [255, 214, 140, 0.85] : [150, 200, 230, 0.5]);
	}
	// Rocky cliff.
	const cliff = poly([
		[0, 256],
		[0, 150],
		[28, 142],
		[60, 136],
		[118, 138],
		[148, 150],
		[166, 178],
		[184, 214],
		[196, 256],
	]);
	cv.fill(grow(cliff, 1.5), "#4a4b52");
	cv.fill(cliff, "#80838c");
	for (const pts of [
		[
			[120, 140],
			[146, 152],
			[162, 180],
			[136, 170],
		],
		[
			[150, 190],
			[180, 214],
			[190, 256],
			[150, 256],
		],
		[
			[0, 190],
			[40, 176],
			[70, 200],
			[30, 220],
		],
		[
			[80, 214],
			[120, 200],
			[130, 240],
			[90, 250],
		],
	]) {
		cv.fill(poly(pts), "#6a6d76");
	}
	for (const [x, y, w] of [
		[20, 160, 20],
		[95, 170, 26],
		[60, 236, 30],
		[140, 226, 18],
	]) {
		cv.fill(line(x, y, x + w, y - 4, 2), "#9ea1aa");
	}
	// Light beam.
	cv.fill(
		poly([
			[94, 48],
			[250, 20],
			[250, 84],
		]),
		linGrad(94, 48, 250, 48, [
			[0, [255, 246, 190, 0.55]],
			[1, [255, 246, 190, 0]],
		]),
	);
	// Tower: white with one red band, tapering upwards.
	const xAt = (y, side) => {
		const t = (y - 62) / (140 - 62);
		return side < 0 ? 73 - 7 * t : 97 + 7 * t;
	};
	const tower = poly([
		[xAt(62, -1), 62],
		[xAt(62, 1), 62],
		[xAt(140, 1), 140],
		[xAt(140, -1), 140],
	]);
	cv.fill(grow(tower, 1.5), "#3b3b40");
	cv.fill(
		tower,
		linGrad(66, 0, 104, 0, [
			[0, "#ffffff"],
			[0.6, "#f4f2ec"],
			[1, "#d9d6cf"],
		]),
	);
	cv.fill(
		poly([
			[xAt(92, -1), 92],
			[xAt(92, 1), 92],
			[xAt(112, 1), 112],
			[xAt(112, -1), 112],
		]),
		linGrad(66, 0, 104, 0, [
			[0, "#e23a2e"],
			[1, "#a8241c"],
		]),
	);
	cv.fill(rect(81, 122, 89, 140, 3), "#4b3a30");
	cv.fill(rect(82, 72, 88, 80, 1), "#3b3b40");
	// Gallery, lantern room and roof.
	cv.fill(rect(67, 55, 103, 63, 1), "#2f2f35");
	cv.fill(rect(75, 36, 95, 55), "#2f2f35");
	cv.fill(rect(77, 38, 93, 55), "#fff1a0");
	cv.fill(rect(84, 38, 86, 55), "#2f2f35");
	cv.fill(
		poly([
			[71, 37],
			[85, 22],
			[99, 37],
		]),
		"#c0302a",
	);
	cv.fill(circle(85, 21, 2.5), "#2f2f35");
	// Birds.
	drawBirds(
		cv,
		[
			[180, 40],
			[200, 52],
			[166, 56],
		],
		"#4a2d2d",
	);
	return cv;
}

function flower() {
	const cv = new Canvas(320, 320);
	cv.fill(
		rect(0, 0, 320, 320),
		radGrad(160, 140, 240, [
			[0, "#eefae6"],
			[1, "#cfe9c2"],
		]),
	);
	const cx = 160;
	const cy = 130;
	cv.fill(
		polyline(
			[
				[cx, cy],
				[cx - 4, 220],
				[cx + 2, 320],
			],
			10,
		),
		"#3d9a40",
	);
	for (const [x, y, rot] of [
		[126, 252, -0.5],
		[196, 226, 0.5],
	]) {
		const leaf = ellipse(x, y, 36, 14, rot);
		cv.fill(grow(leaf, 1.5), "#2a6e2d");
		cv.fill(leaf, "#57b54f");
		const c = Math.cos(rot);
		const s = Math.sin(rot);
		cv.fill(line(x - c * 28, y - s * 28, x + c * 28, y + s * 28, 1.5), "#3a8a3a");
	}
	for (let i = 0; i < 8; i++) {
		const a = (i * TAU) / 8 + 0.2;
		const px = cx + Math.cos(a) * 58;
		const py = cy + Math.sin(a) * 58;
		const petal = ellipse(px, py, 50, 25, a);
		cv.fill(grow(petal, 1.5), "#c94a86");
		cv.fill(
			petal,
			radGrad(cx, cy, 110, [
				[0.2, "#f06aa8"],
				[1, "#ffc2dd"],
			]),
		);
	}
	cv.fill(grow(circle(cx, cy, 34), 1.5), "#d08a12");
	cv.fill(
		circle(cx, cy, 34),
		radGrad(cx - 8, cy - 8, 44, [
			[0, "#ffe680"],
			[1, "#ffc61a"],
		]),
	);
	for (let i = 0; i < 30; i++) {
		const r = 5 + 24 * Math.sqrt(i / 30);
		const a = i * 2.39996;
		cv.fill(circle(cx + Math.cos(a) * r, cy + Math.sin(a) * r, 2), [210, 130, 20, 0.75]);
	}
	return cv;
}

function kiteBeach() {
	const cv = new Canvas(384, 256);
	cv.fill(
		rect(0, 0, 384, 256),
		linGrad(0, 0, 0, 130, [
			[0, "#5aa7e6"],
			[1, "#cdeaff"],
		]),
	);
	for (const [x, y, s] of [
		[70, 45, 1],
		[320, 30, 0.8],
	]) {
		cv.fill(
			union(
				ellipse(x, y, 30 * s, 11 * s),
				circle(x - 10 * s, y - 8 * s, 12 * s),
				circle(x + 9 * s, y - 10 * s, 15 * s),
			),
			"#ffffff",
		);
	}
	cv.fill(
		rect(0, 128, 384, 176),
		linGrad(0, 128, 0, 176, [
			[0, "#1f66b8"],
			[1, "#3f9ad6"],
		]),
	);
	const r = prng(3);
	for (let i = 0; i < 18; i++) {
		const y = 134 + r() * 36;
		const x = r() * 384;
		cv.fill(line(x, y, x + 10 + r() * 16, y, 1.6), [255, 255, 255, 0.55]);
	}
	const shore = [];
	for (let x = -10; x <= 394; x += 8) shore.push([x, 176 + 4 * Math.sin(x / 22)]);
	cv.fill(
		poly([...shore, [394, 256], [-10, 256]]),
		linGrad(0, 176, 0, 256, [
			[0, "#f3dca2"],
			[1, "#e6c27a"],
		]),
	);
	cv.fill(polyline(shore, 3.5), [255, 255, 255, 0.9]);
	for (let i = 0; i < 40; i++) {
		cv.fill(circle(r() * 384, 190 + r() * 66, 1.2), [190, 150, 90, 0.6]);
	}
	// A sand castle and a bucket for scale.
	const castle = union(
		rect(48, 212, 92, 236),
		rect(60, 194, 80, 213),
		...[48, 58, 74, 84].map((x) => rect(x, 206, x + 8, 213)),
		...[60, 68, 76].map((x) => rect(x, 188, x + 4, 195)),
	);
	cv.fill(grow(castle, 1), "#b88a3e");
	cv.fill(castle, "#dcb468");
	cv.fill(rect(66, 224, 74, 236, 3), "#a87a30");
	cv.fill(line(70, 188, 70, 174, 1.2), "#5a4a3a");
	cv.fill(
		poly([
			[70, 174],
			[80, 178],
			[70, 182],
		]),
		"#2f7fd8",
	);
	cv.fill(rect(312, 214, 330, 236, 2), "#2f7fd8");
	cv.fill(line(312, 214, 321, 204, 1.5), "#1d5aa0");
	cv.fill(line(321, 204, 330, 214, 1.5), "#1d5aa0");
	// Kite string down to the bottom left (the flyer is out of frame).
	cv.fill(
		polyline(
			Array.from({ length: 21 }, (_, i) => {
				const t = i / 20;
				return [250 + (120 - 250) * t, 74 + (256 - 74) * t + 18 * Math.sin(Math.PI * t)];
			}),
			1.2,
		),
		"#5a4a3a",
	);
	// Tail with bows.
	const tail = Array.from({ length: 16 }, (_, i) => [252 + 8 * Math.sin(i / 2.2) + i * 1.5, 124 + i * 5]);
	cv.fill(polyline(tail, 1.6), "#5a4a3a");
	for (const k of [4, 9, 14]) {
		const [x, y] = tail[k];
		const col = k === 9 ? "#2f7fd8" : "#ffcc22";
		cv.fill(
			poly([
				[x, y],
				[x - 8, y - 5],
				[x - 8, y + 5],
			]),
			col,
		);
		cv.fill(
			poly([
				[x, y],
				[x + 8, y - 5],
				[x + 8, y + 5],
			]),
			col,
		);
	}
	// The kite: a red diamond with darker right half and cross spars.
	const T = [250, 24];
	const R = [288, 70];
	const B = [250, 124];
	const L = [212, 70];
	const kite = poly([T, R, B, L]);
	cv.fill(grow(kite, 2), "#6e1410");
	cv.fill(kite, "#e8372b");
	cv.fill(poly([T, R, B]), "#c0241b");
	cv.fill(poly([T, [250, 70], L]), [255, 255, 255, 0.18]);
	cv.fill(line(...T, ...B, 2), "#5a3a22");
	cv.fill(line(...L, ...R, 2), "#5a3a22");
	// Gulls.
	drawBirds(
		cv,
		[
			[150, 70],
			[170, 60],
		],
		"#3c4450",
	);
	return cv;
}

function paperBoat() {
	const cv = new Canvas(384, 256);
	cv.fill(
		rect(0, 0, 384, 256),
		linGrad(0, 0, 0, 80, [
			[0, "#6db4ee"],
			[1, "#d4efff"],
		]),
	);
	// Far bank with bushes.
	const far = [];
	for (let x = -10; x <= 394; x += 8) far.push([x, 86 + 6 * Math.sin(x / 40) + 3 * Math.sin(x / 13)]);
	for (const [x, rr] of [
		[30, 22],
		[64, 16],
		[170, 26],
		[210, 18],
		[330, 24],
		[362, 15],
	]) {
		cv.fill(circle(x, 88, rr), "#2f8a3c");
	}
	cv.fill(poly([...far, [394, 118], [-10, 118]]), "#5fb84a");
	// River.
	const top = [];
	const bot = [];
	for (let x = -10; x <= 394; x += 8) {
		top.push([x, 108 + 4 * Math.sin(x / 30)]);
		bot.push([x, 204 + 5 * Math.sin(x / 37 + 1)]);
	}
	cv.fill(
		poly([...top, ...bot.slice().reverse()]),
		linGrad(0, 104, 0, 210, [
			[0, "#2f7fd0"],
			[1, "#1f5fae"],
		]),
	);
	const r = prng(9);
	for (let i = 0; i < 26; i++) {
		const y = 118 + r() * 80;
		const x = r() * 384;
		if (Math.abs(x - 192) < 80 && y > 140 && y < 186) continue;
		cv.fill(line(x, y, x + 8 + r() * 18, y, 1.6), [200, 230, 255, 0.55]);
	}
	// Near bank with grass tufts.
	cv.fill(
		poly([...bot, [394, 256], [-10, 256]]),
		linGrad(0, 200, 0, 256, [
			[0, "#6cc04c"],
			[1, "#4aa338"],
		]),
	);
	cv.fill(polyline(top, 3), [255, 255, 255, 0.35]);
	for (let i = 0; i < 22; i++) {
		const x = 8 + i * 17 + r() * 6;
		const y = 226 + r() * 24;
		cv.fill(
			polyline(
				[
					[x - 4, y - 7],
					[x, y],
					[x + 4, y - 8],
				],
				1.6,
			),
			"#3a8a32",
		);
	}
	// Ripples around the boat and its reflection.
	cv.fill(ellipse(192, 179, 86, 8), [20, 60, 120, 0.35]);
	for (const [rx, a] of [
		[100, 0.5],
		[118, 0.3],
	]) {
		cv.fill(
			intersect(
				shape((x, y) => Math.abs(ellipse(192, 180, rx, 11).sdf(x, y)) - 1, 80, 160, 304, 200),
				rect(0, 180, 384, 200),
			),
			[220, 240, 255, a],
		);
	}
	cv.fill(
		poly([
			[128, 178],
			[256, 178],
			[236, 190],
			[148, 190],
		]),
		[255, 255, 255, 0.22],
	);
	// The paper boat.
	const hull = poly([
		[118, 146],
		[266, 146],
		[238, 178],
		[146, 178],
	]);
	const sail = poly([
		[156, 147],
		[192, 82],
		[228, 147],
	]);
	cv.fill(grow(sail, 1.5), "#5b6470");
	cv.fill(
		poly([
			[156, 147],
			[192, 82],
			[192, 147],
		]),
		"#e3e7ec",
	);
	cv.fill(
		poly([
			[192, 147],
			[192, 82],
			[228, 147],
		]),
		"#ffffff",
	);
	cv.fill(grow(hull, 1.5), "#5b6470");
	cv.fill(
		hull,
		linGrad(118, 0, 266, 0, [
			[0, "#f4f6f8"],
			[1, "#ffffff"],
		]),
	);
	cv.fill(
		poly([
			[118, 146],
			[160, 146],
			[146, 178],
		]),
		"#dde2e8",
	);
	cv.fill(
		poly([
			[266, 146],
			[224, 146],
			[238, 178],
		]),
		"#eef1f4",
	);
	cv.fill(line(160, 146, 176, 178, 1.2), "#9aa3ad");
	cv.fill(line(224, 146, 208, 178, 1.2), "#9aa3ad");
	cv.fill(line(192, 84, 192, 146, 1), "#aab2bb");
	return cv;
}

/** Old-film look: sepia tones, vignette, dust and scratches (seeded). */
function sepia(src) {
	const cv = src.clone();
	const { w, h } = cv;
	cv.map(([r, g, b], x, y) => {
		const l = 0.3 * r + 0.59 * g + 0.11 * b;
		const dx = (x - w / 2) / (w / 2);
		const dy = (y - h / 2) / (h / 2);
		const v = 1 - 0.38 * Math.min(1, (dx * dx + dy * dy) * 0.55);
		const t = Math.min(1, 0.1 + (1.1 * l) / 255) * v;
		return [255 * Math.min(1, t * 1.08 + 0.05), 255 * (t * 0.88 + 0.03), 255 * (t * 0.66 + 0.02), 1];
	});
	const r = prng(42);
	for (let i = 0; i < 3; i++) {
		const x = 30 + r() * (w - 60);
		cv.fill(line(x, 0, x + (r() - 0.5) * 6, h, 0.8), [245, 230, 200, 0.45]);
	}
	for (let i = 0; i < 70; i++) {
		const dark = r() < 0.6;
		cv.fill(circle(r() * w, r() * h, 0.5 + r() * 1.2), dark ? [60, 40, 20, 0.5] : [250, 240, 215, 0.6]);
	}
	// Dark film frame edges.
	cv.fill(
		shape((x, y) => -rect(4, 4, w - 4, h - 4, 10).sdf(x, y), 0, 0, w, h),
		[35, 25, 15, 1],
		3,
	);
	return cv;
}

function invoice() {
	const pw = 336;
	const ph = 430;
	const page = new Canvas(pw, ph, "#fbfbf8");
	const ink = [34, 34, 34, 1];
	const left = 24;
	const right = pw - 24;
	const txt = (s, x, y, sc = 2) => drawText(page, s, x, y, sc, ink);
	const rtxt = (s, y, sc = 2) => txt(s, right - textWidth(s, sc), y, sc);
	const rule = (y, w = 1.5) => page.fill(rect(left, y, right, y + w), ink);
	txt("INVOICE", left, 26, 4);
	txt("No. 1042", left, 72);
	txt("Date: 2026-03-14", left, 96);
	txt("From: Acme Tools", left, 120);
	txt("Bill to: J. Martin", left, 144);
	rule(172, 2);
	txt("Item", left, 182);
	rtxt("Amount", 182);
	rule(204);
	const items = [
		["Desk lamp", "39.90"],
		["Office chair", "89.00"],
		["USB cables", "25.30"],
	];
	items.forEach(([name, amount], i) => {
		txt(name, left, 216 + i * 26);
		rtxt(amount, 216 + i * 26);
	});
	rule(296, 2);
	for (const dx of [0, 1]) {
		drawText(page, "TOTAL", left + dx, 310, 2, ink);
		drawText(page, "154.20", right - textWidth("154.20", 2) + dx, 310, 2, ink);
	}
	rule(334);
	txt("Thank you!", left, 372);
	txt("Pay within 30 days.", left, 396);

	// "Scan": put the page slightly rotated on the scanner glass.
	const W = 384;
	const H = 480;
	const cv = new Canvas(W, H, "#cfcfcc");
	const ang = (-1.1 * Math.PI) / 180;
	const ca = Math.cos(ang);
	const sa = Math.sin(ang);
	const ox = W / 2;
	const oy = H / 2;
	const corners = [
		[-pw / 2, -ph / 2],
		[pw / 2, -ph / 2],
		[pw / 2, ph / 2],
		[-pw / 2, ph / 2],
	].map(([u, v]) => [ox + u * ca - v * sa, oy + u * sa + v * ca]);
	cv.fill(translate(poly(corners), 3, 4), [60, 60, 60, 0.35], 6);
	const sample = (u, v) => {
		const x0 = Math.floor(u - 0.5);
		const y0 = Math.floor(v - 0.5);
		const fx = u - 0.5 - x0;
		const fy = v - 0.5 - y0;
		const acc = [0, 0, 0, 0];
		for (const [dx, dy, wgt] of [
			[0, 0, (1 - fx) * (1 - fy)],
			[1, 0, fx * (1 - fy)],
			[0, 1, (1 - fx) * fy],
			[1, 1, fx * fy],
		]) {
			const x = x0 + dx;
			const y = y0 + dy;
			if (x < 0 || y < 0 || x >= pw || y >= ph) continue;
			const c = page.get(x, y);
			for (let k = 0; k < 3; k++) acc[k] += c[k] * wgt;
			acc[3] += wgt;
		}
		return acc;
	};
	cv.map((c, x, y) => {
		const dx = x + 0.5 - ox;
		const dy = y + 0.5 - oy;
		const u = dx * ca + dy * sa + pw / 2;
		const v = -dx * sa + dy * ca + ph / 2;
		const s = sample(u, v);
		if (s[3] <= 0) return c;
		const a = s[3];
		return [c[0] * (1 - a) + s[0], c[1] * (1 - a) + s[1], c[2] * (1 - a) + s[2], 1];
	});
	// Scanner specks and a faint grey gradient.
	const r = prng(77);
	for (let i = 0; i < 60; i++) {
		cv.fill(circle(r() * W, r() * H, 0.4 + r() * 0.8), grey(120, 0.5));
	}
	cv.fill(
		rect(0, 0, W, H),
		linGrad(0, 0, W, 0, [
			[0, grey(0, 0.05)],
			[0.5, grey(0, 0)],
			[1, grey(0, 0.04)],
		]),
	);
	cv.map((c) => {
		const v = Math.round(0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]);
		return [v, v, v, 1];
	});
	return cv;
}

function catFace() {
	const cv = new Canvas(320, 320);
	cv.fill(
		rect(0, 0, 320, 320),
		radGrad(160, 170, 230, [
			[0, "#fdf6e8"],
			[1, "#f1e3c8"],
		]),
	);
	const out = "#3b3b3f";
	const fur = "#9a9ca3";
	for (const s of [-1, 1]) {
		const ear = poly([
			[160 + s * 98, 150],
			[160 + s * 84, 32],
			[160 + s * 22, 100],
		]);
		cv.fill(grow(ear, 2.5), out);
		cv.fill(ear, fur);
		cv.fill(
			poly([
				[160 + s * 86, 128],
				[160 + s * 80, 56],
				[160 + s * 42, 104],
			]),
			"#f2a7b5",
		);
	}
	const head = ellipse(160, 182, 112, 96);
	cv.fill(grow(head, 2.5), out);
	cv.fill(
		head,
		radGrad(150, 160, 130, [
			[0, "#a9abb2"],
			[1, "#888a92"],
		]),
	);
	for (const [dx, len] of [
		[-16, 26],
		[0, 32],
		[16, 26],
	]) {
		cv.fill(line(160 + dx, 92, 160 + dx * 1.2, 92 + len, 7), "#6d6f77");
	}
	// Muzzle.
	cv.fill(ellipse(140, 222, 28, 20), "#d9dadf");
	cv.fill(ellipse(180, 222, 28, 20), "#d9dadf");
	// Eyes.
	for (const s of [-1, 1]) {
		const ex = 160 + s * 44;
		const ey = 170;
		cv.fill(ellipse(ex, ey, 23, 26), out);
		cv.fill(
			ellipse(ex, ey, 20, 23),
			radGrad(ex, ey, 24, [
				[0, "#9be86a"],
				[1, "#3aa63a"],
			]),
		);
		cv.fill(ellipse(ex, ey, 5, 19), "#111114");
		cv.fill(circle(ex - 7, ey - 9, 4.5), "#ffffff");
	}
	// Nose and mouth.
	cv.fill(
		poly([
			[147, 204],
			[173, 204],
			[160, 218],
		]),
		"#e98799",
	);
	cv.fill(line(160, 216, 160, 228, 2.5), out);
	for (const s of [-1, 1]) {
		cv.fill(intersect(ring(160 + s * 11, 226, 11, 2.5), rect(100, 226, 220, 260)), out);
	}
	// Whiskers.
	for (const s of [-1, 1]) {
		for (const [y0, y1] of [
			[214, 200],
			[222, 222],
			[230, 244],
		]) {
			cv.fill(line(160 + s * 42, y0, 160 + s * 138, y1, 2), "#2f2f33");
		}
	}
	return cv;
}

function mug() {
	const cv = new Canvas(320, 320, "#ffffff");
	cv.fill(
		ellipse(164, 262, 100, 16),
		radGrad(164, 262, 100, [
			[0, [0, 0, 0, 0.16]],
			[1, [0, 0, 0, 0]],
		]),
		4,
	);
	const body = linGrad(95, 0, 215, 0, [
		[0, "#a81c1c"],
		[0.3, "#f04a47"],
		[0.55, "#de3330"],
		[1, "#9c1616"],
	]);
	const out = "#5a0d0d";
	// Handle (behind the body).
	const handle = intersect(ring(212, 172, 38, 17), rect(200, 100, 270, 240));
	cv.fill(grow(handle, 2), out);
	cv.fill(
		handle,
		linGrad(210, 130, 252, 210, [
			[0, "#e0403c"],
			[1, "#a01a1a"],
		]),
	);
	const cup = union(rect(95, 98, 215, 250), ellipse(155, 250, 60, 14));
	cv.fill(grow(cup, 2), out);
	cv.fill(cup, body);
	cv.fill(grow(ellipse(155, 98, 60, 14), 2), out);
	cv.fill(ellipse(155, 98, 60, 14), "#e84a46");
	cv.fill(
		ellipse(155, 99, 53, 10),
		linGrad(0, 89, 0, 109, [
			[0, "#5e0c0c"],
			[1, "#8e1b1b"],
		]),
	);
	cv.fill(line(116, 124, 116, 228, 7), [255, 255, 255, 0.3]);
	cv.fill(line(128, 124, 128, 150, 3), [255, 255, 255, 0.22]);
	return cv;
}

const FIGURE = {
	head: [160, 62],
	rShoulder: [128, 112],
	lShoulder: [192, 112],
	rElbow: [96, 82],
	rWrist: [86, 36],
	lElbow: [210, 156],
	lWrist: [220, 200],
	rHip: [142, 196],
	lHip: [178, 196],
	rKnee: [132, 246],
	lKnee: [190, 246],
	rAnkle: [122, 294],
	lAnkle: [200, 294],
};

function drawFigure(cv, ink) {
	const F = FIGURE;
	const w = 7;
	const neck = [160, 88];
	const pelvis = [160, 196];
	cv.fill(ring(...F.head, 24, w), ink);
	cv.fill(circle(152, 58, 2.8), ink);
	cv.fill(circle(168, 58, 2.8), ink);
	cv.fill(intersect(ring(160, 62, 11, 3), rect(140, 66, 180, 80)), ink);
	cv.fill(line(...neck, ...pelvis, w), ink);
	cv.fill(line(...F.rShoulder, ...F.lShoulder, w), ink);
	cv.fill(line(...F.rHip, ...F.lHip, w), ink);
	cv.fill(polyline([F.rShoulder, F.rElbow, F.rWrist], w), ink);
	cv.fill(polyline([F.lShoulder, F.lElbow, F.lWrist], w), ink);
	cv.fill(polyline([F.rHip, F.rKnee, F.rAnkle, [F.rAnkle[0] - 16, F.rAnkle[1]]], w), ink);
	cv.fill(polyline([F.lHip, F.lKnee, F.lAnkle, [F.lAnkle[0] + 16, F.lAnkle[1]]], w), ink);
	cv.fill(circle(...F.rWrist, 7), ink);
	cv.fill(circle(...F.lWrist, 6), ink);
}

function stickFigure(withKeypoints) {
	const cv = new Canvas(320, 320, "#f2f5f9");
	drawFigure(cv, withKeypoints ? "#9aa1ab" : "#2b2f36");
	// Waving marks next to the raised hand.
	for (const [r, a] of [
		[16, 0.9],
		[24, 0.6],
	]) {
		const arc = intersect(ring(86, 36, r, 2.5), rect(40, 10, 80, 50));
		cv.fill(arc, [43, 47, 54, a]);
	}
	if (!withKeypoints) return cv;
	const F = FIGURE;
	const bones = [
		["head", "rShoulder", "#2bb673"],
		["head", "lShoulder", "#2bb673"],
		["rShoulder", "lShoulder", "#2bb673"],
		["rShoulder", "rElbow", "#ff8a1f"],
		["rElbow", "rWrist", "#ff8a1f"],
		["lShoulder", "lElbow", "#2f80ed"],
		["lElbow", "lWrist", "#2f80ed"],
		["rShoulder", "rHip", "#2bb673"],
		["lShoulder", "lHip", "#2bb673"],
		["rHip", "lHip", "#2bb673"],
		["rHip", "rKnee", "#ff8a1f"],
		["rKnee", "rAnkle", "#ff8a1f"],
		["lHip", "lKnee", "#2f80ed"],
		["lKnee", "lAnkle", "#2f80ed"],
	];
	for (const [a, b, c] of bones) cv.fill(line(...F[a], ...F[b], 3.5), c);
	const dot = (name) => (name === "head" ? "#e0245e" : name.startsWith("r") ? "#ff5a1f" : "#1f5fd6");
	for (const [name, p] of Object.entries(F)) {
		cv.fill(circle(...p, 7), "#ffffff");
		cv.fill(circle(...p, 5), dot(name));
	}
	return cv;
}

function robotTable() {
	const cv = new Canvas(384, 256, "#5b5f66");
	// Table top with planks and wood grain.
	const wood = (x, y) => {
		const plank = Math.floor(y / 64);
		const g = Math.sin(y * 0.42 + 2.5 * Math.sin(x * 0.013 + plank * 1.7) + plank);
		const base = [176, 122, 70];
		const k = 1 + 0.06 * g + (plank % 2 ? 0.04 : -0.02);
		return [base[0] * k, base[1] * k, base[2] * k, 1];
	};
	cv.fill(rect(0, 0, 384, 256), wood);
	for (let y = 64; y < 256; y += 64) cv.fill(rect(0, y - 1, 384, y + 1), "#7a4e28");
	cv.fill(
		shape((x, y) => -rect(0, 0, 384, 256).sdf(x, y) - 6, 0, 0, 384, 256),
		[60, 35, 15, 0.35],
		8,
	);
	// Red cube on the left (seen from above: a square with a bevel) and its shadow.
	cv.fill(rect(82, 104, 146, 168, 4), [0, 0, 0, 0.28], 4);
	cv.fill(rect(74, 96, 138, 160, 3), "#9e1e1e");
	cv.fill(rect(78, 100, 134, 156, 2), "#d93030");
	cv.fill(
		poly([
			[78, 100],
			[134, 100],
			[124, 110],
			[88, 110],
		]),
		"#ee5a50",
	);
	cv.fill(
		poly([
			[78, 100],
			[88, 110],
			[88, 146],
			[78, 156],
		]),
		"#e44a42",
	);
	cv.fill(
		poly([
			[134, 156],
			[124, 146],
			[88, 146],
			[78, 156],
		]),
		"#b82424",
	);
	cv.fill(
		poly([
			[134, 100],
			[134, 156],
			[124, 146],
			[124, 110],
		]),
		"#c22828",
	);
	// Blue bowl on the right.
	cv.fill(circle(292, 136, 56), [0, 0, 0, 0.28], 6);
	cv.fill(circle(284, 128, 56), "#1d4fa8");
	cv.fill(circle(284, 128, 52), "#3c7fe0");
	cv.fill(circle(284, 128, 44), "#285fbe");
	cv.fill(
		circle(284, 128, 42),
		radGrad(296, 140, 52, [
			[0, "#6aa6f2"],
			[1, "#1f4f9e"],
		]),
	);
	cv.fill(intersect(ring(284, 128, 48, 3), rect(220, 60, 270, 120)), [255, 255, 255, 0.55]);
	return cv;
}

// ------------------------------------------------------------------ audio --

const SR = 16000;

function wavBytes(samples) {
	const n = samples.length;
	const buf = Buffer.alloc(44 + n * 2);
	buf.write("RIFF", 0, "ascii");
	buf.writeUInt32LE(36 + n * 2, 4);
	buf.write("WAVE", 8, "ascii");
	buf.write("fmt ", 12, "ascii");
	buf.writeUInt32LE(16, 16);
	buf.writeUInt16LE(1, 20); // PCM
	buf.writeUInt16LE(1, 22); // mono
	buf.writeUInt32LE(SR, 24);
	buf.writeUInt32LE(SR * 2, 28);
	buf.writeUInt16LE(2, 32);
	buf.writeUInt16LE(16, 34);
	buf.write("data", 36, "ascii");
	buf.writeUInt32LE(n * 2, 40);
	for (let i = 0; i < n; i++) {
		buf.writeInt16LE(clamp(Math.round(samples[i] * 32767), -32768, 32767), 44 + i * 2);
	}
	return buf;
}

/** Read a PCM WAV (8/16-bit, any channel count) -> { rate, samples: Float32Array mono }. */
function readWav(buf) {
	if (buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE") {
		throw new Error("not a WAV file");
	}
	let pos = 12;
	let fmt = null;
	let data = null;
	while (pos + 8 <= buf.length) {
		const id = buf.toString("ascii", pos, pos + 4);
		let size = buf.readUInt32LE(pos + 4);
		const body = pos + 8;
		if (size > buf.length - body) size = buf.length - body;
		if (id === "fmt ") {
			fmt = {
				format: buf.readUInt16LE(body),
				channels: buf.readUInt16LE(body + 2),
				rate: buf.readUInt32LE(body + 4),
				bits: buf.readUInt16LE(body + 14),
			};
		} else if (id === "data") {
			data = buf.subarray(body, body + size);
		}
		pos = body + size + (size & 1);
	}
	if (!fmt || !data || fmt.format !== 1) throw new Error("unsupported WAV");
	const bps = fmt.bits / 8;
	const frames = Math.floor(data.length / (bps * fmt.channels));
	const out = new Float32Array(frames);
	for (let f = 0; f < frames; f++) {
		let acc = 0;
		for (let c = 0; c < fmt.channels; c++) {
			const o = (f * fmt.channels + c) * bps;
			acc += bps === 2 ? data.readInt16LE(o) / 32768 : (data[o] - 128) / 128;
		}
		out[f] = acc / fmt.channels;
	}
	return { rate: fmt.rate, samples: out };
}

/** Low-pass (windowed sinc) then linear interpolation to SR. */
function resample(x, rate) {
	if (rate === SR) return Float32Array.from(x);
	let src = x;
	if (rate > SR) {
		const fc = (0.45 * SR) / rate;
		const taps = 63;
		const m = (taps - 1) / 2;
		const k = new Float32Array(taps);
		let sum = 0;
		for (let i = 0; i < taps; i++) {
			const t = i - m;
			const sinc = t === 0 ? 2 * fc : Math.sin(TAU * fc * t) / (Math.PI * t);
			const win = 0.42 - 0.5 * Math.cos((TAU * i) / (taps - 1)) + 0.08 * Math.cos((2 * TAU * i) / (taps - 1));
			k[i] = sinc * win;
			sum += k[i];
		}
		src = new Float32Array(x.length);
		for (let n = 0; n < x.length; n++) {
			let acc = 0;
			for (let i = 0; i < taps; i++) {
				const j = n + i - m;
				if (j >= 0 && j < x.length) acc += x[j] * k[i];
			}
			src[n] = acc / sum;
		}
	}
	const n = Math.floor((src.length * SR) / rate);
	const out = new Float32Array(n);
	for (let i = 0; i < n; i++) {
		const p = (i * rate) / SR;
		const j = Math.floor(p);
		const f = p - j;
		out[i] = (src[j] ?? 0) * (1 - f) + (src[j + 1] ?? src[j] ?? 0) * f;
	}
	return out;
}

/** Cut leading/trailing silence (10 ms frames under 2% of the loudest), then fade the ends. */
function trim(x, marginMs = 15) {
	const fr = SR / 100;
	const rms = [];
	for (let i = 0; i < x.length; i += fr) {
		let s = 0;
		const end = Math.min(x.length, i + fr);
		for (let j = i; j < end; j++) s += x[j] * x[j];
		rms.push(Math.sqrt(s / (end - i)));
	}
	const peak = Math.max(...rms);
	const th = peak * 0.02;
	let a = rms.findIndex((v) => v > th);
	let b = rms.length - 1 - [...rms].reverse().findIndex((v) => v > th);
	if (a < 0) return new Float32Array(0);
	const m = Math.round((marginMs / 1000) * SR);
	a = Math.max(0, a * fr - m);
	b = Math.min(x.length, (b + 1) * fr + m);
	const out = x.slice(a, b);
	fade(out, 0.008);
	return out;
}

function fade(x, sec) {
	const n = Math.min(Math.floor(sec * SR), Math.floor(x.length / 2));
	for (let i = 0; i < n; i++) {
		const g = i / n;
		x[i] *= g;
		x[x.length - 1 - i] *= g;
	}
}

function normalize(x, peak) {
	let m = 0;
	for (const v of x) m = Math.max(m, Math.abs(v));
	if (m > 0) for (let i = 0; i < x.length; i++) x[i] *= peak / m;
	return x;
}

const pad = (x, before, after) => {
	const out = new Float32Array(Math.round(before * SR) + x.length + Math.round(after * SR));
	out.set(x, Math.round(before * SR));
	return out;
};

function hasEspeak() {
	const r = spawnSync("espeak-ng", ["--version"], { encoding: "utf8" });
	return !r.error && r.status === 0;
}

let tmp = null;
/** Speak text with espeak-ng -> trimmed Float32Array at SR, peak-normalised to 1. */
function speak(text, speed = 150) {
	tmp ??= mkdtempSync(join(tmpdir(), "hubkit-demo-"));
	const file = join(tmp, "say.wav");
	const r = spawnSync("espeak-ng", ["-v", "en-us", "-s", String(speed), "-w", file, text]);
	if (r.error || r.status !== 0) {
		throw new Error(`espeak-ng failed: ${r.error?.message ?? r.stderr?.toString()}`);
	}
	const { rate, samples } = readWav(readFileSync(file));
	return normalize(trim(resample(samples, rate)), 1);
}

function doorbell() {
	const n = Math.round(2.2 * SR);
	const out = new Float32Array(n);
	const strike = (t0, f) => {
		const partials = [
			[1, 1, 1.1],
			[2.76, 0.32, 0.45],
			[5.4, 0.12, 0.2],
		];
		for (let i = Math.round(t0 * SR); i < n; i++) {
			const t = i / SR - t0;
			const att = Math.min(1, t / 0.003);
			let v = 0;
			for (const [ratio, amp, tau] of partials) v += amp * Math.exp(-t / tau) * Math.sin(TAU * f * ratio * t);
			out[i] += att * v;
		}
	};
	strike(0.08, 659.25); // ding (E5)
	strike(0.72, 523.25); // dong (C5)
	normalize(out, 0.8);
	fade(out, 0.05);
	return out;
}

function musicBox() {
	// Semitones above C5 with lengths in steps of 0.2 s.
	const tune = [
		[7, 1],
		[12, 1],
		[16, 1],
		[14, 1],
		[12, 1],
		[16, 1],
		[19, 2],
		[17, 1],
		[16, 1],
		[14, 1],
		[11, 1],
		[12, 3],
	];
	const step = 0.2;
	const total = 3.0;
	const n = Math.round(total * SR);
	const out = new Float32Array(n);
	let t0 = 0.05;
	for (const [semi, len] of tune) {
		const f = 523.25 * 2 ** (semi / 12);
		for (let i = Math.round(t0 * SR); i < n; i++) {
			const t = i / SR - t0;
			const env = Math.min(1, t / 0.002) * Math.exp(-t / 0.45);
			out[i] += env * (Math.sin(TAU * f * t) + 0.12 * Math.sin(TAU * 2 * f * t));
		}
		t0 += len * step;
	}
	normalize(out, 0.7);
	fade(out, 0.08);
	return out;
}

function humAndHiss(n) {
	const out = new Float32Array(n);
	const r = prng(2024);
	let prev = 0;
	for (let i = 0; i < n; i++) {
		const t = i / SR;
		let v = 0;
		for (const [h, a] of [
			[1, 0.05],
			[2, 0.035],
			[3, 0.03],
			[5, 0.015],
			[7, 0.008],
		]) {
			v += a * Math.sin(TAU * 50 * h * t + h);
		}
		const g = (r() + r() + r() + r() - 2) * 0.02;
		v += g - 0.5 * prev;
		prev = g;
		out[i] = 0.6 * v;
	}
	fade(out, 0.03);
	return out;
}

/** Place two phrases in 4.0 s, each centred in its window; speed up espeak until they fit. */
function vad() {
	const total = 4 * SR;
	const out = new Float32Array(total);
	const windows = [
		["Hello there.", 0.5, 1.7],
		["How are you?", 2.5, 3.6],
	];
	for (const [text, a, b] of windows) {
		const room = Math.floor((b - a) * SR) - Math.round(0.06 * SR);
		let clip = null;
		for (let speed = 150; speed <= 260; speed += 10) {
			clip = speak(text, speed);
			if (clip.length <= room) break;
		}
		if (clip.length > room) clip = clip.slice(0, room);
		normalize(clip, 0.8);
		const start = Math.round(a * SR) + Math.floor((Math.floor((b - a) * SR) - clip.length) / 2);
		out.set(clip, start);
	}
	return out;
}

// ------------------------------------------------------------------- main --

function main() {
	mkdirSync(OUT, { recursive: true });
	const made = [];
	const save = (name, buf) => {
		writeFileSync(join(OUT, name), buf);
		made.push(name);
	};
	const png = (name, cv) => save(name, encodePNG(cv));
	const wav = (name, samples) => save(name, wavBytes(samples));

	const street = scene();
	for (const task of [
		"depth-estimation",
		"object-detection",
		"image-segmentation",
		"image-to-text",
		"image-to-image",
		"image-to-video",
		"image-text-to-text",
		"image-text-to-image",
		"image-text-to-video",
		"visual-question-answering",
		"mask-generation",
		"zero-shot-object-detection",
		"any-to-any",
	]) {
		png(`${task}-input.png`, street);
	}
	png("depth-estimation-output.png", depthMap());
	png("object-detection-output.png", sceneWithBoxes(["house", "tree", "car"]));
	png("zero-shot-object-detection-output.png", sceneWithBoxes(["car", "tree"]));
	png("image-segmentation-output.png", segmentation());
	png("mask-generation-output.png", masks());
	png("image-to-image-output.png", scene(NIGHT, { sun: "moon", stars: true, lit: true }));
	png("image-to-video-output.png", scene(DAY, { car: CAR_LATER, motion: true }));
	png("image-text-to-image-output.png", scene(SNOW, { sun: "none", snow: true, flakes: true }));
	png("image-text-to-video-output.png", scene(SUNSET_PAL, { sun: "low" }));
	png("image-classification-input.png", carCloseUp());
	png("text-to-image-output.png", lighthouse());
	png("unconditional-image-generation-output.png", flower());
	const kite = kiteBeach();
	png("video-classification-input.png", kite);
	png("video-text-to-text-input.png", kite);
	const boat = paperBoat();
	png("text-to-video-output.png", boat);
	png("video-to-video-input.png", boat);
	png("video-to-video-output.png", sepia(boat));
	png("document-question-answering-input.png", invoice());
	const cat = catFace();
	png("zero-shot-image-classification-input.png", cat);
	png("image-feature-extraction-input.png", cat);
	png("image-to-3d-input.png", mug());
	png("keypoint-detection-input.png", stickFigure(false));
	png("keypoint-detection-output.png", stickFigure(true));
	png("robotics-input.png", robotTable());

	wav("text-to-audio-output.wav", musicBox());
	wav("audio-classification-input.wav", doorbell());

	const speech = [
		"any-to-any-output.wav",
		"text-to-speech-output.wav",
		"automatic-speech-recognition-input.wav",
		"audio-to-audio-input.wav",
		"audio-to-audio-output-1.wav",
		"audio-to-audio-output-2.wav",
		"voice-activity-detection-input.wav",
	];
	if (hasEspeak()) {
		try {
			const say = (text) => normalize(pad(speak(text), 0.3, 0.35), 0.8);
			wav("any-to-any-output.wav", say("A red car is parked in front of a small house."));
			wav("text-to-speech-output.wav", say("Welcome to Hubkit. This voice was made from text."));
			wav("automatic-speech-recognition-input.wav", say("Going along the river, we saw three small boats."));
			const clean = normalize(pad(speak("Please call me back after lunch."), 0.6, 0.6), 0.6);
			const noise = humAndHiss(clean.length);
			wav(
				"audio-to-audio-input.wav",
				clean.map((v, i) => v + noise[i]),
			);
			wav("audio-to-audio-output-1.wav", clean);
			wav("audio-to-audio-output-2.wav", noise);
			wav("voice-activity-detection-input.wav", vad());
		} finally {
			if (tmp) rmSync(tmp, { recursive: true, force: true });
		}
	} else {
		console.warn(
			"espeak-ng was not found on PATH, so the speech files were NOT made (existing copies are left as they are):",
		);
		for (const f of speech) console.warn(`  - ${f}${existsSync(join(OUT, f)) ? " (kept old copy)" : " (missing)"}`);
		console.warn("Install it (Debian/Ubuntu: apt-get install espeak-ng) and rerun to make them.");
		console.warn(
			"(audio-to-audio-output-2.wav is noise only, but it must match the speech file's length, so it is skipped too.)",
		);
	}

	let total = 0;
	for (const f of made) {
		const size = statSync(join(OUT, f)).size;
		total += size;
		const limit = f.endsWith(".png") ? 60_000 : 150_000;
		const flag = size > limit ? "  <-- larger than intended" : "";
		console.log(`${f.padEnd(44)} ${String(size).padStart(7)} bytes${flag}`);
	}
	console.log(`${made.length} files, ${total} bytes in ${OUT}`);
}

main();
