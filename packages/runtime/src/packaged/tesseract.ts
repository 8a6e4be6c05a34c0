/**
 * Image to text (OCR) with tesseract.js: Tesseract's LSTM engine compiled to
 * WebAssembly, reading English with the `eng` model shipped in @tesseract.js-data/eng
 * (the integer "best" variant). tesseract.js's default language path is a CDN, so
 * `langPath` always names the installed package's folder, and its cache is off (it
 * would write the model into the working directory).
 */
import { EventEmitter } from "node:events";
import { dirname, join } from "node:path";
import type { PipelineType } from "@hubkit/tasks";
import type { FileLookup, LocalEngine } from "../engine.js";
import { ModelLostError, RuntimeError } from "../errors.js";
import { checkPackages, manifestFor, packageFile } from "./manifest.js";
import { mediaBytes } from "./media.js";

export const TESSERACT_ENGINE = "tesseract.js";
export const TESSERACT_DATA_PACKAGE = "@tesseract.js-data/eng";
/** What the engine imports or reads. */
export const TESSERACT_PACKAGES = ["tesseract.js", TESSERACT_DATA_PACKAGE];

const UNREADABLE = "The image could not be read (PNG, JPEG, BMP, GIF, WebP or TIFF)";
/** The first bytes of the formats Tesseract's image library reads; anything else is refused before it gets there. */
const IMAGE_SIGNATURES = [
	[0x89, 0x50, 0x4e, 0x47],
	[0xff, 0xd8, 0xff],
	[0x42, 0x4d],
	[0x47, 0x49, 0x46, 0x38],
	[0x52, 0x49, 0x46, 0x46],
	[0x49, 0x49, 0x2a, 0x00],
	[0x4d, 0x4d, 0x00, 0x2a],
];

type TesseractWorker = Awaited<ReturnType<typeof import("tesseract.js").createWorker>>;

interface TesseractModel {
	worker: TesseractWorker;
	/**
	 * Rejects once Tesseract's own thread has stopped. tesseract.js never settles a job its thread
	 * did not answer, so a recognition races this rather than wait for ever.
	 */
	stopped: Promise<never>;
}

/** The thread tesseract.js runs Tesseract in (its `worker` field, which its types leave out). */
function threadOf(worker: TesseractWorker): EventEmitter | undefined {
	const thread = (worker as unknown as { worker?: unknown }).worker;
	return thread instanceof EventEmitter ? thread : undefined;
}

export const tesseractEngine: LocalEngine<TesseractModel, Uint8Array> = {
	task: "image-to-text" as PipelineType,
	media: "image",
	async accepts(files: FileLookup) {
		return (await manifestFor(files, TESSERACT_ENGINE)) !== undefined;
	},
	parseRequest(body) {
		const image = mediaBytes(body, "an image");
		if (!IMAGE_SIGNATURES.some((signature) => signature.every((byte, index) => image[index] === byte))) {
			throw new RuntimeError("input", UNREADABLE);
		}
		return image;
	},
	async load(files, log) {
		const started = performance.now();
		await checkPackages(files, TESSERACT_ENGINE, TESSERACT_PACKAGES);
		const langPath = join(dirname(packageFile(TESSERACT_DATA_PACKAGE, "package.json")), "4.0.0_best_int");
		const { createWorker, OEM } = await import("tesseract.js");
		const worker = await createWorker("eng", OEM.LSTM_ONLY, {
			langPath,
			gzip: true,
			cacheMethod: "none",
			// Without a handler tesseract.js throws a failed job's error out of its message listener,
			// which would end the runtime's worker; the job's own promise still rejects.
			errorHandler: () => undefined,
		});
		const stopped = new Promise<never>((_, reject) => {
			const lost = () =>
				reject(new ModelLostError(`Model ${files.model}: Tesseract's thread stopped before it answered; try again`));
			const thread = threadOf(worker);
			// An error in that thread is this model's end, not the runtime worker's.
			thread?.once("error", lost);
			thread?.once("exit", lost);
		});
		stopped.catch(() => undefined);
		log(`Local runtime: loaded ${files.model} (tesseract.js, eng) in ${Math.round(performance.now() - started)} ms`);
		return { worker, stopped };
	},
	async run({ worker, stopped }, image) {
		let text: string;
		try {
			({
				data: { text },
			} = await Promise.race([
				worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength)),
				stopped,
			]));
		} catch (error) {
			if (error instanceof ModelLostError) throw error;
			throw new RuntimeError("input", UNREADABLE);
		}
		return [{ generated_text: text.trim() }];
	},
	async release({ worker }) {
		await worker.terminate();
	},
};
