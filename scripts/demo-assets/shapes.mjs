/**
 * Shapes as signed distance functions (negative inside) with a bounding box: circles, ellipses,
 * rounded rectangles, lines, polygons, rings, and ways to combine them.
 */
import { clamp } from "./paint.mjs";

// A shape is { sdf(x, y) -> signed distance (negative inside), box }.

export const shape = (sdf, x0, y0, x1, y1) => ({ sdf, box: [x0, y0, x1, y1] });

export function circle(cx, cy, r) {
	return shape((x, y) => Math.hypot(x - cx, y - cy) - r, cx - r, cy - r, cx + r, cy + r);
}

export function ellipse(cx, cy, rx, ry, rot = 0) {
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

export function rect(x0, y0, x1, y1, r = 0) {
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
export function line(ax, ay, bx, by, w) {
	return polyline(
		[
			[ax, ay],
			[bx, by],
		],
		w,
	);
}

export function polyline(pts, w) {
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
export function drawBirds(cv, points, color) {
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
export function poly(pts) {
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

export function ring(cx, cy, r, w) {
	return shape(
		(x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - w / 2,
		cx - r - w,
		cy - r - w,
		cx + r + w,
		cy + r + w,
	);
}

export const grow = (s, d) => shape((x, y) => s.sdf(x, y) - d, s.box[0] - d, s.box[1] - d, s.box[2] + d, s.box[3] + d);
export const intersect = (a, b) =>
	shape(
		(x, y) => Math.max(a.sdf(x, y), b.sdf(x, y)),
		Math.max(a.box[0], b.box[0]),
		Math.max(a.box[1], b.box[1]),
		Math.min(a.box[2], b.box[2]),
		Math.min(a.box[3], b.box[3]),
	);
export const union = (...ss) =>
	shape(
		(x, y) => Math.min(...ss.map((s) => s.sdf(x, y))),
		Math.min(...ss.map((s) => s.box[0])),
		Math.min(...ss.map((s) => s.box[1])),
		Math.max(...ss.map((s) => s.box[2])),
		Math.max(...ss.map((s) => s.box[3])),
	);
export const translate = (s, dx, dy) =>
	shape((x, y) => s.sdf(x - dx, y - dy), s.box[0] + dx, s.box[1] + dy, s.box[2] + dx, s.box[3] + dy);
