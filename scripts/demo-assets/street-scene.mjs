/**
 * The street scene most demos share (sky, sun, hill, house, tree, red car) and what is derived
 * from it: labelled boxes, segmentation, depth map, masks.
 */
import { Canvas, DEMO_SCALE } from "./canvas.mjs";
import { drawStrokeText, textWidth } from "./font.mjs";
import { hex, mix, prng, radGrad, TAU, toCol } from "./paint.mjs";
import { circle, ellipse, grow, line, poly, rect, shape, union } from "./shapes.mjs";
import { CAR, DAY, DEPTH, SCENE_H, SCENE_W, SEG, SEG_IDS, SUN, SUNSET } from "./street-palettes.mjs";

/**
 * Draw the street scene. pal maps part names ("house.roof") or object names
 * ("house") to paints; a missing or null paint skips that part.
 * o: { sun: "day" | "moon" | "low" | "none", car: {cx, gy}, stars, snow, lit, motion }
 */
function drawScene(cv, pal, o = {}) {
	const P = (name) => (name in pal ? pal[name] : pal[name.split(".")[0]]);
	const put = (name, shp, soft = 1) => {
		const p = P(name);
		if (p) cv.fill(shp, p, soft);
	};
	const outlined = (name, shp, w = 2) => {
		put(`${name.split(".")[0]}.outline`, grow(shp, w));
		put(name, shp);
	};
	const W = cv.w;
	const H = cv.h;

	put("sky", rect(0, 0, W, H));
	if (o.stars) {
		const r = prng(11);
		for (let i = 0; i < 70; i++) {
			put("sky.star", circle(r() * W, r() * 125, 0.5 + r() * 1.1));
		}
	}

	const sunKind = o.sun ?? "day";
	if (sunKind === "day") {
		const [sx, sy] = SUN;
		for (let i = 0; i < 12; i++) {
			const a = (i * TAU) / 12;
			const c = Math.cos(a);
			const s = Math.sin(a);
			put("sun.ray", line(sx + c * 27, sy + s * 27, sx + c * 35, sy + s * 35, 3.5));
		}
		put("sun.disc", circle(sx, sy, 21));
	} else if (sunKind === "moon") {
		const [sx, sy] = SUN;
		put("sun.glow", circle(sx, sy, 46));
		put("sun.moon", circle(sx, sy, 19));
		put("sun.crater", circle(sx - 6, sy - 4, 4));
		put("sun.crater", circle(sx + 6, sy + 6, 3));
		put("sun.crater", circle(sx + 5, sy - 8, 2));
	} else if (sunKind === "low") {
		const [sx, sy] = SUNSET;
		put("sun.glow", circle(sx, sy, 90));
		put("sun.disc", circle(sx, sy, 25));
	}

	put("hill.back", ellipse(236, 262, 290, 146));
	put("hill.front", ellipse(192, 430, 520, 262));

	// House (left).
	outlined("house.chimney", rect(98, 84, 112, 112));
	if (o.snow) put("snow", rect(96, 80, 114, 87, 3));
	outlined("house.wall", rect(36, 118, 124, 177));
	const roof = poly([
		[24, 124],
		[80, 78],
		[136, 124],
	]);
	outlined("house.roof", roof);
	if (o.snow) {
		put(
			"snow",
			union(
				poly([
					[30, 119],
					[80, 78],
					[130, 119],
				]),
				...[40, 56, 72, 88, 104, 120].map((x) => circle(x, 117, 5)),
			),
		);
	}
	outlined("house.door", rect(70, 144, 90, 177, 2), 1.5);
	put("house.knob", circle(85, 161, 1.8));
	for (const wx of [44, 98]) {
		if (o.lit) {
			const cx = wx + 9;
			const g = radGrad(cx, 141, 26, [
				[0, [255, 214, 80, 0.45]],
				[1, [255, 214, 80, 0]],
			]);
			cv.fill(circle(cx, 141, 26), g);
		}
		outlined("house.window", rect(wx, 132, wx + 18, 150), 1.5);
		put("house.frame", rect(wx + 8, 132, wx + 10, 150));
		put("house.frame", rect(wx, 140, wx + 18, 142));
	}

	// Tree (right).
	outlined("tree.trunk", rect(292, 126, 306, 186, 2));
	outlined("tree.crown", circle(299, 100, 38));
	put("tree.light", circle(285, 86, 12));
	put("tree.light", circle(312, 78, 7));
	if (o.snow) {
		put("snow", ellipse(292, 66, 24, 8, -0.25));
		put("snow", ellipse(320, 78, 12, 6, 0.6));
		put("snow", ellipse(272, 80, 10, 5, -0.8));
	}

	// Car (front, middle unless moved).
	const car = o.car ?? CAR;
	drawCar(put, outlined, car.cx, car.gy, 1, o);

	if (o.flakes) {
		const r = prng(5);
		for (let i = 0; i < 260; i++) {
			const x = r() * W;
			const y = r() * H;
			const rad = 0.8 + r() * r() * 2.6;
			put("flake", circle(x, y, rad));
		}
	}
}

