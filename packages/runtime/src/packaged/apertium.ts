/**
 * English → Spanish translation with Apertium, where the machine has Debian's
 * `apertium-eng-spa` (the language pair's dictionaries and rules, which pull in
 * the `apertium` program) installed. A rule-based translator, not a neural one:
 * fast and predictable, literal on idioms and unsure of words it does not know.
 * Not an npm package: optional, found on the PATH and in /usr/share when a model
 * is checked or loaded, and a clear refusal when missing.
 *
 * Each call runs the program once on the text (in a private temporary file) and answers
 * `[{ translation_text }]`. Unknown words come through as they are (`-u`: no marks).
 */
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PipelineType } from "@hubkit/tasks";
import type { FileLookup, LocalEngine } from "../engine.js";
import { RuntimeError } from "../errors.js";
import { bodyObject, oneText, parametersOf } from "../transformers/requests.js";
import { manifestFor } from "./manifest.js";
import { onPath } from "./system-programs.js";

export const APERTIUM_ENGINE = "apertium";
const PROGRAM = "apertium";
/** The language pair's mode file, which the Debian package installs. */
const MODE = "eng-spa";
const MODE_FILE = `/usr/share/apertium/modes/${MODE}.mode`;
/** A request's text: enough for a page, short of a batch job. */
const MAX_CHARS = 20_000;
/** A run that takes longer than this is stuck: it is ended and the call fails (500). */
const RUN_LIMIT_MS = 60_000;

/** Why Apertium's English → Spanish pair cannot run on this machine, or undefined when it can. */
export function apertiumMissing(): string | undefined {
	if (!onPath(PROGRAM)) return `it needs ${PROGRAM} (Debian package apertium-eng-spa), which is not installed`;
	try {
		accessSync(MODE_FILE, constants.R_OK);
		return undefined;
	} catch {
		return "it needs the English-Spanish pair (Debian package apertium-eng-spa), which is not installed";
	}
}

/** `src_lang`/`tgt_lang`, when given, must be this pair's (ISO 639-1 or -3, with or without a region). */
function checkLanguage(parameters: Record<string, unknown>, name: string, wanted: string[]): void {
	const value = parameters[name];
	if (value === undefined || value === null) return;
	const code = typeof value === "string" ? (value.toLowerCase().split(/[-_]/)[0] ?? "") : "";
	if (!wanted.includes(code)) {
		throw new RuntimeError(
			"input",
			`This model translates English to Spanish: \`parameters.${name}\` must be ${wanted[0]}`,
		);
	}
}

/** The text goes in a private temporary file: Node's stdin pipes are sockets, which the pipeline's tools refuse. */
async function translate(program: string, text: string): Promise<string> {
	const dir = await mkdtemp(join(tmpdir(), "hubkit-apertium-"));
	try {
		const file = join(dir, "input.txt");
		await writeFile(file, `${text}\n`, { mode: 0o600 });
		return await runProgram(program, file);
	} finally {
		await rm(dir, { recursive: true, force: true });
	}
}

function runProgram(program: string, file: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawn(program, ["-u", MODE, file], { stdio: ["ignore", "pipe", "ignore"] });
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
			// The pipeline pads some words with spaces; a person would not.
			resolve(
				output
					.replace(/[ \t]+/g, " ")
					.replace(/ ([.,;:!?])/g, "$1")
					.trim(),
			);
		});
	});
}

export const apertiumEngine: LocalEngine<string, string> = {
	task: "translation" as PipelineType,
	async accepts(files: FileLookup) {
		return (await manifestFor(files, APERTIUM_ENGINE)) !== undefined;
	},
	parseRequest(body) {
		const object = bodyObject(body);
		const text = oneText(object.inputs);
		if (text.length > MAX_CHARS) throw new RuntimeError("input", `\`inputs\` is longer than ${MAX_CHARS} characters`);
		const parameters = parametersOf(object);
		checkLanguage(parameters, "src_lang", ["en", "eng"]);
		checkLanguage(parameters, "tgt_lang", ["es", "spa"]);
		return text;
	},
	async load(files, log) {
		const missing = apertiumMissing();
		if (missing) throw new RuntimeError("unsupported", `Model ${files.model}: ${missing}`);
		log(`Local runtime: ${files.model} runs ${PROGRAM} ${MODE}`);
		return onPath(PROGRAM) as string;
	},
	async run(program, text) {
		return [{ translation_text: await translate(program, text) }];
	},
	async release() {
		// Nothing is held between calls: each runs the program.
	},
};
