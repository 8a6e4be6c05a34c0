/**
 * Speech from the local `espeak-ng` program, and the voice-activity clip made from it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { normalize, readWav, resample, SR, trim } from "./wav.mjs";

export function hasEspeak() {
	const r = spawnSync("espeak-ng", ["--version"], { encoding: "utf8" });
	return !r.error && r.status === 0;
}

/** espeak-ng writes each phrase to a file: one scratch directory for the whole run. */
let tmp = null;

/** Removes the scratch directory, once every phrase is spoken. */
export function removeSpeechScratch() {
	if (tmp) rmSync(tmp, { recursive: true, force: true });
	tmp = null;
}

/** Speak text with espeak-ng -> trimmed Float32Array at SR, peak-normalised to 1. */
export function speak(text, speed = 150) {
	tmp ??= mkdtempSync(join(tmpdir(), "hubkit-demo-"));
	const file = join(tmp, "say.wav");
	const r = spawnSync("espeak-ng", ["-v", "en-us", "-s", String(speed), "-w", file, text]);
	if (r.error || r.status !== 0) {
		throw new Error(`espeak-ng failed: ${r.error?.message ?? r.stderr?.toString()}`);
	}
	const { rate, samples } = readWav(readFileSync(file));
	return normalize(trim(resample(samples, rate)), 1);
}

/** Place two phrases in 4.0 s, each centred in its window; speed up espeak until they fit. */
export function vad() {
	const total = 4 * SR;
	const out = new Float32Array(total);
	const windows = [
		["Hello there.", 0.5, 1.7],
		["How are you?", 2.5, 3.6],
	];
	for (const [text, a, b] of windows) {
		const room = Math.floor((b - a) * SR) - Math.round(0.06 * SR);
		let clip = null;
		for (let speed = 150; speed <= 260; speed += 10) {
			clip = speak(text, speed);
			if (clip.length <= room) break;
		}
		if (clip.length > room) clip = clip.slice(0, room);
		normalize(clip, 0.8);
		const start = Math.round(a * SR) + Math.floor((Math.floor((b - a) * SR) - clip.length) / 2);
		out.set(clip, start);
	}
	return out;
}
