/**
 * A cartoon cat face (zero-shot image classification, image feature extraction).
 */
import { Canvas, DEMO_SCALE } from "../canvas.mjs";
import { radGrad } from "../paint.mjs";
import { circle, ellipse, grow, intersect, line, poly, rect, ring } from "../shapes.mjs";

export function catFace() {
	const cv = new Canvas(320, 320, undefined, DEMO_SCALE);
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
