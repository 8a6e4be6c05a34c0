/**
 * Whether this hub's local runtime can run a model now, decided from its files
 * without loading it: an engine for its task, and the real files that engine
 * needs (a sample placeholder stands in for a file but cannot be run). This is
 * what an `hf-inference` mapping promises, so whoever writes one asks here
 * first: the seed loader today (seed/seed-capability.ts), uploads later.
 *
 * A new engine adds its check to CHECKS: the same files its `load` reads, the
 * same refusals, but nothing heavier than a small JSON file is read.
 */

import { ggufCapability } from "./llama-capability.js";
import { packagedMediaCapability } from "./packaged/media-engines.js";
import { packagedTextCapability } from "./packaged/text-capability.js";
import { MAX_WEIGHTS_BYTES } from "./transformers/model-store.js";
import type { TransformersTask } from "./transformers/types.js";
import { findWeights, TRANSFORMERS_TASKS, weightLayoutsOf } from "./transformers-engine.js";

export interface CandidateFile {
	/** Bytes the file has (or claims, for a placeholder). */
	size: number;
	/** False for a sample placeholder: the path and size of a file whose bytes are filler. */
	real: boolean;
}

/** One revision's files, as the caller holds them (seed records in memory, or the hub's store). */
export interface CandidateFiles {
	/** The file at `path`, undefined when there is none. */
	file(path: string): Promise<CandidateFile | undefined>;
	/** A real, small file's text. */
	text(path: string): Promise<string>;
	/** Every file path of the revision (a GGUF repository is known by its .gguf file); optional. */
	paths?(): Promise<string[]>;
	/** Up to `length` bytes from the start of a real file (a GGUF's header); optional. */
	head?(path: string, length: number): Promise<Uint8Array>;
}

export interface LocalCandidate {
	/** The model id, for messages. */
	id: string;
	pipelineTag: string | undefined;
	files: CandidateFiles;
}

/** `task`: what the runtime serves the model for, the task of its hf-inference mapping. */
export type LocalCapability = { ok: true; task: string } | { ok: false; reason: string };

/** JSON files a check reads are configs and tokenizers; anything bigger is not one the runtime would load. */
const MAX_JSON_BYTES = 64 * 1024 * 1024;

/** The reason a model cannot run, or undefined when it can. */
type Check = (model: LocalCandidate) => Promise<string | undefined>;

