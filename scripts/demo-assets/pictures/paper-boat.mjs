/**
 * A video frame: a white paper boat on a river between green banks.
 */
import { Canvas, DEMO_SCALE } from "../canvas.mjs";
import { linGrad, prng } from "../paint.mjs";
import { circle, ellipse, grow, intersect, line, poly, polyline, rect, shape } from "../shapes.mjs";

export function paperBoat() {
	const cv = new Canvas(384, 256, undefined, DEMO_SCALE);
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
