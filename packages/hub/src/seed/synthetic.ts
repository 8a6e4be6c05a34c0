/**
 * Synthetic models for load tests (`hubkit seed --synthetic N`): varied pipeline
 * tags, libraries, about 5,000 authors, tags, long-tailed download counts and
 * dates spread over several years. Deterministic for a given seed.
 *
 * Generating must stay cheap at a million records: per record there are a few
 * random draws, a short id and a handful of small objects. Everything that only
 * depends on the (task, library, …) combination — README text, config, card
 * data, widget examples, config.json content — is built once and shared between
 * records, so treat records as read-only. Shared strings also let the loader
 * store each distinct README and config.json once.
 */
import {
	LIBRARY_KEYS,
	type ModelLibraryKey,
	PIPELINE_DATA,
	PIPELINE_TYPES,
	type PipelineType,
	TASKS_MODEL_LIBRARIES,
} from "@hubkit/tasks";
import { AUTO_MODEL, defaultProcessor } from "../services/transformers-info.js";
import { CHAT_FORMATS } from "./catalogue/chat-formats.js";
import { DEFAULT_WIDGETS } from "./catalogue/widgets.js";
import type { SeedFile, SeedModel, SeedProviderMapping } from "./types.js";

/** The most records one call may generate. */
export const MAX_SYNTHETIC_MODELS = 10_000_000;
/** How many distinct authors the synthetic models are spread over. */
export const SYNTHETIC_AUTHOR_COUNT = 5_000;

// ---------------------------------------------------------------------------
// Random numbers

/** mulberry32: a small, fast, seedable 32-bit generator. Returns numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export const pick = <T>(items: readonly T[], random: () => number): T =>
	items[Math.floor(random() * items.length)] as T;

/** Draws an index of `pairs` by weight, through a lookup table (constant time per draw). */
function weightedIndex(pairs: readonly (readonly [unknown, number])[]): (random: () => number) => number {
	const SLOTS = 4096;
	const total = pairs.reduce((sum, [, weight]) => sum + weight, 0);
	const table = new Uint8Array(SLOTS);
	let slot = 0;
	let running = 0;
	pairs.forEach(([, weight], index) => {
		running += weight;
		const end = index === pairs.length - 1 ? SLOTS : Math.round((running / total) * SLOTS);
		for (; slot < end; slot++) table[slot] = index;
	});
	return (random) => table[Math.floor(random() * SLOTS)] as number;
}

/** Picks from [item, weight] pairs. */
function weighted<T>(pairs: readonly (readonly [T, number])[]): (random: () => number) => T {
	const draw = weightedIndex(pairs);
	return (random) => (pairs[draw(random)] as readonly [T, number])[0];
}

// ---------------------------------------------------------------------------
// Word lists (made up; chosen so that ids read like real ones)

const SYLLABLES = [
	"ar",
	"ca",
	"di",
	"lo",
	"mer",
	"ni",
	"qua",
	"ro",
	"sel",
	"ta",
	"vin",
	"zo",
	"bel",
	"cor",
	"dun",
	"el",
	"fen",
	"gal",
	"hal",
	"ir",
	"jun",
	"ka",
	"lum",
	"mo",
	"nor",
	"or",
	"pel",
	"rin",
	"sa",
	"tor",
	"ul",
	"ve",
	"wen",
	"xi",
	"yar",
	"zen",
	"bri",
	"cle",
	"dra",
	"fla",
];
const AUTHOR_SUFFIXES = weighted([
	["", 10],
	["-labs", 3],
	["-ai", 3],
	["-research", 1],
	["-ml", 1],
	["-nlp", 1],
	["-vision", 1],
	["-studio", 1],
	["-collective", 0.5],
	["-lab", 1],
	["-team", 0.5],
	["-org", 0.5],
] as const);

/** Distinct author names for a seed, most to least prolific. */
function authorPool(random: () => number): string[] {
	const authors = new Set<string>();
	while (authors.size < SYNTHETIC_AUTHOR_COUNT) {
		const syllables = 2 + Math.floor(random() * 2);
		let word = "";
		for (let i = 0; i < syllables; i++) word += pick(SYLLABLES, random);
		const digits = random() < 0.12 ? String(Math.floor(random() * 100)) : "";
		authors.add(word + digits + AUTHOR_SUFFIXES(random));
	}
	return [...authors];
}

