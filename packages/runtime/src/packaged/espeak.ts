/**
 * Text to speech with eSpeak NG compiled to WebAssembly (the `espeak-ng` npm package:
 * the synthesiser and its voice data in one .wasm, GPL-3.0-or-later). A formant
 * synthesiser, not a neural voice: robotic but clear, fast, and small. Each call runs
 * espeak-ng's command line in a fresh instance of the module compiled once at load,
 * with the text in a file of its in-memory file system (so a text starting with "-" is
 * never read as an option), and answers its WAV (22.05 kHz, 16-bit mono).
 */
import { readFile } from "node:fs/promises";
import type { PipelineType } from "@hubkit/tasks";
import { BinaryAnswer, type FileLookup, type LocalEngine } from "../engine.js";
import { RuntimeError } from "../errors.js";
import { checkPackages, manifestFor, packageFile } from "./manifest.js";

export const ESPEAK_ENGINE = "espeak-ng";
/** About three minutes of speech. */
export const MAX_SPEECH_CHARS = 5_000;
const VOICE = "en-us";

interface EspeakModel {
	compiled: WebAssembly.Module;
	create: (options: Record<string, unknown>) => Promise<{ FS: { readFile(path: string): Uint8Array } }>;
}

export const espeakEngine: LocalEngine<EspeakModel, string> = {
	task: "text-to-speech" as PipelineType,
	async accepts(files: FileLookup) {
		return (await manifestFor(files, ESPEAK_ENGINE)) !== undefined;
	},
	parseRequest(body) {
		const inputs = typeof body === "object" && body !== null ? (body as Record<string, unknown>).inputs : undefined;
		if (typeof inputs !== "string" || inputs.trim() === "") {
			throw new RuntimeError("input", 'text-to-speech needs the text to say: { "inputs": "…" }');
		}
		if (inputs.length > MAX_SPEECH_CHARS) {
			throw new RuntimeError("input", `The text is longer than ${MAX_SPEECH_CHARS} characters`);
		}
		return inputs;
	},
	async load(files, log) {
		const started = performance.now();
		await checkPackages(files, ESPEAK_ENGINE, [ESPEAK_ENGINE]);
		const compiled = await WebAssembly.compile(await readFile(packageFile(ESPEAK_ENGINE, "dist/espeak-ng.wasm")));
		// The package ships no types: the name goes through a variable so TypeScript takes the module as unknown.
		const name: string = ESPEAK_ENGINE;
		const { default: create } = (await import(name)) as { default: EspeakModel["create"] };
		const model = { compiled, create };
		log(`Local runtime: loaded ${files.model} (espeak-ng wasm) in ${Math.round(performance.now() - started)} ms`);
		return model;
	},
	async run({ compiled, create }, text) {
		const messages: string[] = [];
		const espeak = await create({
			arguments: ["-v", VOICE, "-w", "/speech.wav", "-f", "/text.txt"],
			preRun: [
				(module: { FS: { writeFile(path: string, data: string): void } }) => module.FS.writeFile("/text.txt", text),
			],
			instantiateWasm(
				imports: WebAssembly.Imports,
				done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
			) {
				WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled));
				return {};
			},
			print: (line: string) => messages.push(line),
			printErr: (line: string) => messages.push(line),
		});
		let wav: Uint8Array;
		try {
			wav = espeak.FS.readFile("/speech.wav");
		} catch {
			throw new RuntimeError(
				"failed",
				`espeak-ng wrote no speech${messages.length ? `: ${messages.join(" ").slice(0, 200)}` : ""}`,
			);
		}
		return new BinaryAnswer(new Uint8Array(wav), "audio/wav");
	},
	async release() {
		// Nothing held but the compiled module, which the garbage collector takes.
	},
};
