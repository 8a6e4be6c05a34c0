/**
 * The street scene's geometry and its palettes: day, night, sunset, snow, flat segmentation
 * colours and depth.
 */
import { clamp, grey, linGrad, mix, radGrad, toCol } from "./paint.mjs";

export const SCENE_W = 384;
export const SCENE_H = 256;
export const SUN = [342, 42];
export const SUNSET = [226, 108];
export const CAR = { cx: 192, gy: 244 };
export const CAR_LATER = { cx: 322, gy: 244 };

/** Depth value (0 far .. 255 near) of the ground at screen row y. */
const groundDepth = (y) => clamp(40 + ((y - 110) / (SCENE_H - 110)) * 215, 40, 255);

export const DAY = {
	sky: linGrad(0, 0, 0, 170, [
		[0, "#4c9be4"],
		[1, "#c6e7ff"],
	]),
	"sun.ray": "#ffcf33",
	"sun.disc": "#ffd93b",
	"hill.back": linGrad(0, 110, 0, 256, [
		[0, "#a2da72"],
		[1, "#86c85e"],
	]),
	"hill.front": linGrad(0, 165, 0, 256, [
		[0, "#6cc04c"],
		[1, "#4aa338"],
	]),
	"house.outline": "#3d3a36",
	"house.wall": "#fbfaf5",
	"house.roof": "#d8392b",
	"house.chimney": "#a9553b",
	"house.door": "#8b5a2b",
	"house.knob": "#f2c14e",
	"house.window": "#9fd4f6",
	"house.frame": "#fbfaf5",
	"tree.outline": "#2d3a26",
	"tree.trunk": "#8b5a2b",
	"tree.crown": "#2f9a45",
	"tree.light": [90, 196, 105, 0.8],
	"car.outline": "#3d3a36",
	"car.body": "#e23b30",
	"car.window": "#c3e8ff",
	"car.line": "#a8261d",
	"car.headlight": "#ffe066",
	"car.tail": "#ff9b3d",
	"car.wheel": "#242424",
	"car.hub": "#c4c4c4",
	"car.shadow": [0, 0, 0, 0.22],
	"car.motion": [255, 255, 255, 0.85],
	snow: "#ffffff",
};

/** A palette with every colour passed through fn (gradients included). */
function mapPal(pal, fn) {
	const out = {};
	for (const [k, v] of Object.entries(pal)) {
		if (typeof v === "function") out[k] = (x, y) => fn(v(x, y));
		else if (v) out[k] = fn(toCol(v));
		else out[k] = v;
	}
	return out;
}

export const NIGHT = {
	...mapPal(DAY, (c) => {
		const d = mix(c, [25, 35, 80, c[3] ?? 1], 0.45);
		return [d[0] * 0.45, d[1] * 0.48, d[2] * 0.62, c[3] ?? 1];
	}),
	sky: linGrad(0, 0, 0, 170, [
		[0, "#070d2b"],
		[1, "#243a6e"],
	]),
	"sky.star": [255, 250, 215, 0.9],
	"sun.glow": radGrad(SUN[0], SUN[1], 46, [
		[0, [240, 240, 210, 0.45]],
		[1, [240, 240, 210, 0]],
	]),
	"sun.moon": "#f3f0d2",
	"sun.crater": [200, 196, 170, 0.7],
	"house.window": "#ffd54a",
	"house.knob": "#c9a23f",
	"car.headlight": "#fff4b0",
	"car.beam": [255, 240, 170, 0.3],
	"car.shadow": [0, 0, 0, 0.3],
	"car.wheel": "#0f0f12",
};

export const SUNSET_PAL = {
	...mapPal(DAY, (c) => [c[0] * 0.98 + 18, c[1] * 0.74 + 6, c[2] * 0.52, c[3] ?? 1]),
	sky: linGrad(0, 0, 0, 150, [
		[0, "#b3476a"],
		[0.45, "#f0713a"],
		[1, "#ffc067"],
	]),
	"sun.glow": radGrad(SUNSET[0], SUNSET[1], 90, [
		[0, [255, 220, 120, 0.75]],
		[1, [255, 200, 110, 0]],
	]),
	"sun.disc": "#ff8c1a",
};

export const SNOW = {
	...DAY,
	sky: linGrad(0, 0, 0, 170, [
		[0, "#8e979f"],
		[1, "#cfd4d8"],
	]),
	"hill.back": linGrad(0, 110, 0, 256, [
		[0, "#f4f7fa"],
		[1, "#e4ebf2"],
	]),
	"hill.front": linGrad(0, 165, 0, 256, [
		[0, "#fbfdff"],
		[1, "#e8eef5"],
	]),
	"tree.crown": "#2c7a44",
	"tree.light": null,
	"car.shadow": [60, 80, 110, 0.18],
	snow: "#fdfeff",
	flake: [255, 255, 255, 0.92],
};

/** Flat colours per object, for segmentation and as an object-id map. */
export const SEG = {
	sky: "#4682b4",
	sun: "#ffd700",
	hill: "#9be564",
	house: "#a55ed0",
	tree: "#1d6b26",
	car: "#e8305a",
	"car.shadow": null,
	"car.motion": null,
	snow: null,
};
export const SEG_IDS = ["sky", "sun", "hill", "house", "tree", "car"];

export const DEPTH = {
	sky: grey(0),
	sun: grey(0),
	hill: (_x, y) => grey(groundDepth(y)),
	house: grey(groundDepth(176)),
	tree: grey(groundDepth(186)),
	car: grey(groundDepth(244)),
	"car.shadow": null,
	"car.motion": null,
	snow: null,
};