const TOPICS: Partial<Record<PipelineType, readonly string[]>> = {
	"text-classification": ["sentiment", "toxicity", "intent", "topic", "spam", "emotion", "stance", "news"],
	"token-classification": ["ner", "pos", "chunking", "pii", "medical-ner", "address-parser"],
	"zero-shot-classification": ["nli", "zeroshot", "mnli"],
	"question-answering": ["squad", "qa", "extractive-qa", "faq"],
	"fill-mask": ["mlm", "domain-adapted", "legal", "bio", "code"],
	translation: ["opus-en-fr", "en-de", "nllb-distilled", "mt-multilingual", "en-sw"],
	summarization: ["summarizer", "news-summary", "dialogue-summary", "abstractive"],
	"text-generation": ["chat", "instruct", "coder", "reasoning", "story", "math", "tiny-chat", "assistant"],
	"sentence-similarity": ["embed", "sentence", "paraphrase", "retrieval"],
	"feature-extraction": ["embeddings", "encoder", "features"],
	"text-ranking": ["reranker", "cross-encoder", "ranker"],
	"automatic-speech-recognition": ["asr", "speech-to-text", "transcriber", "dictation"],
	"audio-classification": ["keyword-spotting", "sound-events", "speaker-id", "emotion-audio"],
	"text-to-speech": ["tts", "voice", "narrator"],
	"image-classification": ["food", "plants", "birds", "xray", "defects", "cifar", "imagenet"],
	"object-detection": ["detector", "yolo-traffic", "ppe", "retail-shelf", "drone"],
	"image-segmentation": ["segmenter", "road-scenes", "cells", "matting"],
	"text-to-image": ["diffusion", "anime", "photoreal", "pixel-art", "watercolor", "logo"],
	"image-to-image": ["upscaler", "inpaint", "style-transfer", "restore"],
	"image-text-to-text": ["vlm", "vision-chat", "doc-reader", "captioner"],
	"tabular-classification": ["churn", "credit-risk", "fraud", "titanic"],
	"tabular-regression": ["house-prices", "demand", "energy"],
	"reinforcement-learning": ["ppo-cartpole", "dqn-atari", "sac-hopper", "a2c-lunarlander"],
};

const ARCHITECTURES: Partial<Record<PipelineType, readonly [string, string][]>> = {
	"text-generation": [
		["llama", "LlamaForCausalLM"],
		["qwen2", "Qwen2ForCausalLM"],
		["mistral", "MistralForCausalLM"],
		["gemma2", "Gemma2ForCausalLM"],
		["phi3", "Phi3ForCausalLM"],
		["gpt2", "GPT2LMHeadModel"],
	],
	"image-text-to-text": [
		["qwen2_5_vl", "Qwen2_5_VLForConditionalGeneration"],
		["idefics3", "Idefics3ForConditionalGeneration"],
		["llava", "LlavaForConditionalGeneration"],
	],
	"automatic-speech-recognition": [
		["whisper", "WhisperForConditionalGeneration"],
		["wav2vec2", "Wav2Vec2ForCTC"],
	],
	"image-classification": [
		["vit", "ViTForImageClassification"],
		["convnext", "ConvNextForImageClassification"],
		["swin", "SwinForImageClassification"],
	],
	"object-detection": [
		["detr", "DetrForObjectDetection"],
		["rt_detr", "RTDetrForObjectDetection"],
	],
	translation: [
		["marian", "MarianMTModel"],
		["t5", "T5ForConditionalGeneration"],
	],
	summarization: [
		["bart", "BartForConditionalGeneration"],
		["t5", "T5ForConditionalGeneration"],
	],
};
/** Encoder families for the text tasks without their own list. */
const ENCODERS: readonly [string, string][] = [
	["bert", "Bert"],
	["roberta", "Roberta"],
	["deberta-v2", "DebertaV2"],
	["distilbert", "DistilBert"],
	["xlm-roberta", "XLMRoberta"],
	["modernbert", "ModernBert"],
];
const ENCODER_HEADS: Partial<Record<PipelineType, string>> = {
	"text-classification": "ForSequenceClassification",
	"zero-shot-classification": "ForSequenceClassification",
	"text-ranking": "ForSequenceClassification",
	"token-classification": "ForTokenClassification",
	"question-answering": "ForQuestionAnswering",
	"fill-mask": "ForMaskedLM",
	"feature-extraction": "Model",
	"sentence-similarity": "Model",
};

