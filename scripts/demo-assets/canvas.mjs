/**
 * An RGBA float canvas that fills shapes with anti-aliased edges, maps and blurs pixels.
 */
import { clamp, toCol } from "./paint.mjs";

export class Canvas {
	constructor(w, h, bg = [255, 255, 255, 1]) {
		this.w = w;
		this.h = h;
		this.aa = true;
		this.px = new Float32Array(w * h * 4);
		const c = toCol(bg);
		for (let i = 0; i < w * h; i++) {
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
	 * `soft` widens the anti-aliased edge (for glows and shadows).
	 */
	fill(shp, paint, soft = 1) {
		if (!paint) return;
		const pf = typeof paint === "function" ? paint : () => toCol(paint);
		const pad = soft + 1;
		const x0 = Math.max(0, Math.floor(shp.box[0] - pad));
		const y0 = Math.max(0, Math.floor(shp.box[1] - pad));
		const x1 = Math.min(this.w, Math.ceil(shp.box[2] + pad));
		const y1 = Math.min(this.h, Math.ceil(shp.box[3] + pad));
		for (let y = y0; y < y1; y++) {
			for (let x = x0; x < x1; x++) {
				const d = shp.sdf(x + 0.5, y + 0.5);
				const cov = this.aa ? clamp(0.5 - d / soft, 0, 1) : d <= 0 ? 1 : 0;
				if (cov > 0) this.blend((y * this.w + x) * 4, pf(x + 0.5, y + 0.5), cov);
			}
		}
	}

	get(x, y) {
		const i = (y * this.w + x) * 4;
		return [this.px[i], this.px[i + 1], this.px[i + 2], this.px[i + 3]];
	}

	/** Apply fn([r,g,b,a], x, y) -> [r,g,b,a] to every pixel. */
	map(fn) {
		for (let y = 0; y < this.h; y++) {
			for (let x = 0; x < this.w; x++) {
				const i = (y * this.w + x) * 4;
				const c = fn(this.get(x, y), x, y);
				this.px.set([c[0], c[1], c[2], c[3] ?? 1], i);
			}
		}
	}

	clone() {
		const c = new Canvas(this.w, this.h);
		c.px.set(this.px);
		return c;
	}

	/** Box blur of radius r (applied separably). */
	blur(r) {
		const { w, h } = this;
		const src = this.px;
		const tmp = new Float32Array(src.length);
		const pass = (from, to, horiz) => {
			const len = horiz ? w : h;
			const other = horiz ? h : w;
			for (let o = 0; o < other; o++) {
				for (let k = 0; k < len; k++) {
					const acc = [0, 0, 0, 0];
					let n = 0;
					for (let j = k - r; j <= k + r; j++) {
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
