/**
 * Close-up of the red car on a plain light background (image classification).
 */
import { Canvas, DEMO_SCALE } from "../canvas.mjs";
import { linGrad } from "../paint.mjs";
import { grow, rect } from "../shapes.mjs";
import { DAY } from "../street-palettes.mjs";
import { drawCar } from "../street-scene.mjs";

export function carCloseUp() {
	const cv = new Canvas(384, 256, "#eef1f4", DEMO_SCALE);
	cv.fill(
		rect(0, 0, 384, 256),
		linGrad(0, 0, 0, 256, [
			[0, "#f4f6f8"],
			[1, "#e2e6ea"],
		]),
	);
	const put = (name, shp) => {
		const p = DAY[name];
		if (p) cv.fill(shp, p);
	};
	const outlined = (name, shp, w = 2) => {
		put(`${name.split(".")[0]}.outline`, grow(shp, w));
		put(name, shp);
	};
	drawCar(put, outlined, 192, 222, 2.6);
	return cv;
}
