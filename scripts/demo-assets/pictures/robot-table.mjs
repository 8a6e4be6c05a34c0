/**
 * A table seen from above with a red cube and a blue bowl (robotics).
 */
import { Canvas, DEMO_SCALE } from "../canvas.mjs";
import { radGrad } from "../paint.mjs";
import { circle, intersect, poly, rect, ring, shape } from "../shapes.mjs";

export function robotTable() {
	const cv = new Canvas(384, 256, "#5b5f66", DEMO_SCALE);
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
