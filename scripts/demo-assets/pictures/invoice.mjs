/**
 * A scanned-looking invoice (document question answering, and the OCR sample model's example).
 * The words are stroked, not blocky pixels, at three pixels per unit, with thin rules: the
 * packaged OCR engine (Tesseract) reads every number and date on it exactly.
 */
import { Canvas, DEMO_SCALE } from "../canvas.mjs";
import { drawStrokeText, textWidth } from "../font.mjs";
import { grey, linGrad, prng } from "../paint.mjs";
import { circle, poly, rect, translate } from "../shapes.mjs";

export function invoice() {
	const pw = 336;
	const ph = 430;
	const page = new Canvas(pw, ph, "#fbfbf8", DEMO_SCALE);
	const ink = [34, 34, 34, 1];
	const left = 24;
	const right = pw - 24;
	const txt = (s, x, y, sc = 2) => drawStrokeText(page, s, x, y, sc, ink);
	const rtxt = (s, y, sc = 2) => txt(s, right - textWidth(s, sc), y, sc);
	const rule = (y, w = 0.8) => page.fill(rect(left, y, right, y + w), ink);
	txt("INVOICE", left, 30, 3);
	txt("No. 1042", left, 72);
	txt("Date: 2026-03-14", left, 96);
	txt("From: Acme Tools", left, 120);
	txt("Bill to: J. Martin", left, 144);
	rule(172, 1.2);
	txt("Item", left, 182);
	rtxt("Amount", 182);
	rule(204);
	const items = [
		["Desk lamp", "39.90"],
		["Office chair", "89.00"],
		["USB cables", "25.30"],
	];
	items.forEach(([name, amount], i) => {
		txt(name, left, 216 + i * 26);
		rtxt(amount, 216 + i * 26);
	});
	rule(296, 1.2);
	for (const dx of [0, 1]) {
		drawStrokeText(page, "TOTAL", left + dx, 310, 2, ink);
		drawStrokeText(page, "154.20", right - textWidth("154.20", 2) + dx, 310, 2, ink);
	}
	rule(334);
	txt("Thank you!", left, 372);
	txt("Pay within 30 days.", left, 396);

	// "Scan": put the page slightly rotated on the scanner glass.
	const W = 384;
	const H = 480;
	const cv = new Canvas(W, H, "#cfcfcc", DEMO_SCALE);
	const ang = (-1.1 * Math.PI) / 180;
	const ca = Math.cos(ang);
	const sa = Math.sin(ang);
	const ox = W / 2;
	const oy = H / 2;
	const corners = [
		[-pw / 2, -ph / 2],
		[pw / 2, -ph / 2],
		[pw / 2, ph / 2],
		[-pw / 2, ph / 2],
	].map(([u, v]) => [ox + u * ca - v * sa, oy + u * sa + v * ca]);
	cv.fill(translate(poly(corners), 3, 4), [60, 60, 60, 0.35], 6);
	// The page's colour at (u, v) in page units, bilinear between its pixels.
	const sample = (u, v) => {
		const px = u * DEMO_SCALE;
		const py = v * DEMO_SCALE;
		const x0 = Math.floor(px - 0.5);
		const y0 = Math.floor(py - 0.5);
		const fx = px - 0.5 - x0;
		const fy = py - 0.5 - y0;
		const acc = [0, 0, 0, 0];
		for (const [dx, dy, wgt] of [
			[0, 0, (1 - fx) * (1 - fy)],
			[1, 0, fx * (1 - fy)],
			[0, 1, (1 - fx) * fy],
			[1, 1, fx * fy],
		]) {
			const x = x0 + dx;
			const y = y0 + dy;
			if (x < 0 || y < 0 || x >= page.pw || y >= page.ph) continue;
			const c = page.get(x, y);
			for (let k = 0; k < 3; k++) acc[k] += c[k] * wgt;
			acc[3] += wgt;
		}
		return acc;
	};
	const half = 0.5 / DEMO_SCALE;
	cv.map((c, x, y) => {
		const dx = x + half - ox;
		const dy = y + half - oy;
		const u = dx * ca + dy * sa + pw / 2;
		const v = -dx * sa + dy * ca + ph / 2;
		const s = sample(u, v);
		if (s[3] <= 0) return c;
		const a = s[3];
		return [c[0] * (1 - a) + s[0], c[1] * (1 - a) + s[1], c[2] * (1 - a) + s[2], 1];
	});
	// Scanner specks and a faint grey gradient.
	const r = prng(77);
	for (let i = 0; i < 60; i++) {
		cv.fill(circle(r() * W, r() * H, 0.4 + r() * 0.8), grey(120, 0.5));
	}
	cv.fill(
		rect(0, 0, W, H),
		linGrad(0, 0, W, 0, [
			[0, grey(0, 0.05)],
			[0.5, grey(0, 0)],
			[1, grey(0, 0.04)],
		]),
	);
	cv.map((c) => {
		const v = Math.round(0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]);
		return [v, v, v, 1];
	});
	return cv;
}