const SIZES = weighted([
	["tiny", 2],
	["small", 4],
	["base", 6],
	["large", 3],
	["xl", 1],
	["1b", 1],
	["3b", 1],
	["7b", 1.5],
	["13b", 0.5],
	["70b", 0.2],
] as const);
/** Rough weight-file size per size word, in bytes. */
const SIZE_BYTES: Record<string, number> = {
	tiny: 18e6,
	small: 120e6,
	base: 440e6,
	large: 1.3e9,
	xl: 3e9,
	"1b": 2.2e9,
	"3b": 6.4e9,
	"7b": 15e9,
	"13b": 26e9,
	"70b": 140e9,
};

const LICENSE_WEIGHTS = [
	["apache-2.0", 10],
	["mit", 7],
	["cc-by-4.0", 2],
	["other", 3],
	["openrail", 1],
	["cc-by-nc-4.0", 1.5],
	["llama3.1", 1],
	["gemma", 0.7],
	["bsd-3-clause", 0.5],
	["gpl-3.0", 0.3],
] as const;
const LICENSE_DRAW = weightedIndex(LICENSE_WEIGHTS);
const LICENSE_TAGS = LICENSE_WEIGHTS.map(([license]) => `license:${license}`);
/** Card tags every synthetic model carries (shared, read-only). */
const CARD_TAGS: readonly string[] = ["synthetic"];
const LANGUAGE_WEIGHTS = [
	["en", 20],
	["multilingual", 3],
	["fr", 2],
	["de", 2],
	["es", 2],
	["zh", 2],
	["ja", 1],
	["ko", 1],
	["ar", 1],
	["hi", 1],
	["pt", 1],
	["ru", 1],
	["sw", 0.5],
	["yo", 0.3],
	["fi", 0.5],
] as const;
const LANGUAGE_DRAW = weightedIndex(LANGUAGE_WEIGHTS);
const LANGUAGE_LISTS = LANGUAGE_WEIGHTS.map(([language]) => [language]);
/** Card data variants per (task, library): each license, with no language or one of LANGUAGE_WEIGHTS. */
const CARD_LANGUAGE_SLOTS = LANGUAGE_WEIGHTS.length + 1;
const CARD_VARIANTS = LICENSE_WEIGHTS.length * CARD_LANGUAGE_SLOTS;
const EXTRA_TAGS = [
	"synthetic",
	"fine-tuned",
	"autotrain",
	"generated_from_trainer",
	"quantized",
	"merge",
	"distillation",
	"lora",
	"onnx",
	"trl",
	"sft",
	"dpo",
	"medical",
	"legal",
	"finance",
	"code",
] as const;

/** Which pipeline tags some providers serve (facts from reference/providers.json). */
const PROVIDER_TASKS: readonly [string, ReadonlySet<string>][] = [
	[
		"hf-inference",
		new Set([
			"conversational",
			"text-classification",
			"token-classification",
			"fill-mask",
			"question-answering",
			"summarization",
			"translation",
			"feature-extraction",
			"sentence-similarity",
			"image-classification",
			"object-detection",
			"image-segmentation",
			"automatic-speech-recognition",
			"audio-classification",
			"text-to-image",
			"zero-shot-classification",
		]),
	],
	["together", new Set(["conversational", "text-to-image", "feature-extraction"])],
	["fal-ai", new Set(["text-to-image", "text-to-video", "image-to-image", "automatic-speech-recognition"])],
	["replicate", new Set(["text-to-image", "text-to-speech", "text-to-video"])],
	["novita", new Set(["conversational", "text-generation"])],
];

// ---------------------------------------------------------------------------
// Shared pieces, built once per combination

