/**
 * Media the packaged-model tests make themselves (nothing downloaded): a PNG with
 * known text in the repo's bitmap font, WAV files, and speech from the espeak-ng
 * npm package (WebAssembly) for voice-activity clips.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { decodeWav, type Recording } from "@hubkit/runtime";
// @ts-expect-error: plain JavaScript modules of the demo-asset scripts, without types.
import { Canvas } from "../../../../scripts/demo-assets/canvas.mjs";
// @ts-expect-error: as above.
import { drawText, textWidth } from "../../../../scripts/demo-assets/font.mjs";
// @ts-expect-error: as above.
import { encodePNG } from "../../../../scripts/demo-assets/png.mjs";

/** A white PNG with `lines` in dark ink, in the demo assets' 5 × 7 bitmap font at `scale`. */
export function textPicture(lines: string[], scale = 6): Uint8Array {
	const width = Math.max(...lines.map((line) => textWidth(line, scale) as number)) + 60;
	const canvas = new Canvas(width, lines.length * 12 * scale + 60);
	lines.forEach((line, index) => {
		drawText(canvas, line, 30, 30 + index * 12 * scale, scale, [20, 20, 20, 1]);
	});
	return new Uint8Array(encodePNG(canvas) as Buffer);
}

/** A 16-bit mono PCM WAV file of `samples` in [-1, 1]. */
export function wavFile(samples: Float32Array, rate: number): Uint8Array {
	const bytes = new Uint8Array(44 + samples.length * 2);
	const view = new DataView(bytes.buffer);
	const ascii = (offset: number, text: string) => {
		for (let index = 0; index < text.length; index++) bytes[offset + index] = text.charCodeAt(index);
	};
	ascii(0, "RIFF");
	view.setUint32(4, 36 + samples.length * 2, true);
	ascii(8, "WAVE");
	ascii(12, "fmt ");
	view.setUint32(16, 16, true);
	view.setUint16(20, 1, true);
	view.setUint16(22, 1, true);
	view.setUint32(24, rate, true);
	view.setUint32(28, rate * 2, true);
	view.setUint16(32, 2, true);
	view.setUint16(34, 16, true);
	ascii(36, "data");
	view.setUint32(40, samples.length * 2, true);
	samples.forEach((sample, index) => {
		view.setInt16(44 + index * 2, Math.round(Math.max(-1, Math.min(1, sample)) * 32767), true);
	});
	return bytes;
}

/** Share of 20 ms windows whose loudness (RMS) is above `floor`: about 0 for silence, well above for speech. */
export function voicedShare({ rate, samples }: Recording, floor = 0.02): number {
	const window = Math.round(rate * 0.02);
	let voiced = 0;
	let windows = 0;
	for (let start = 0; start + window <= samples.length; start += window) {
		let sum = 0;
		for (let index = start; index < start + window; index++) sum += (samples[index] ?? 0) ** 2;
		if (Math.sqrt(sum / window) > floor) voiced++;
		windows++;
	}
	return windows === 0 ? 0 : voiced / windows;
}

const require = createRequire(import.meta.url);

/** `text` spoken by the espeak-ng npm package (not the hub), trimmed of its own leading and trailing silence. */
export async function speak(text: string): Promise<Recording> {
	const wasm = await readFile(require.resolve("espeak-ng/dist/espeak-ng.wasm"));
	const name: string = "espeak-ng";
	const { default: create } = (await import(name)) as {
		default: (options: Record<string, unknown>) => Promise<{ FS: { readFile(path: string): Uint8Array } }>;
	};
	const espeak = await create({
		arguments: ["-v", "en-us", "-w", "/out.wav", text],
		wasmBinary: wasm,
		print: () => undefined,
		printErr: () => undefined,
	});
	const recording = decodeWav(espeak.FS.readFile("/out.wav"));
	const loud = (sample: number | undefined) => Math.abs(sample ?? 0) > 0.01;
	let first = 0;
	while (first < recording.samples.length && !loud(recording.samples[first])) first++;
	let last = recording.samples.length - 1;
	while (last > first && !loud(recording.samples[last])) last--;
	return { rate: recording.rate, samples: recording.samples.slice(first, last + 1) };
}

/** Silence and speech laid end to end: numbers are seconds of silence, recordings are placed as they are. */
export function clip(
	rate: number,
	parts: Array<number | Recording>,
): { samples: Float32Array; speech: Array<[number, number]> } {
	const pieces: Float32Array[] = [];
	const speech: Array<[number, number]> = [];
	let at = 0;
	for (const part of parts) {
		const samples = typeof part === "number" ? new Float32Array(Math.round(part * rate)) : part.samples;
		if (typeof part !== "number") speech.push([at / rate, (at + samples.length) / rate]);
		pieces.push(samples);
		at += samples.length;
	}
	const samples = new Float32Array(at);
	let offset = 0;
	for (const piece of pieces) {
		samples.set(piece, offset);
		offset += piece.length;
	}
	return { samples, speech };
}
