/**
 * Sounds computed sample by sample: a doorbell, a music box, mains hum and hiss.
 */
import { prng, TAU } from "./paint.mjs";
import { fade, normalize, SR } from "./wav.mjs";

export function doorbell() {
	const n = Math.round(2.2 * SR);
	const out = new Float32Array(n);
	const strike = (t0, f) => {
		const partials = [
			[1, 1, 1.1],
			[2.76, 0.32, 0.45],
			[5.4, 0.12, 0.2],
		];
		for (let i = Math.round(t0 * SR); i < n; i++) {
			const t = i / SR - t0;
			const att = Math.min(1, t / 0.003);
			let v = 0;
			for (const [ratio, amp, tau] of partials) v += amp * Math.exp(-t / tau) * Math.sin(TAU * f * ratio * t);
			out[i] += att * v;
		}
	};
	strike(0.08, 659.25); // ding (E5)
	strike(0.72, 523.25); // dong (C5)
	normalize(out, 0.8);
	fade(out, 0.05);
	return out;
}

export function musicBox() {
	// Semitones above C5 with lengths in steps of 0.2 s.
	const tune = [
		[7, 1],
		[12, 1],
		[16, 1],
		[14, 1],
		[12, 1],
		[16, 1],
		[19, 2],
		[17, 1],
		[16, 1],
		[14, 1],
		[11, 1],
		[12, 3],
	];
	const step = 0.2;
	const total = 3.0;
	const n = Math.round(total * SR);
	const out = new Float32Array(n);
	let t0 = 0.05;
	for (const [semi, len] of tune) {
		const f = 523.25 * 2 ** (semi / 12);
		for (let i = Math.round(t0 * SR); i < n; i++) {
			const t = i / SR - t0;
			const env = Math.min(1, t / 0.002) * Math.exp(-t / 0.45);
			out[i] += env * (Math.sin(TAU * f * t) + 0.12 * Math.sin(TAU * 2 * f * t));
		}
		t0 += len * step;
	}
	normalize(out, 0.7);
	fade(out, 0.08);
	return out;
}

export function humAndHiss(n) {
	const out = new Float32Array(n);
	const r = prng(2024);
	let prev = 0;
	for (let i = 0; i < n; i++) {
		const t = i / SR;
		let v = 0;
		for (const [h, a] of [
			[1, 0.05],
			[2, 0.035],
			[3, 0.03],
			[5, 0.015],
			[7, 0.008],
		]) {
			v += a * Math.sin(TAU * 50 * h * t + h);
		}
		const g = (r() + r() + r() + r() - 2) * 0.02;
		v += g - 0.5 * prev;
		prev = g;
		out[i] = 0.6 * v;
	}
	fade(out, 0.03);
	return out;
}
