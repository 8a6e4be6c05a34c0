/**
 * A white lighthouse with a red band on a rocky cliff at sunset (text to image).
 */
import { Canvas, DEMO_SCALE } from "../canvas.mjs";
import { linGrad, prng, radGrad } from "../paint.mjs";
import { circle, drawBirds, grow, line, poly, rect } from "../shapes.mjs";

export function lighthouse() {
	const cv = new Canvas(384, 256, undefined, DEMO_SCALE);
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
