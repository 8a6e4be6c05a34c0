/**
 * The old-film version of a picture (video to video).
 */
import { prng } from "../paint.mjs";
import { circle, line, rect, shape } from "../shapes.mjs";

/** Old-film look: sepia tones, vignette, dust and scratches (seeded). */
export function sepia(src) {
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
