/**
 * A video frame: a red kite over a sandy beach and a blue sea.
 */
import { Canvas, DEMO_SCALE } from "../canvas.mjs";
import { linGrad, prng } from "../paint.mjs";
import { circle, drawBirds, ellipse, grow, line, poly, polyline, rect, union } from "../shapes.mjs";

export function kiteBeach() {
	const cv = new Canvas(384, 256, undefined, DEMO_SCALE);
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
