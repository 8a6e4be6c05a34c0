import { describe, expect, it } from "vitest";
import { MediaBody } from "../engine.js";
import { decodeWav, mediaBytes, resample } from "./media.js";
import { segments } from "./silero-vad.js";

/** A WAV header and data for `frames` of `channels` × `bits` samples, each frame's samples given. */
function wav(rate: number, channels: number, bits: 8 | 16, frames: number[][], format = 1): Uint8Array {
	const width = bits / 8;
	const size = frames.length * channels * width;
	const view = new DataView(new ArrayBuffer(44 + size));
	const ascii = (at: number, text: string) => {
		for (let index = 0; index < text.length; index++) view.setUint8(at + index, text.charCodeAt(index));
	};
	ascii(0, "RIFF");
	view.setUint32(4, 36 + size, true);
	ascii(8, "WAVE");
	ascii(12, "fmt ");
	view.setUint32(16, 16, true);
	view.setUint16(20, format, true);
	view.setUint16(22, channels, true);
	view.setUint32(24, rate, true);
	view.setUint32(28, rate * channels * width, true);
	view.setUint16(32, channels * width, true);
	view.setUint16(34, bits, true);
	ascii(36, "data");
	view.setUint32(40, size, true);
	frames.forEach((frame, index) => {
		frame.forEach((sample, channel) => {
			const at = 44 + (index * channels + channel) * width;
			if (bits === 16) view.setInt16(at, Math.round(sample * 32767), true);
			else view.setUint8(at, Math.round(sample * 127 + 128));
		});
	});
	return new Uint8Array(view.buffer);
}

describe("decodeWav", () => {
	it("reads 16-bit stereo as mono, the channels averaged", () => {
		const { rate, samples } = decodeWav(
			wav(8000, 2, 16, [
				[0.5, -0.5],
				[1, 0.5],
				[0, 0],
			]),
		);
		expect(rate).toBe(8000);
		expect([...samples].map((sample) => Math.round(sample * 100) / 100)).toEqual([0, 0.75, 0]);
	});

	it("reads 8-bit PCM, and takes what is there when the data size overstates it (a streamed file)", () => {
		const bytes = wav(16000, 1, 8, [[0.5], [-0.5]]);
		new DataView(bytes.buffer).setUint32(40, 0xffffffff, true);
		const { samples } = decodeWav(bytes);
		expect(samples).toHaveLength(2);
		expect(samples[0]).toBeCloseTo(0.5, 1);
		expect(samples[1]).toBeCloseTo(-0.5, 1);
	});

	it("refuses what is not WAV, and formats it does not read, as input errors", () => {
		expect(() => decodeWav(new TextEncoder().encode("ID3 an mp3 file"))).toThrow(/not a WAV file/);
		expect(() => decodeWav(wav(8000, 1, 16, [[0]], 85))).toThrow(/not a WAV file/);
	});
});

describe("resample", () => {
	it("halves the samples going from 32 kHz to 16 kHz, keeping a slow signal", () => {
		const samples = Float32Array.from({ length: 3200 }, (_, index) => Math.sin(index / 100));
		const out = resample({ rate: 32000, samples }, 16000);
		expect(out).toHaveLength(1600);
		expect(out[800]).toBeCloseTo(Math.sin(16), 2);
	});
});

describe("mediaBytes", () => {
	it("takes a raw body or base64 in JSON, and refuses URLs and empty bodies", () => {
		expect(mediaBytes(new MediaBody(new Uint8Array([1, 2]), "image/png"), "an image")).toEqual(new Uint8Array([1, 2]));
		expect(mediaBytes({ inputs: "AQI=" }, "an image")).toEqual(new Uint8Array([1, 2]));
		expect(mediaBytes({ inputs: "data:image/png;base64,AQI=" }, "an image")).toEqual(new Uint8Array([1, 2]));
		expect(() => mediaBytes({ inputs: "http://example.com/cat.png" }, "an image")).toThrow(/fetches nothing/);
		expect(() => mediaBytes(new MediaBody(new Uint8Array(0), undefined), "an image")).toThrow(/empty/);
		expect(() => mediaBytes({ inputs: "not base64!" }, "an image")).toThrow(/not base64/);
	});
});

describe("speech segments from frame probabilities (32 ms frames)", () => {
	const frames = (pattern: Array<[number, number]>) => pattern.flatMap(([value, count]) => Array(count).fill(value));

	it("joins frames above the threshold into padded segments, bridging short dips", () => {
		// 1 s quiet, 1 s speech with a 64 ms dip, 1 s quiet, 0.5 s speech, 0.5 s quiet.
		const found = segments(
			frames([
				[0.05, 31],
				[0.9, 15],
				[0.2, 2],
				[0.9, 16],
				[0.05, 31],
				[0.8, 16],
				[0.05, 16],
			]),
			0.5,
			4,
		);
		expect(found.map(({ start, end }) => [start, end])).toEqual([
			[0.962, 2.078],
			[3.01, 3.582],
		]);
		expect(found[0]?.label).toBe("speech");
	});

	it("drops a click shorter than 250 ms and finds nothing in silence", () => {
		expect(
			segments(
				frames([
					[0.05, 20],
					[0.95, 3],
					[0.05, 20],
				]),
				0.5,
				1.4,
			),
		).toEqual([]);
		expect(segments(frames([[0.01, 100]]), 0.5, 3.2)).toEqual([]);
	});
});
