/**
 * How transformers.js reads a model: from the hub's store, never from a disk
 * folder or the network. transformers.js asks its cache (`env.customCache`)
 * for every file before anything else; ours answers from the `ModelFiles` of
 * the load in progress and nothing else. Remote models are off, the file
 * system is off and `fetch` refuses, so a file the revision lacks is "not
 * found" rather than a download.
 *
 * Why a cache hook rather than copying the files into a folder: the bytes are
 * read into memory once either way (the ONNX session is made from a buffer),
 * and a hook leaves no second copy of every model on disk to size, protect and
 * clean up.
 *
 * transformers.js is imported on first use: it loads onnxruntime's native library, which a hub
 * (or a main thread asking capability.ts) that never runs a model should not.
 */
import type { ModelFiles } from "../engine.js";
import { RuntimeError } from "../errors.js";

/** Weights are read into memory whole; larger ones are not for a CPU runtime on one machine. */
export const MAX_WEIGHTS_BYTES = 2 * 1024 * 1024 * 1024;
/** Configs, tokenizers and vocabularies. */
export const MAX_SMALL_FILE_BYTES = 64 * 1024 * 1024;

/** A name transformers.js keys the files by; never a real directory (the file system is off). */
const STORE_ROOT = "/hubkit-store/";

interface Load {
	files: ModelFiles;
	/** The first error reading a file (a placeholder, too large): why a load failed. */
	failure?: RuntimeError;
}

const loads = new Map<string, Load>();
let nextLoad = 0;

type Environment = typeof import("@huggingface/transformers").env;
let env: Environment | undefined;

async function configured(): Promise<Environment> {
	if (env) return env;
	env = (await import("@huggingface/transformers")).env;
	// Its warnings name our internal keys; what went wrong reaches the caller as a RuntimeError instead.
	env.logLevel = 40;
	env.allowRemoteModels = false;
	env.allowLocalModels = true;
	env.localModelPath = STORE_ROOT;
	env.useFS = false;
	env.useFSCache = false;
	env.useBrowserCache = false;
	env.useWasmCache = false;
	env.fetch = async () => {
		throw new Error("The local runtime never downloads");
	};
	env.useCustomCache = true;
	env.customCache = { match, put: async () => undefined };
	return env;
}

const isWeights = (path: string) => /\.onnx(_data(_\d+)?)?$/.test(path);

/** transformers.js asks by `{root}{id}/{path}` and, for weights, by the remote URL it would have used. */
function locate(env: Environment, key: string): { load: Load; path: string } | undefined {
	const remotePrefix = env.remoteHost.endsWith("/") ? env.remoteHost : `${env.remoteHost}/`;
	for (const [id, load] of loads) {
		const remote = `${remotePrefix}${env.remotePathTemplate.replaceAll("{model}", id).replaceAll("{revision}", "main")}`;
		for (const prefix of [`${STORE_ROOT}${id}/`, remote]) {
			if (key.startsWith(prefix)) return { load, path: key.slice(prefix.length) };
		}
	}
	return undefined;
}

async function match(request: string | URL | Request): Promise<Response | undefined> {
	const key = typeof request === "string" ? request : request instanceof URL ? request.href : request.url;
	const found = env && locate(env, key);
	if (!found) return undefined;
	const { load, path } = found;
	try {
		if (!(await load.files.has(path))) return undefined;
		const bytes = await load.files.bytes(path, isWeights(path) ? MAX_WEIGHTS_BYTES : MAX_SMALL_FILE_BYTES);
		return new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-length": String(bytes.byteLength) } });
	} catch (error) {
		// transformers.js takes a failed look-up for a miss; the load reports the real reason.
		if (error instanceof RuntimeError) load.failure ??= error;
		throw error;
	}
}

/**
 * Runs `load(id)` with `files` readable under `id` (a name of our own, unique per load, so
 * transformers.js's memoised look-ups never mix two revisions). A failure becomes a
 * RuntimeError that names the model and the file, never a path of ours.
 */
export async function withModelFiles<T>(files: ModelFiles, load: (id: string) => Promise<T>): Promise<T> {
	await configured();
	const id = `hubkit-load-${nextLoad++}`;
	const entry: Load = { files };
	loads.set(id, entry);
	try {
		return await load(id);
	} catch (error) {
		if (error instanceof RuntimeError) throw error;
		if (entry.failure) throw entry.failure;
		const detail = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
		const missing = detail.match(new RegExp(`${STORE_ROOT}${id}/([^"]+)`))?.[1];
		if (missing) throw new RuntimeError("unsupported", `Model ${files.model} has no ${missing}`);
		const cleaned = detail.replaceAll(`${STORE_ROOT}${id}/`, "").replaceAll(id, files.model);
		throw new RuntimeError("unsupported", `Model ${files.model} could not be loaded by transformers.js: ${cleaned}`);
	} finally {
		loads.delete(id);
	}
}
