/**
 * Speech recognition with CMU PocketSphinx, where the machine has Debian's
 * `pocketsphinx` (the `pocketsphinx_continuous` program) and `pocketsphinx-en-us`
 * (the US English acoustic model, language model and dictionary) installed. Not an
 * npm package: optional, found on the PATH and in /usr/share when a model is checked
 * or loaded, and a clear refusal when missing. An old, small recogniser: fine for
 * clear speech with common words, poor on names, noise and accents.
 *
 * Each call runs the program once on the recording as 16 kHz 16-bit PCM (read from WAV
 * and resampled here) in a private temporary file (Node's stdin pipes are sockets, which
 * the program cannot open by path), and answers `{ text }`: its utterances joined with spaces.
 */
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PipelineType } from "@hubkit/tasks";
import type { FileLookup, LocalEngine } from "../engine.js";
import { RuntimeError } from "../errors.js";
import { manifestFor } from "./manifest.js";
import { decodeWav, mediaBytes, resample } from "./media.js";
import { onPath } from "./system-programs.js";

export const POCKETSPHINX_ENGINE = "pocketsphinx";
const PROGRAM = "pocketsphinx_continuous";
const MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";
const MODEL = {
	hmm: join(MODEL_DIR, "en-us"),
	lm: join(MODEL_DIR, "en-us.lm.bin"),
	dict: join(MODEL_DIR, "cmudict-en-us.dict"),
};
const RATE = 16_000;
/** Ten minutes of speech; longer recordings are for a batch job, not a request. */
const MAX_SECONDS = 600;
/** A run that takes longer than this is stuck: it is ended and the call fails (500). */
const RUN_LIMIT_MS = 300_000;

/** Why PocketSphinx cannot run on this machine, or undefined when it can. */
export function pocketsphinxMissing(): string | undefined {
	if (!onPath(PROGRAM)) return `it needs ${PROGRAM} (Debian package pocketsphinx), which is not installed`;
	for (const path of Object.values(MODEL)) {
		try {
			accessSync(path, constants.R_OK);
		} catch {
			return "it needs the US English model (Debian package pocketsphinx-en-us), which is not installed";
		}
	}
	return undefined;
}

/** 16-bit little-endian PCM of samples in [-1, 1]. */
function pcm16(samples: Float32Array): Buffer {
	const out = Buffer.alloc(samples.length * 2);
	samples.forEach((sample, index) => {
		out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), index * 2);
	});
	return out;
}

async function recognise(program: string, audio: Buffer): Promise<string> {
	const dir = await mkdtemp(join(tmpdir(), "hubkit-sphinx-"));
	try {
		const file = join(dir, "speech.raw");
		await writeFile(file, audio, { mode: 0o600 });
		return await runProgram(program, file);
	} finally {
		await rm(dir, { recursive: true, force: true });
	}
}

function runProgram(program: string, file: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const args = ["-infile", file, "-hmm", MODEL.hmm, "-lm", MODEL.lm, "-dict", MODEL.dict, "-logfn", "/dev/null"];
		const child = spawn(program, args, { stdio: ["ignore", "pipe", "ignore"] });
		const timer = setTimeout(() => child.kill("SIGKILL"), RUN_LIMIT_MS);
		let output = "";
		child.stdout.setEncoding("utf8");
		child.stdout.on("data", (chunk: string) => {
			output += chunk;
		});
		child.on("error", (error) => {
			clearTimeout(timer);
			reject(new RuntimeError("failed", `${PROGRAM} could not be started: ${error.message}`));
		});
		child.on("close", (code) => {
			clearTimeout(timer);
			if (code !== 0) return reject(new RuntimeError("failed", `${PROGRAM} stopped with ${code ?? "a signal"}`));
			resolve(
				output
					.split("\n")
					.map((line) => line.trim())
					.filter(Boolean)
					.join(" "),
			);
		});
	});
}

export const pocketsphinxEngine: LocalEngine<string, Uint8Array> = {
	task: "automatic-speech-recognition" as PipelineType,
	media: "audio",
	async accepts(files: FileLookup) {
		return (await manifestFor(files, POCKETSPHINX_ENGINE)) !== undefined;
	},
	parseRequest(body) {
		return mediaBytes(body, "a recording");
	},
	async load(files, log) {
		const missing = pocketsphinxMissing();
		if (missing) throw new RuntimeError("unsupported", `Model ${files.model}: ${missing}`);
		log(`Local runtime: ${files.model} runs ${PROGRAM}`);
		return onPath(PROGRAM) as string;
	},
	async run(program, bytes) {
		const recording = decodeWav(bytes);
		if (recording.samples.length / recording.rate > MAX_SECONDS) {
			throw new RuntimeError("input", `The recording is longer than ${MAX_SECONDS / 60} minutes`);
		}
		return { text: await recognise(program, pcm16(resample(recording, RATE))) };
	},
	async release() {
		// Nothing is held between calls: each runs the program.
	},
};