const json = (value: unknown) => JSON.stringify(value);
const CHAT_TASKS = new Set<PipelineType>(["text-generation", "image-text-to-text"]);
const START = Date.parse("2021-01-01T00:00:00.000Z");
const END = Date.parse("2025-11-30T00:00:00.000Z");
const DAY_MS = 86_400_000;
/** "YYYY-MM-DDT" for every day from START to END, and "00".."59": dates are formatted from these, cheaply. */
const DAY_PREFIXES = Array.from({ length: Math.ceil((END - START) / DAY_MS) + 1 }, (_, day) =>
	new Date(START + day * DAY_MS).toISOString().slice(0, 11),
);
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, "0"));

/** ISO 8601 for a whole-second time between START and END; what toISOString gives, several times faster. */
export function isoSeconds(ms: number): string {
	const sinceStart = ms - START;
	const day = Math.floor(sinceStart / DAY_MS);
	const second = Math.floor((sinceStart - day * DAY_MS) / 1000);
	const hours = Math.floor(second / 3600);
	const minutes = Math.floor((second % 3600) / 60);
	return `${DAY_PREFIXES[day]}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[second % 60]}.000Z`;
}

/** Stride of the id-number permutation: coprime with MAX_SYNTHETIC_MODELS, so numbers never repeat. */
const ID_STRIDE = 7_654_321;

interface Shape {
	config: Record<string, unknown> | undefined;
	configFile: SeedFile | undefined;
	weightPath: string;
	transformersInfo: Record<string, unknown> | undefined;
	archWord: string;
}

function shapeFor(task: PipelineType, library: ModelLibraryKey, archIndex: number, chat: boolean): Shape {
	let archWord = library.replace(/[^a-z0-9]+/gi, "").toLowerCase() || "model";
	let config: Record<string, unknown> | undefined;
	if (library === "transformers" || library === "sentence-transformers" || library === "transformers.js") {
		const own = ARCHITECTURES[task];
		const head = ENCODER_HEADS[task];
		let type: string;
		let arch: string;
		if (own) {
			[type, arch] = own[archIndex % own.length] as [string, string];
		} else if (head) {
			const [encoderType, prefix] = ENCODERS[archIndex % ENCODERS.length] as [string, string];
			type = encoderType;
			arch = prefix + head;
		} else {
			type = task.split("-")[0] ?? "model";
			arch = "PreTrainedModel";
		}
		archWord = type.replace(/[_-]/g, "");
		config = { architectures: [arch], model_type: type };
		if (chat) {
			const format = CHAT_FORMATS[type === "gemma2" ? "gemma" : type === "mistral" ? "mistral" : "chatml"];
			config.tokenizer_config = { bos_token: format.bos, eos_token: format.eos, chat_template: format.template };
		}
	} else if (library === "sklearn") {
		config = { sklearn: { model: { file: "sklearn_model.joblib" }, task } };
	} else if (library === "speechbrain") {
		config = {
			speechbrain: { interface: task === "automatic-speech-recognition" ? "EncoderASR" : "EncoderClassifier" },
		};
	}
	const { tokenizer_config: _tokenizer, ...fileConfig } = config ?? {};
	const weightPath =
		library === "sklearn"
			? "sklearn_model.joblib"
			: library === "diffusers"
				? "diffusion_pytorch_model.safetensors"
				: library === "keras" || library === "tf-keras"
					? "model.keras"
					: library === "transformers.js"
						? "onnx/model.onnx"
						: "model.safetensors";
	return {
		config,
		configFile: config ? { path: "config.json", content: json(fileConfig) } : undefined,
		weightPath,
		transformersInfo:
			library === "transformers"
				? { auto_model: AUTO_MODEL[task] ?? "AutoModel", pipeline_tag: task, processor: defaultProcessor(task) }
				: undefined,
		archWord,
	};
}

function readmeFor(task: PipelineType, library: ModelLibraryKey, license: string): string {
	return `---\nlicense: ${license}\nlibrary_name: ${library}\npipeline_tag: ${task}\ntags:\n- synthetic\n---\n\nA synthetic ${PIPELINE_DATA[task].name.toLowerCase()} model (${library}) generated for load tests; its numbers are sample data.\n`;
}

