/**
 * The inputs of the packaged media engines: an image or a recording, sent as the raw
 * body (image/*, audio/*: the clients' `data: Blob`) or as base64 in a JSON body
 * (`{ "inputs": "<base64>" }`: the clients' `inputs: Blob`). The hub fetches nothing, so a
 * URL is refused. Recordings are WAV (PCM or float), read here into mono samples; speech
 * made by an engine is written back as WAV here too (encodeWav).
 */
import { MediaBody } from "../engine.js";
import { RuntimeError } from "../errors.js";

/** The bytes of the image or recording a request carries; a RuntimeError ("input") when there are none. */
export function mediaBytes(body: unknown, what: "an image" | "a recording"): Uint8Array {
	if (body instanceof MediaBody) {
		if (body.bytes.byteLength === 0) throw new RuntimeError("input", `The request body is empty: send ${what}`);
		return body.bytes;
	}
	const inputs = typeof body === "object" && body !== null ? (body as Record<string, unknown>).inputs : undefined;
	if (typeof inputs !== "string" || inputs === "") {
		throw new RuntimeError(
			"input",
			`Send ${what} as the request body, or as base64 in a JSON body: { "inputs": "<base64>" }`,
		);
	}
	if (/^https?:/i.test(inputs)) {
		throw new RuntimeError("input", `The local runtime fetches nothing: send ${what} itself, not a URL`);
	}
	const base64 = inputs.startsWith("data:") ? inputs.slice(inputs.indexOf(",") + 1) : inputs;
	if (!/^[A-Za-z0-9+/=\s_-]+$/.test(base64)) throw new RuntimeError("input", `"inputs" is not base64-encoded ${what}`);
	const bytes = new Uint8Array(Buffer.from(base64, "base64"));
	if (bytes.byteLength === 0) throw new RuntimeError("input", `"inputs" holds no bytes: send ${what}`);
	return bytes;
}

export interface Recording {
	/** Samples per second. */
	rate: number;
	/** Mono samples in [-1, 1] (channels averaged). */
	samples: Float32Array;
}

const NOT_WAV = "The recording is not a WAV file (RIFF/WAVE, PCM or float samples): the local runtime reads WAV only";

/** A WAV file's samples: 8/16/24/32-bit PCM or 32-bit float, any rate, channels averaged to mono. */
export function decodeWav(bytes: Uint8Array): Recording {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
	if (bytes.byteLength < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new RuntimeError("input", NOT_WAV);
	let format: { code: number; channels: number; rate: number; bits: number } | undefined;
	let offset = 12;
	while (offset + 8 <= bytes.byteLength) {
		const id = tag(offset);
		// Writers that stream (espeak-ng to a pipe) leave the size at its maximum: take what is there.
		const size = Math.min(view.getUint32(offset + 4, true), bytes.byteLength - offset - 8);
		const start = offset + 8;
		if (id === "fmt " && size >= 16) {
			let code = view.getUint16(start, true);
			// WAVE_FORMAT_EXTENSIBLE: the real format is the sub-format GUID's first two bytes.
			if (code === 0xfffe && size >= 26) code = view.getUint16(start + 24, true);
			format = {
				code,
				channels: view.getUint16(start + 2, true),
				rate: view.getUint32(start + 4, true),
				bits: view.getUint16(start + 14, true),
			};
		} else if (id === "data") {
			if (!format) throw new RuntimeError("input", NOT_WAV);
			return { rate: format.rate, samples: readSamples(view, start, size, format) };
		}
		offset = start + size + (size % 2);
	}
	throw new RuntimeError("input", NOT_WAV);
}

function readSamples(
	view: DataView,
	start: number,
	size: number,
	format: { code: number; channels: number; rate: number; bits: number },
): Float32Array {
	const { code, channels, rate, bits } = format;
	const width = bits / 8;
	const pcm = code === 1 && [8, 16, 24, 32].includes(bits);
	const float = code === 3 && bits === 32;
	if ((!pcm && !float) || channels < 1 || rate < 1000) throw new RuntimeError("input", NOT_WAV);
	const frames = Math.floor(size / (width * channels));
	const samples = new Float32Array(frames);
	for (let frame = 0; frame < frames; frame++) {
		let sum = 0;
		for (let channel = 0; channel < channels; channel++) {
			const at = start + (frame * channels + channel) * width;
			if (float) sum += view.getFloat32(at, true);
			else if (bits === 8) sum += (view.getUint8(at) - 128) / 128;
			else if (bits === 16) sum += view.getInt16(at, true) / 32768;
			else if (bits === 24) sum += ((view.getUint8(at + 2) << 24) | (view.getUint16(at, true) << 8)) / 2147483648;
			else sum += view.getInt32(at, true) / 2147483648;
		}
		samples[frame] = sum / channels;
	}
	return samples;
}

/** The recording at `rate` samples per second (linear interpolation; speech models want 16 kHz). */
export function resample(recording: Recording, rate: number): Float32Array {
	const { samples } = recording;
	if (recording.rate === rate) return samples;
	const ratio = recording.rate / rate;
	const out = new Float32Array(Math.floor(samples.length / ratio));
	for (let index = 0; index < out.length; index++) {
		const at = index * ratio;
		const left = Math.floor(at);
		const right = Math.min(left + 1, samples.length - 1);
		const weight = at - left;
		out[index] = (samples[left] ?? 0) * (1 - weight) + (samples[right] ?? 0) * weight;
	}
	return out;
}

/**
 * Mono samples as a 16-bit PCM WAV file (what every player reads; float WAV is not), each
 * sample clipped to [-1, 1]: the answer of engines that make speech from a waveform.
 */
export function encodeWav({ rate, samples }: Recording): Uint8Array {
	const bytes = new Uint8Array(44 + samples.length * 2);
	const view = new DataView(bytes.buffer);
	const tag = (offset: number, text: string) => {
		for (let index = 0; index < 4; index++) bytes[offset + index] = text.charCodeAt(index);
	};
	tag(0, "RIFF");
	view.setUint32(4, 36 + samples.length * 2, true);
	tag(8, "WAVE");
	tag(12, "fmt ");
	view.setUint32(16, 16, true); // the fmt chunk's size
	view.setUint16(20, 1, true); // PCM
	view.setUint16(22, 1, true); // one channel
	view.setUint32(24, rate, true);
	view.setUint32(28, rate * 2, true); // bytes per second
	view.setUint16(32, 2, true); // bytes per frame
	view.setUint16(34, 16, true); // bits per sample
	tag(36, "data");
	view.setUint32(40, samples.length * 2, true);
	for (let index = 0; index < samples.length; index++) {
		const sample = Math.max(-1, Math.min(1, samples[index] ?? 0));
		view.setInt16(44 + index * 2, Math.round(sample * 32767), true);
	}
	return bytes;
}