/** The red car, drawn around (cx, gy) = (middle, ground line) at scale s. */
export function drawCar(put, outlined, cx, gy, s, o = {}) {
	const X = (lx) => cx + lx * s;
	const Y = (ly) => gy + ly * s;
	const P = (pts) => poly(pts.map(([x, y]) => [X(x), Y(y)]));
	const ow = 2 * Math.min(s, 1.6);

	put("car.shadow", ellipse(X(0), Y(-1), 62 * s, 5 * s));
	if (o.motion) {
		for (const [ly, len] of [
			[-52, 26],
			[-38, 36],
			[-24, 22],
		]) {
			put("car.motion", line(X(-68 - len), Y(ly), X(-66), Y(ly), 3 * s));
		}
	}
	if (o.lit) {
		put(
			"car.beam",
			P([
				[54, -36],
				[120, -52],
				[120, -6],
			]),
		);
	}
	outlined(
		"car.body",
		P([
			[-36, -40],
			[-24, -66],
			[18, -66],
			[36, -40],
		]),
		ow,
	);
	outlined("car.body", rect(X(-57), Y(-45), X(57), Y(-14), 9 * s), ow);
	if (o.snow) {
		put("snow", rect(X(-25), Y(-71), X(19), Y(-64), 3 * s));
		put("snow", rect(X(30), Y(-49), X(55), Y(-43), 3 * s));
	}
	put(
		"car.window",
		P([
			[-30, -44],
			[-21, -62],
			[-3, -62],
			[-3, -44],
		]),
	);
	put(
		"car.window",
		P([
			[1, -44],
			[1, -62],
			[15, -62],
			[29, -44],
		]),
	);
	put("car.line", line(X(-1), Y(-42), X(-1), Y(-18), 1.5 * s));
	put("car.line", rect(X(-14), Y(-37), X(-7), Y(-34), 1 * s));
	put("car.line", rect(X(9), Y(-37), X(16), Y(-34), 1 * s));
	put("car.headlight", ellipse(X(52), Y(-35), 4 * s, 5 * s));
	put("car.tail", rect(X(-57), Y(-39), X(-52), Y(-31), 1.5 * s));
	for (const wx of [-32, 32]) {
		outlined("car.wheel", circle(X(wx), Y(-13), 13 * s), ow * 0.5);
		put("car.hub", circle(X(wx), Y(-13), 5 * s));
	}
}

export function scene(pal = DAY, o = {}) {
	const cv = new Canvas(SCENE_W, SCENE_H, undefined, DEMO_SCALE);
	drawScene(cv, pal, o);
	return cv;
}

