/**
 * An RGBA float canvas that fills shapes with anti-aliased edges, maps and blurs pixels.
 *
 * Pictures are drawn in logical units (`w` × `h`, the coordinates every shape and paint uses)
 * and rendered `scale` pixels per unit (`pw` × `ph` pixels), so one drawing makes a sharp
 * picture at any size.
 */
import { clamp, toCol } from "./paint.mjs";

export class Canvas {
	constructor(w, h, bg = [255, 255, 255, 1], scale = 1) {
		this.w = w;
		this.h = h;
		this.scale = scale;
		this.pw = Math.round(w * scale);
		this.ph = Math.round(h * scale);
		this.aa = true;
		this.px = new Float32Array(this.pw * this.ph * 4);
		const c = toCol(bg);
		for (let i = 0; i < this.pw * this.ph; i++) {
			this.px.set([c[0], c[1], c[2], c[3] ?? 1], i * 4);
		}
	}

	/** Source-over blend of colour c (alpha scaled by cov) at pixel index i. */
	blend(i, c, cov) {
		const p = this.px;
		const a = (c[3] ?? 1) * cov;
		if (a <= 0) return;
		const da = p[i + 3];
		const oa = a + da * (1 - a);
		const k = da * (1 - a);
		p[i] = (c[0] * a + p[i] * k) / oa;
		p[i + 1] = (c[1] * a + p[i + 1] * k) / oa;
		p[i + 2] = (c[2] * a + p[i + 2] * k) / oa;
		p[i + 3] = oa;
	}

	/**
	 * Fill a shape with a paint (colour array, "#hex" or (x, y) -> colour).
	 * `soft` widens the anti-aliased edge (for glows and shadows): the edge is one pixel
	 * plus `soft - 1` units wide.
	 */
	fill(shp, paint, soft = 1) {
		if (!paint) return;
		const pf = typeof paint === "function" ? paint : () => toCol(paint);
		const s = this.scale;
		const edge = 1 / s + (soft - 1);
		const pad = soft + 1;
		const x0 = Math.max(0, Math.floor((shp.box[0] - pad) * s));
		const y0 = Math.max(0, Math.floor((shp.box[1] - pad) * s));
		const x1 = Math.min(this.pw, Math.ceil((shp.box[2] + pad) * s));
		const y1 = Math.min(this.ph, Math.ceil((shp.box[3] + pad) * s));
		for (let y = y0; y < y1; y++) {
			const v = (y + 0.5) / s;
			for (let x = x0; x < x1; x++) {
				const u = (x + 0.5) / s;
				const d = shp.sdf(u, v);
				const cov = this.aa ? clamp(0.5 - d / edge, 0, 1) : d <= 0 ? 1 : 0;
				if (cov > 0) this.blend((y * this.pw + x) * 4, pf(u, v), cov);
			}
		}
	}

	/** The colour of the pixel at column x, row y (pixels, not units). */
	get(x, y) {
		const i = (y * this.pw + x) * 4;
		return [this.px[i], this.px[i + 1], this.px[i + 2], this.px[i + 3]];
	}

	/**
	 * Apply fn([r,g,b,a], x, y, index) -> [r,g,b,a] to every pixel; x and y are the pixel's
	 * top-left corner in units, index its number (row by row).
	 */
	map(fn) {
		const s = this.scale;
		for (let y = 0; y < this.ph; y++) {
			for (let x = 0; x < this.pw; x++) {
				const index = y * this.pw + x;
				const c = fn(this.get(x, y), x / s, y / s, index);
				this.px.set([c[0], c[1], c[2], c[3] ?? 1], index * 4);
			}
		}
	}

	clone() {
		const c = new Canvas(this.w, this.h, [0, 0, 0, 0], this.scale);
		c.aa = this.aa;
		c.px.set(this.px);
		return c;
	}

	/** Box blur of radius r units (applied separably). */
	blur(r) {
		const rp = Math.max(1, Math.round(r * this.scale));
		const w = this.pw;
		const h = this.ph;
		const src = this.px;
		const tmp = new Float32Array(src.length);
		const pass = (from, to, horiz) => {
			const len = horiz ? w : h;
			const other = horiz ? h : w;
			for (let o = 0; o < other; o++) {
				for (let k = 0; k < len; k++) {
					const acc = [0, 0, 0, 0];
					let n = 0;
					for (let j = k - rp; j <= k + rp; j++) {
						const jj = clamp(j, 0, len - 1);
						const i = (horiz ? o * w + jj : jj * w + o) * 4;
						for (let ch = 0; ch < 4; ch++) acc[ch] += from[i + ch];
						n++;
					}
					const i = (horiz ? o * w + k : k * w + o) * 4;
					for (let ch = 0; ch < 4; ch++) to[i + ch] = acc[ch] / n;
				}
			}
		};
		pass(src, tmp, true);
		pass(tmp, src, false);
	}
}

/**
 * Pixels per unit of the demo pictures: a 384 × 256 drawing becomes 1152 × 768 pixels, enough
 * for the widest picture the site shows (about 560 CSS px) on a screen of twice the density.
 */
export const DEMO_SCALE = 3;