/**
 * A cache keyed by (combination, small variant): one short array per combination.
 * Plain arrays are faster than a Map on this path and stay packed.
 */
function memo<T>(cache: (T | undefined)[][], combo: number, variant: number, variants: number, make: () => T): T {
	let row = cache[combo];
	if (row === undefined) {
		// Filled up front: a packed array stays fast where a sparse one would turn into a dictionary.
		row = new Array<T | undefined>(variants).fill(undefined);
		cache[combo] = row;
	}
	let value = row[variant];
	if (value === undefined) {
		value = make();
		row[variant] = value;
	}
	return value;
}

// ---------------------------------------------------------------------------
// The generator

/**
 * `count` synthetic models, deterministic for `seed`. Ids look like
 * `arcadia-labs/sentiment-bert-base-48213`: the number is unique per record.
 * Throws a RangeError at once (not on first iteration) for a bad count or seed.
 */
export function syntheticModels(count: number, seed = 1): Generator<SeedModel> {
	if (!Number.isInteger(count) || count < 0 || count > MAX_SYNTHETIC_MODELS) {
		throw new RangeError(`count must be an integer from 0 to ${MAX_SYNTHETIC_MODELS}, got ${count}`);
	}
	if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
		throw new RangeError(`seed must be an integer from 0 to ${0xffffffff}, got ${seed}`);
	}
	return generate(count, seed);
}

function* generate(count: number, seed: number): Generator<SeedModel> {
	const random = mulberry32(seed ^ 0x9e3779b9);
	const authors = authorPool(random);
	const offset = Math.floor(random() * MAX_SYNTHETIC_MODELS);
	const combos = PIPELINE_TYPES.length * LIBRARY_KEYS.length;
	const shapes: (Shape | undefined)[][] = Array.from({ length: combos }, () => []);
	const readmes: (SeedFile | undefined)[][] = Array.from({ length: combos }, () => []);
	const cards: (Record<string, unknown> | undefined)[][] = Array.from({ length: combos }, () => []);
	const allTasks = PIPELINE_TYPES;

	for (let index = 0; index < count; index++) {
		// Tasks: half uniform over every tag, half weighted toward the busiest ones.
		const taskIndex = random() < 0.5 ? Math.floor(random() * allTasks.length) : pick(BUSY_TASK_INDICES, random);
		const task = allTasks[taskIndex] as PipelineType;
		const usual = USUAL_LIBRARY_INDICES[taskIndex] as number[];
		const libraryIndex =
			usual.length > 0 && random() < 0.85 ? pick(usual, random) : Math.floor(random() * LIBRARY_KEYS.length);
		const library = LIBRARY_KEYS[libraryIndex] as ModelLibraryKey;
		const chat = CHAT_TASKS.has(task) && library === "transformers" && random() < 0.6;
		const archIndex = Math.floor(random() * 6);
		const comboKey = taskIndex * LIBRARY_KEYS.length + libraryIndex;
		const shape = memo(shapes, comboKey, archIndex * 2 + (chat ? 1 : 0), 12, () =>
			shapeFor(task, library, archIndex, chat),
		);
		const licenseIndex = LICENSE_DRAW(random);
		const license = (LICENSE_WEIGHTS[licenseIndex] as readonly [string, number])[0];
		const languageIndex = HAS_LANGUAGE[taskIndex] ? LANGUAGE_DRAW(random) : -1;
		const language = languageIndex < 0 ? undefined : (LANGUAGE_WEIGHTS[languageIndex] as readonly [string, number])[0];
		const size = SIZES(random);

		// Authors: a few are prolific, most publish a handful of models.
		const author = authors[Math.floor(authors.length * random() ** 3)] as string;
		const topic = pick(TOPIC_LISTS[taskIndex] as readonly string[], random);
		const number = (offset + ID_STRIDE * index) % MAX_SYNTHETIC_MODELS;
		const name = `${topic}-${shape.archWord}-${size}-${number}`;

		// Long tail: most models are barely downloaded, a few very much.
		const u = 1 - random();
		const downloads = Math.min(50_000_000, Math.floor(3 / u ** 1.15) - 3);
		const likes = Math.floor(Math.sqrt(downloads) * random() * 0.6);
		const created = START + Math.floor((random() * (END - START)) / 1000) * 1000;
		const modified = created + Math.floor((random() * (END - created)) / 1000) * 1000;

		const tags: string[] = [library, task, LICENSE_TAGS[licenseIndex] as string];
		if (language) tags.push(language);
		if (chat) tags.push("conversational", "text-generation-inference");
		if (random() < 0.35) tags.push(pick(EXTRA_TAGS, random));
		if (library === "transformers" || library === "diffusers" || library === "sentence-transformers") {
			tags.push("endpoints_compatible");
		}

		const readme = memo(readmes, comboKey, licenseIndex, LICENSE_WEIGHTS.length, () => ({
			path: "README.md",
			content: readmeFor(task, library, license),
		}));
		const cardData = memo(
			cards,
			comboKey,
			licenseIndex * CARD_LANGUAGE_SLOTS + languageIndex + 1,
			CARD_VARIANTS,
			() => ({
				license,
				library_name: library,
				pipeline_tag: task,
				...(languageIndex < 0 ? {} : { language: LANGUAGE_LISTS[languageIndex] }),
				tags: CARD_TAGS,
			}),
		);
		const files: SeedFile[] = [readme];
		if (shape.configFile) files.push(shape.configFile);
		files.push({ path: shape.weightPath, size: Math.round((SIZE_BYTES[size] as number) * (0.8 + random() * 0.4)) });

		const record: SeedModel = {
			id: `${author}/${name}`,
			author,
			pipeline_tag: task,
			library_name: library,
			tags,
			downloads,
			likes,
			createdAt: isoSeconds(created),
			lastModified: isoSeconds(modified),
			cardData,
			readme: readme.content as string,
			files,
			inferenceProviderMapping: random() < 0.02 ? providerMapping(task, chat, `${author}/${name}`, random) : [],
		};
		if (shape.config) record.config = shape.config;
		if (shape.transformersInfo) record.transformersInfo = shape.transformersInfo;
		const widget = chat ? undefined : DEFAULT_WIDGETS[task];
		if (widget && widget.length > 0) record.widgetData = widget as Record<string, unknown>[];
		const access = random();
		if (access < 0.002) record.private = true;
		else if (access < 0.012) record.gated = "auto";
		yield record;
	}
}

