/**
 * A red mug on white (image to 3D).
 */
import { Canvas, DEMO_SCALE } from "../canvas.mjs";
import { linGrad, radGrad } from "../paint.mjs";
import { ellipse, grow, intersect, line, rect, ring, union } from "../shapes.mjs";

export function mug() {
	const cv = new Canvas(320, 320, "#ffffff", DEMO_SCALE);
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
