/**
 * Colours and paints: seeded random numbers, `#hex` colours, mixing, linear and radial gradients.
 */
export const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
export const TAU = Math.PI * 2;

/** Seeded pseudo-random numbers in [0, 1) (xorshift32). */
export function prng(seed) {
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
export function hex(h, a = 1) {
	const n = Number.parseInt(h.slice(1), 16);
	return [(n >> 16) & 255, (n >> 8) & 255, n & 255, a];
}
export const grey = (v, a = 1) => [v, v, v, a];
export const mix = (c1, c2, t) => [
	c1[0] + (c2[0] - c1[0]) * t,
	c1[1] + (c2[1] - c1[1]) * t,
	c1[2] + (c2[2] - c1[2]) * t,
	(c1[3] ?? 1) + ((c2[3] ?? 1) - (c1[3] ?? 1)) * t,
];
export const toCol = (c) => (typeof c === "string" ? hex(c) : c);

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
export function linGrad(x0, y0, x1, y1, stops) {
	const dx = x1 - x0;
	const dy = y1 - y0;
	const l = dx * dx + dy * dy || 1;
	return (x, y) => stopsAt(stops, ((x - x0) * dx + (y - y0) * dy) / l);
}
/** Radial gradient paint around (cx,cy) out to radius r. */
export function radGrad(cx, cy, r, stops) {
	return (x, y) => stopsAt(stops, Math.hypot(x - cx, y - cy) / r);
}