/** Object-id map of the base scene: flat colours, no anti-aliasing. */
function sceneIds(o = {}) {
	const cv = new Canvas(SCENE_W, SCENE_H, undefined, DEMO_SCALE);
	cv.aa = false;
	drawScene(cv, SEG, o);
	const ids = new Uint8Array(cv.pw * cv.ph);
	const cols = SEG_IDS.map((k) => hex(SEG[k]));
	for (let i = 0; i < ids.length; i++) {
		const c = cv.get(i % cv.pw, Math.floor(i / cv.pw));
		ids[i] = cols.findIndex((k) => Math.abs(k[0] - c[0]) + Math.abs(k[1] - c[1]) + Math.abs(k[2] - c[2]) < 3);
	}
	return { cv, ids };
}

/** The box (in units) around the pixels of object `name` in an id map `pw` pixels wide. */
function boxOf(ids, pw, name, pad = 3) {
	const id = SEG_IDS.indexOf(name);
	let x0 = Number.POSITIVE_INFINITY;
	let y0 = Number.POSITIVE_INFINITY;
	let x1 = -1;
	let y1 = -1;
	for (let i = 0; i < ids.length; i++) {
		if (ids[i] !== id) continue;
		const x = (i % pw) / DEMO_SCALE;
		const y = Math.floor(i / pw) / DEMO_SCALE;
		if (x < x0) x0 = x;
		if (y < y0) y0 = y;
		if (x > x1) x1 = x;
		if (y > y1) y1 = y;
	}
	return [
		Math.max(1, x0 - pad),
		Math.max(1, y0 - pad),
		Math.min(SCENE_W - 2, x1 + 1 / DEMO_SCALE + pad),
		Math.min(SCENE_H - 2, y1 + 1 / DEMO_SCALE + pad),
	];
}

function drawLabelledBox(cv, [x0, y0, x1, y1], label, colour) {
	const c = toCol(colour);
	const frame = shape((x, y) => Math.abs(rect(x0, y0, x1, y1).sdf(x, y)) - 1.5, x0 - 2, y0 - 2, x1 + 2, y1 + 2);
	cv.fill(frame, c);
	const tw = textWidth(label, 2) + 8;
	const th = 20;
	const ty = y0 - th >= 0 ? y0 - th : y0;
	const tx = Math.min(x0 - 1.5, SCENE_W - tw);
	cv.fill(rect(tx, ty, tx + tw, ty + th), c);
	drawStrokeText(cv, label, tx + 4, ty + 3, 2, "#ffffff");
}

export function sceneWithBoxes(labels) {
	const { cv: flat, ids } = sceneIds();
	const cv = scene();
	const colours = { house: "#1f5fd6", tree: "#b01fb8", car: "#e8a400" };
	for (const name of labels) drawLabelledBox(cv, boxOf(ids, flat.pw, name), name, colours[name]);
	return cv;
}

export function segmentation() {
	return sceneIds().cv;
}

export function depthMap() {
	const cv = new Canvas(SCENE_W, SCENE_H, undefined, DEMO_SCALE);
	drawScene(cv, DEPTH);
	cv.blur(1);
	return cv;
}

export function masks() {
	const { ids } = sceneIds();
	const cv = scene();
	const colours = {
		sun: [255, 120, 0],
		hill: [255, 214, 0],
		house: [40, 110, 255],
		tree: [200, 40, 220],
		car: [0, 215, 230],
	};
	const idCol = SEG_IDS.map((k) => colours[k] ?? null);
	const { pw, ph } = cv;
	const at = (x, y) => (x < 0 || y < 0 || x >= pw || y >= ph ? -1 : ids[y * pw + x]);
	cv.map((c, _x, _y, index) => {
		const x = index % pw;
		const y = Math.floor(index / pw);
		const id = at(x, y);
		const m = idCol[id];
		if (!m) return c;
		const edge = at(x - 1, y) !== id || at(x + 1, y) !== id || at(x, y - 1) !== id || at(x, y + 1) !== id;
		return mix(c, [...m, 1], edge ? 0.95 : 0.45);
	});
	return cv;
}