/** Pipeline tags that dominate a real hub, drawn for half of the records. */
const BUSY_TASKS: PipelineType[] = [
	"text-generation",
	"text-generation",
	"text-generation",
	"text-classification",
	"text-classification",
	"token-classification",
	"automatic-speech-recognition",
	"text-to-image",
	"text-to-image",
	"image-classification",
	"sentence-similarity",
	"feature-extraction",
	"image-text-to-text",
	"reinforcement-learning",
	"translation",
	"summarization",
	"question-answering",
	"fill-mask",
	"object-detection",
];
/** Per pipeline tag (by index): the topic words of its names, and whether its models name a language. */
const TOPIC_LISTS = PIPELINE_TYPES.map((task) => TOPICS[task] ?? [task.split("-")[0] as string]);
const HAS_LANGUAGE = PIPELINE_TYPES.map((task) => ["nlp", "audio"].includes(PIPELINE_DATA[task].modality));
const BUSY_TASK_INDICES = BUSY_TASKS.map((task) => PIPELINE_TYPES.indexOf(task));
/** Per pipeline tag (by index), the indices of the libraries its task page lists. */
const USUAL_LIBRARY_INDICES = PIPELINE_TYPES.map((task) =>
	TASKS_MODEL_LIBRARIES[task].map((library) => LIBRARY_KEYS.indexOf(library)),
);

function providerMapping(task: PipelineType, chat: boolean, id: string, random: () => number): SeedProviderMapping[] {
	const route = chat ? "conversational" : task;
	const serving = PROVIDER_TASKS.filter(([, tasks]) => tasks.has(route));
	if (serving.length === 0) return [];
	const [provider] = pick(serving, random);
	return [{ provider, providerId: id, task: route, status: random() < 0.85 ? "live" : "staging" }];
}
