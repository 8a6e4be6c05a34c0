/**
 * 16 kHz mono WAV: writing, reading any PCM WAV, resampling, trimming silence, fades, levels.
 */
import { clamp, TAU } from "./paint.mjs";

export const SR = 16000;

export function wavBytes(samples) {
	const n = samples.length;
	const buf = Buffer.alloc(44 + n * 2);
	buf.write("RIFF", 0, "ascii");
	buf.writeUInt32LE(36 + n * 2, 4);
	buf.write("WAVE", 8, "ascii");
	buf.write("fmt ", 12, "ascii");
	buf.writeUInt32LE(16, 16);
	buf.writeUInt16LE(1, 20); // PCM
	buf.writeUInt16LE(1, 22); // mono
	buf.writeUInt32LE(SR, 24);
	buf.writeUInt32LE(SR * 2, 28);
	buf.writeUInt16LE(2, 32);
	buf.writeUInt16LE(16, 34);
	buf.write("data", 36, "ascii");
	buf.writeUInt32LE(n * 2, 40);
	for (let i = 0; i < n; i++) {
		buf.writeInt16LE(clamp(Math.round(samples[i] * 32767), -32768, 32767), 44 + i * 2);
	}
	return buf;
}

/** Read a PCM WAV (8/16-bit, any channel count) -> { rate, samples: Float32Array mono }. */
export function readWav(buf) {
	if (buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE") {
		throw new Error("not a WAV file");
	}
	let pos = 12;
	let fmt = null;
	let data = null;
	while (pos + 8 <= buf.length) {
		const id = buf.toString("ascii", pos, pos + 4);
		let size = buf.readUInt32LE(pos + 4);
		const body = pos + 8;
		if (size > buf.length - body) size = buf.length - body;
		if (id === "fmt ") {
			fmt = {
				format: buf.readUInt16LE(body),
				channels: buf.readUInt16LE(body + 2),
				rate: buf.readUInt32LE(body + 4),
				bits: buf.readUInt16LE(body + 14),
			};
		} else if (id === "data") {
			data = buf.subarray(body, body + size);
		}
		pos = body + size + (size & 1);
	}
	if (!fmt || !data || fmt.format !== 1) throw new Error("unsupported WAV");
	const bps = fmt.bits / 8;
	const frames = Math.floor(data.length / (bps * fmt.channels));
	const out = new Float32Array(frames);
	for (let f = 0; f < frames; f++) {
		let acc = 0;
		for (let c = 0; c < fmt.channels; c++) {
			const o = (f * fmt.channels + c) * bps;
			acc += bps === 2 ? data.readInt16LE(o) / 32768 : (data[o] - 128) / 128;
		}
		out[f] = acc / fmt.channels;
	}
	return { rate: fmt.rate, samples: out };
}

/** Low-pass (windowed sinc) then linear interpolation to SR. */
export function resample(x, rate) {
	if (rate === SR) return Float32Array.from(x);
	let src = x;
	if (rate > SR) {
		const fc = (0.45 * SR) / rate;
		const taps = 63;
		const m = (taps - 1) / 2;
		const k = new Float32Array(taps);
		let sum = 0;
		for (let i = 0; i < taps; i++) {
			const t = i - m;
			const sinc = t === 0 ? 2 * fc : Math.sin(TAU * fc * t) / (Math.PI * t);
			const win = 0.42 - 0.5 * Math.cos((TAU * i) / (taps - 1)) + 0.08 * Math.cos((2 * TAU * i) / (taps - 1));
			k[i] = sinc * win;
			sum += k[i];
		}
		src = new Float32Array(x.length);
		for (let n = 0; n < x.length; n++) {
			let acc = 0;
			for (let i = 0; i < taps; i++) {
				const j = n + i - m;
				if (j >= 0 && j < x.length) acc += x[j] * k[i];
			}
			src[n] = acc / sum;
		}
	}
	const n = Math.floor((src.length * SR) / rate);
	const out = new Float32Array(n);
	for (let i = 0; i < n; i++) {
		const p = (i * rate) / SR;
		const j = Math.floor(p);
		const f = p - j;
		out[i] = (src[j] ?? 0) * (1 - f) + (src[j + 1] ?? src[j] ?? 0) * f;
	}
	return out;
}

/** Cut leading/trailing silence (10 ms frames under 2% of the loudest), then fade the ends. */
export function trim(x, marginMs = 15) {
	const fr = SR / 100;
	const rms = [];
	for (let i = 0; i < x.length; i += fr) {
		let s = 0;
		const end = Math.min(x.length, i + fr);
		for (let j = i; j < end; j++) s += x[j] * x[j];
		rms.push(Math.sqrt(s / (end - i)));
	}
	const peak = Math.max(...rms);
	const th = peak * 0.02;
	let a = rms.findIndex((v) => v > th);
	let b = rms.length - 1 - [...rms].reverse().findIndex((v) => v > th);
	if (a < 0) return new Float32Array(0);
	const m = Math.round((marginMs / 1000) * SR);
	a = Math.max(0, a * fr - m);
	b = Math.min(x.length, (b + 1) * fr + m);
	const out = x.slice(a, b);
	fade(out, 0.008);
	return out;
}

export function fade(x, sec) {
	const n = Math.min(Math.floor(sec * SR), Math.floor(x.length / 2));
	for (let i = 0; i < n; i++) {
		const g = i / n;
		x[i] *= g;
		x[x.length - 1 - i] *= g;
	}
}

export function normalize(x, peak) {
	let m = 0;
	for (const v of x) m = Math.max(m, Math.abs(v));
	if (m > 0) for (let i = 0; i < x.length; i++) x[i] *= peak / m;
	return x;
}

export const pad = (x, before, after) => {
	const out = new Float32Array(Math.round(before * SR) + x.length + Math.round(after * SR));
	out.set(x, Math.round(before * SR));
	return out;
};