async function readJson(model: LocalCandidate, path: string): Promise<{ value: unknown } | { problem: string }> {
	const file = await model.files.file(path);
	if (!file) return { problem: `it has no ${path}` };
	if (!file.real) return { problem: `${path} is a sample placeholder, not the real file` };
	if (file.size > MAX_JSON_BYTES) return { problem: `${path} is larger than the local runtime reads` };
	try {
		return { value: JSON.parse(await model.files.text(path)) };
	} catch {
		return { problem: `${path} is not valid JSON` };
	}
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/** Tokenizer models transformers.js reads from tokenizer.json. */
const TOKENIZER_MODELS = ["BPE", "WordPiece", "Unigram"];
/** Tasks whose answers name the model's labels, so config.json must list them. */
const LABELLED_TASKS = new Set([
	"text-classification",
	"token-classification",
	"zero-shot-classification",
	"image-classification",
	"object-detection",
	"image-segmentation",
	"audio-classification",
]);

const PREPROCESSOR_PATH = "preprocessor_config.json";

/**
 * What transformers-engine.ts loads: ONNX weights (the task's layouts), config.json (id2label where labels are answered),
 * a tokenizer.json, or for images and audio a preprocessor_config.json (and for CLIP and speech both).
 */
const transformers =
	({
		task,
		media,
		needs,
		architecture,
		checkConfig,
		weights,
	}: Pick<TransformersTask<unknown>, "task" | "media" | "needs" | "architecture" | "checkConfig" | "weights">): Check =>
	async (model) => {
		const found = await findWeights(
			weightLayoutsOf({ weights }),
			async (path) => (await model.files.file(path)) !== undefined,
		);
		if ("problem" in found) return `it ${found.problem}`;
		for (const path of found.layout.paths) {
			const onnx = await model.files.file(path);
			if (!onnx?.real) return `${path} is a sample placeholder, not the real file`;
			if (onnx.size === 0 || onnx.size > MAX_WEIGHTS_BYTES) return `${path} is empty or larger than the runtime loads`;
		}
		const config = await readJson(model, "config.json");
		if ("problem" in config) return config.problem;
		if (task === "automatic-speech-recognition") {
			const preprocessor = await readJson(model, PREPROCESSOR_PATH);
			if ("problem" in preprocessor) return preprocessor.problem;
			return await ctcProblem(model, config.value, architecture);
		}
		// A task's own look at config.json says best what is wrong (a text generator given a T5).
		const configProblem = checkConfig?.(config.value);
		if (configProblem !== undefined) return configProblem;
		// As the engine does: a head named in config.json must be one that does the task.
		const architectures = isRecord(config.value) ? config.value.architectures : undefined;
		const named = Array.isArray(architectures) ? architectures.filter((name) => typeof name === "string") : [];
		if (architecture && named.length > 0 && !named.some((name) => architecture.test(name))) {
			return `it is a ${named.join(", ")}: it does not do ${task}`;
		}
		const id2label = isRecord(config.value) ? config.value.id2label : undefined;
		if (LABELLED_TASKS.has(task) && (!isRecord(id2label) || Object.keys(id2label).length === 0)) {
			return "config.json has no id2label";
		}
		// An image or audio model reads pixels or samples through its preprocessor, not text through a tokenizer.
		if (media) {
			const preprocessor = await readJson(model, PREPROCESSOR_PATH);
			if ("problem" in preprocessor) return preprocessor.problem;
			// transformers.js picks the image processor by these names, and loads none without one.
			const fields = isRecord(preprocessor.value) ? preprocessor.value : {};
			if (
				media === "image" &&
				!["image_processor_type", "feature_extractor_type", "processor_class"].some((key) => fields[key])
			) {
				return `${PREPROCESSOR_PATH} names no image_processor_type (or feature_extractor_type)`;
			}
			// CLIP-style models read the candidate labels as text as well.
			if (!needs?.includes("tokenizer.json")) return undefined;
		}
		if (task === "text-to-speech") return await vitsTokenizerProblem(model);
		const tokenizer = await readJson(model, "tokenizer.json");
		if ("problem" in tokenizer) return tokenizer.problem;
		const tokenizerModel = isRecord(tokenizer.value) ? tokenizer.value.model : undefined;
		const type = isRecord(tokenizerModel) ? tokenizerModel.type : undefined;
		if (typeof type !== "string" || !TOKENIZER_MODELS.includes(type)) {
			return `tokenizer.json has no tokenizer model transformers.js reads (${TOKENIZER_MODELS.join(", ")})`;
		}
		return undefined;
	};

/**
 * Speech recognition as transformers/audio-tasks.ts runs it: a CTC head (config.json's
 * architectures, when it names them, as the load checks), spelled by a tokenizer.json whose
 * decoder is CTC, and a tokenizer_config.json (without it transformers.js loads no tokenizer).
 */
async function ctcProblem(model: LocalCandidate, config: unknown, architecture?: RegExp): Promise<string | undefined> {
	const architectures = isRecord(config) && Array.isArray(config.architectures) ? config.architectures : [];
	const named = architectures.filter((name): name is string => typeof name === "string");
	if (architecture && named.length > 0 && !named.some((name) => architecture.test(name))) {
		return `it is a ${named.join(", ")}: the local runtime recognises speech with CTC models (…ForCTC) only`;
	}
	const tokenizer = await readJson(model, "tokenizer.json");
	if ("problem" in tokenizer) return tokenizer.problem;
	const decoder = isRecord(tokenizer.value) ? tokenizer.value.decoder : undefined;
	if (!isRecord(decoder) || decoder.type !== "CTC") return "tokenizer.json has no CTC decoder";
	const tokenizerConfig = await readJson(model, "tokenizer_config.json");
	return "problem" in tokenizerConfig ? tokenizerConfig.problem : undefined;
}

/**
 * Text to speech as transformers/speech-task.ts runs it (VITS): a tokenizer.json whose model
 * is a plain character vocabulary (no type: transformers.js reads it as is) or one of the
 * usual ones, and a tokenizer_config.json (without it transformers.js loads no tokenizer).
 */
async function vitsTokenizerProblem(model: LocalCandidate): Promise<string | undefined> {
	const tokenizer = await readJson(model, "tokenizer.json");
	if ("problem" in tokenizer) return tokenizer.problem;
	const tokenizerModel = isRecord(tokenizer.value) ? tokenizer.value.model : undefined;
	const type = isRecord(tokenizerModel) ? tokenizerModel.type : undefined;
	const plainVocabulary = type === undefined && isRecord(tokenizerModel) && isRecord(tokenizerModel.vocab);
	if (!plainVocabulary && !(typeof type === "string" && TOKENIZER_MODELS.includes(type))) {
		return "tokenizer.json has no vocabulary transformers.js reads (a plain one, or BPE, WordPiece, Unigram)";
	}
	const tokenizerConfig = await readJson(model, "tokenizer_config.json");
	return "problem" in tokenizerConfig ? tokenizerConfig.problem : undefined;
}

/** A check per task the runtime's engines serve (engine-host.ts registers the engines themselves). */
export const CHECKS: Readonly<Record<string, Check>> = {
	...Object.fromEntries(TRANSFORMERS_TASKS.map((spec) => [spec.task, transformers(spec)])),
};

/** Checks that claim a model by its files (as engine-host.ts's FIRST_CHOICES do), asked before CHECKS. */
const FIRST_CHECKS: Array<(model: LocalCandidate) => Promise<LocalCapability | undefined>> = [
	packagedTextCapability,
	packagedMediaCapability,
	// A .gguf file: chat and completion through llama.cpp (llama-capability.ts).
	ggufCapability,
];

export async function canRunLocally(model: LocalCandidate): Promise<LocalCapability> {
	for (const check of FIRST_CHECKS) {
		const verdict = await check(model);
		if (verdict) return verdict;
	}
	const task = model.pipelineTag;
	const check = task !== undefined && Object.hasOwn(CHECKS, task) ? CHECKS[task] : undefined;
	if (task === undefined || !check) {
		const tasks = Object.keys(CHECKS).join(", ");
		return {
			ok: false,
			reason: `Model ${model.id}: the local runtime runs ${tasks} models, not ${task ?? "models without a task"}`,
		};
	}
	const problem = await check(model);
	return problem === undefined ? { ok: true, task } : { ok: false, reason: `Model ${model.id}: ${problem}` };
}
