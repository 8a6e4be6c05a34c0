/**
 * Image classification with nsfwjs: MobileNetV2 trained to sort pictures into five
 * classes (Drawing, Hentai, Neutral, Porn, Sexy), its weights bundled in the nsfwjs
 * package, run by TensorFlow.js on its WebAssembly backend (no native addon, nothing
 * downloaded: tfjs-node, which downloads a library at install, is never used).
 * Images are decoded by sharp (PNG, JPEG, WebP, GIF …).
 */
import type { PipelineType } from "@hubkit/tasks";
import type { FileLookup, LocalEngine } from "../engine.js";
import { RuntimeError } from "../errors.js";
import { checkPackages, manifestFor } from "./manifest.js";
import { mediaBytes } from "./media.js";

export const NSFWJS_ENGINE = "nsfwjs";
/** What the engine imports. */
export const NSFWJS_PACKAGES = ["nsfwjs", "@tensorflow/tfjs", "@tensorflow/tfjs-backend-wasm", "sharp"];
export const NSFWJS_CLASSES = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"];
/** MobileNetV2's input side; sharp scales every picture to it. */
const SIZE = 224;
/** A larger picture is refused before it is decoded (sharp's guard against decompression bombs). */
const MAX_PIXELS = 40_000_000;

type Tf = typeof import("@tensorflow/tfjs");
type Classifier = Awaited<ReturnType<typeof import("nsfwjs").load>>;

interface NsfwModel {
	tf: Tf;
	classifier: Classifier;
}

interface NsfwRequest {
	image: Uint8Array;
	topK: number;
}

let backend: Promise<Tf> | undefined;

/** TensorFlow.js on the wasm backend, once per worker (the backend is global to tfjs). */
function wasmBackend(): Promise<Tf> {
	backend ??= (async () => {
		const tf = await import("@tensorflow/tfjs");
		// Registers the "wasm" backend; in Node it reads its .wasm file from the installed package.
		await import("@tensorflow/tfjs-backend-wasm");
		if (!(await tf.setBackend("wasm")))
			throw new RuntimeError("failed", "TensorFlow.js could not start its wasm backend");
		await tf.ready();
		return tf;
	})();
	backend.catch(() => {
		backend = undefined;
	});
	return backend;
}

/** Runs `load` with console.info/warn quiet: tfjs and nsfwjs greet on the console, which would land in the hub's log. */
async function quietly<T>(load: () => Promise<T>): Promise<T> {
	const { info, warn } = console;
	console.info = () => undefined;
	console.warn = () => undefined;
	try {
		return await load();
	} finally {
		console.info = info;
		console.warn = warn;
	}
}

function topK(body: unknown): number {
	const parameters =
		typeof body === "object" && body !== null ? (body as Record<string, unknown>).parameters : undefined;
	const value =
		typeof parameters === "object" && parameters !== null ? (parameters as Record<string, unknown>).top_k : undefined;
	if (value === undefined) return NSFWJS_CLASSES.length;
	if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
		throw new RuntimeError("input", "parameters.top_k must be a positive integer");
	}
	return Math.min(value, NSFWJS_CLASSES.length);
}

async function pixels(image: Uint8Array): Promise<Uint8Array> {
	const { default: sharp } = await import("sharp");
	try {
		return new Uint8Array(
			await sharp(image, { limitInputPixels: MAX_PIXELS })
				.removeAlpha()
				.resize(SIZE, SIZE, { fit: "fill" })
				.raw()
				.toBuffer(),
		);
	} catch {
		throw new RuntimeError("input", "The image could not be read (PNG, JPEG, WebP or GIF, at most 40 megapixels)");
	}
}

export const nsfwjsEngine: LocalEngine<NsfwModel, NsfwRequest> = {
	task: "image-classification" as PipelineType,
	media: "image",
	async accepts(files: FileLookup) {
		return (await manifestFor(files, NSFWJS_ENGINE)) !== undefined;
	},
	parseRequest(body) {
		return { image: mediaBytes(body, "an image"), topK: topK(body) };
	},
	async load(files, log) {
		const started = performance.now();
		await checkPackages(files, NSFWJS_ENGINE, NSFWJS_PACKAGES);
		const tf = await wasmBackend();
		const nsfwjs = await import("nsfwjs");
		const classifier = { tf, classifier: await quietly(() => nsfwjs.load("MobileNetV2")) };
		log(
			`Local runtime: loaded ${files.model} (nsfwjs MobileNetV2, tfjs wasm) in ${Math.round(performance.now() - started)} ms`,
		);
		return classifier;
	},
	async run({ tf, classifier }, request) {
		const rgb = await pixels(request.image);
		const image = tf.tensor3d(rgb, [SIZE, SIZE, 3], "int32");
		try {
			const ranked = await classifier.classify(image, request.topK);
			return ranked.map(({ className, probability }: { className: string; probability: number }) => ({
				label: className,
				score: probability,
			}));
		} finally {
			image.dispose();
		}
	},
	async release({ classifier }) {
		classifier.dispose();
	},
};
