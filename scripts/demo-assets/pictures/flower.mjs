/**
 * A stylised pink flower on pale green (unconditional image generation).
 */
import { Canvas, DEMO_SCALE } from "../canvas.mjs";
import { radGrad, TAU } from "../paint.mjs";
import { circle, ellipse, grow, line, polyline, rect } from "../shapes.mjs";

export function flower() {
	const cv = new Canvas(320, 320, undefined, DEMO_SCALE);
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
