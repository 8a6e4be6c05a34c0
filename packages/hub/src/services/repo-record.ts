/**
 * The record follows the files: when `main` moves, a repository's row is
 * rewritten from what its files say. `README.md` front matter gives the card
 * data, task, library, tags and widget examples; `config.json` gives `config`
 * (and, when the card is silent, the task from its architectures and the
 * library from the files beside it); the weight files' headers give `safetensors`
 * and `gguf` (weights-metadata.ts), the card's `base_model` the model-tree tags
 * (model-tree.ts); sizes, parameter count and the local apps follow. Called inside the commit's transaction (commits.ts), so the files and
 * the record never disagree. A card that does not parse keeps the repository
 * usable: the record then has no card data, never a failed commit.
 */
import { PIPELINE_DATA, type PipelineType } from "@hubkit/tasks";
import type { Transaction } from "kysely";
import { parse as parseYaml } from "yaml";
import type { Database } from "../db/schema.js";
import { readStreamLimited } from "../lib/streams.js";
import type { BlobStore } from "../storage/blob-store.js";
import { localAppsOf, parameterCountOf } from "./model-derived.js";
import { baseModelRelation, baseModelTags } from "./model-tree.js";
import type { Repo } from "./repos.js";
import { AUTO_MODEL, defaultProcessor } from "./transformers-info.js";
import { readWeightsMetadata } from "./weights-metadata.js";

/** Larger cards and configs are stored without the parsed part (a config is never this big). */
const MAX_CARD_BYTES = 1024 * 1024;
const MAX_FRONT_MATTER_BYTES = 64 * 1024;
const MAX_CONFIG_BYTES = 256 * 1024;
const MAX_DESCRIPTION_CHARS = 500;

export interface RecordFile {
	path: string;
	blobSha256: string;
	size: number;
}

/** The task a transformers architecture's head does, by the end of its class name. */
const ARCHITECTURE_TASKS: [suffix: string, task: string][] = [
	["ForSequenceClassification", "text-classification"],
	["ForTokenClassification", "token-classification"],
	["ForQuestionAnswering", "question-answering"],
	["ForMaskedLM", "fill-mask"],
	["ForCausalLM", "text-generation"],
	["ForSeq2SeqLM", "text2text-generation"],
	["ForImageClassification", "image-classification"],
	["ForObjectDetection", "object-detection"],
	["ForSemanticSegmentation", "image-segmentation"],
	["ForCTC", "automatic-speech-recognition"],
	["ForSpeechSeq2Seq", "automatic-speech-recognition"],
	["ForAudioClassification", "audio-classification"],
	["ForZeroShotImageClassification", "zero-shot-image-classification"],
];

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as a list of non-empty strings (cards write `tags: x` and `tags: [x, y]` alike). */
function strings(value: unknown): string[] {
	const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
	return list
		.filter((item): item is string => typeof item === "string" && item.trim() !== "")
		.map((item) => item.trim());
}

/** The card's front matter as an object, and the text after it; no object when it is missing or not YAML. */
export function parseCard(text: string): { data: Json | undefined; body: string } {
	const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
	if (!match) return { data: undefined, body: text };
	const body = text.slice(match[0].length);
	const yaml = match[1] ?? "";
	if (Buffer.byteLength(yaml) > MAX_FRONT_MATTER_BYTES) return { data: undefined, body };
	try {
		// The core schema: plain data only, no tags that build objects; aliases bounded.
		// logLevel "error": an unknown tag stays a plain string without a process warning per commit.
		const data: unknown = parseYaml(yaml, {
			schema: "core",
			maxAliasCount: 100,
			prettyErrors: false,
			logLevel: "error",
		});
		return { data: isObject(data) ? data : undefined, body };
	} catch {
		return { data: undefined, body };
	}
}

/** The first paragraph of prose in a card body: no headings, HTML, images, tables, lists or code. */
export function firstParagraph(body: string): string | null {
	for (const block of body.split(/\r?\n\s*\r?\n/)) {
		const text = block.trim();
		if (text === "" || /^(#|<|!\[|\||```|~~~|[-*+] |>|\d+\. )/.test(text)) continue;
		const flat = text.replace(/\s+/g, " ");
		return flat.length > MAX_DESCRIPTION_CHARS ? `${flat.slice(0, MAX_DESCRIPTION_CHARS - 1)}…` : flat;
	}
	return null;
}

/** The task the config's architectures name, if the table knows it. */
export function taskOfConfig(config: unknown): string | undefined {
	const architectures = isObject(config) ? strings(config.architectures) : [];
	for (const architecture of architectures) {
		for (const [suffix, task] of ARCHITECTURE_TASKS) if (architecture.endsWith(suffix)) return task;
	}
	return undefined;
}

/** The library the files are laid out for, when the card does not say. */
export function libraryOfFiles(paths: readonly string[]): string | undefined {
	const hasConfig = paths.includes("config.json");
	if (hasConfig && paths.some((path) => path.startsWith("onnx/") && path.endsWith(".onnx"))) return "transformers.js";
	if (hasConfig && paths.some((path) => /\.(safetensors|bin)$/.test(path))) return "transformers";
	if (paths.some((path) => path.endsWith(".gguf"))) return "gguf";
	return undefined;
}

/** How transformers loads a model of this task (the Auto class and input processor), as the catalogue says it. */
function transformersInfoOf(task: string | null): string | null {
	if (task === null || !Object.hasOwn(PIPELINE_DATA, task)) return null;
	const pipeline = task as PipelineType;
	return JSON.stringify({
		auto_model: AUTO_MODEL[pipeline] ?? "AutoModel",
		pipeline_tag: pipeline,
		processor: defaultProcessor(pipeline),
	});
}

/** Tags from the file formats, as the seed catalogue gives them. */
function formatTags(paths: readonly string[]): string[] {
	const tags: string[] = [];
	if (paths.some((path) => path.endsWith(".safetensors"))) tags.push("safetensors");
	if (paths.some((path) => /\.(bin|pt|ckpt)$/.test(path))) tags.push("pytorch");
	if (paths.some((path) => path.endsWith(".h5"))) tags.push("tf");
	if (paths.some((path) => path.endsWith(".onnx"))) tags.push("onnx");
	if (paths.some((path) => path.endsWith(".gguf"))) tags.push("gguf");
	return tags;
}

/** Tags a model card states, in the catalogue's order: its tags, datasets, languages, base models, license. */
function cardTags(card: Json | undefined, paths: readonly string[]): string[] {
	if (!card) return [];
	const tags = strings(card.tags);
	for (const dataset of strings(card.datasets)) tags.push(`dataset:${dataset}`);
	tags.push(...strings(card.language));
	const bases = strings(card.base_model);
	tags.push(...baseModelTags(bases, baseModelRelation(card.base_model_relation, bases, paths)));
	for (const license of strings(card.license)) tags.push(`license:${license}`);
	return tags;
}

/**
 * A dataset card's metadata keys that become `key:value` tags, in the order huggingface.co
 * lists them (`task_categories:text-classification`, `language:en`); the seeded datasets
 * (seed/sample-datasets.ts) are tagged the same way, so lists and filters treat both alike.
 */
const DATASET_TAG_KEYS = ["task_categories", "task_ids", "language", "license", "size_categories"] as const;

/** A dataset's tags from its card: the prefixed metadata above, then the card's own `tags`. */
export function datasetTagsOf(card: Json | undefined): string[] {
	if (!card) return [];
	const tags = DATASET_TAG_KEYS.flatMap((key) => strings(card[key]).map((value) => `${key}:${value}`));
	return [...new Set([...tags, ...strings(card.tags)])];
}

async function readText(
	store: Pick<BlobStore, "read">,
	file: RecordFile | undefined,
	limit: number,
): Promise<string | undefined> {
	if (!file || file.size > limit) return undefined;
	const stream = await store.read(file.blobSha256);
	if (!stream) return undefined;
	const bytes = await readStreamLimited(stream, limit);
	return bytes === "too-large" ? undefined : new TextDecoder().decode(bytes);
}

function parsedConfig(text: string | undefined): Json | null {
	if (text === undefined) return null;
	try {
		const value: unknown = JSON.parse(text);
		return isObject(value) ? value : null;
	} catch {
		return null;
	}
}

/** Rewrites the repository's row (and its tag and app rows) from the files of its new `main` head. */
export async function writeRepoRecord(
	trx: Transaction<Database>,
	store: Pick<BlobStore, "read">,
	repo: Repo,
	files: readonly RecordFile[],
	sha: string,
	now: string,
): Promise<void> {
	const byPath = new Map(files.map((file) => [file.path, file]));
	const paths = files.map((file) => file.path);
	const mainSize = files.reduce((sum, file) => sum + file.size, 0);
	const cardText = await readText(store, byPath.get("README.md"), MAX_CARD_BYTES);
	const card = cardText === undefined ? { data: undefined, body: "" } : parseCard(cardText);
	const cardData = card.data;

	if (repo.type === "dataset") {
		const tags = datasetTagsOf(cardData);
		await trx
			.updateTable("datasets")
			.set({
				sha,
				last_modified: now,
				main_size: mainSize,
				card_data: cardData ? JSON.stringify(cardData) : null,
				tags: JSON.stringify(tags),
				description: firstParagraph(card.body),
			})
			.where("id", "=", repo.id)
			.execute();
		await trx.deleteFrom("dataset_tags").where("dataset_id", "=", repo.id).execute();
		if (tags.length > 0) {
			await trx
				.insertInto("dataset_tags")
				.values(tags.map((tag) => ({ dataset_id: repo.id, tag })))
				.execute();
		}
		return;
	}

	const config = parsedConfig(await readText(store, byPath.get("config.json"), MAX_CONFIG_BYTES));
	const statedTask = typeof cardData?.pipeline_tag === "string" ? cardData.pipeline_tag : undefined;
	const statedLibrary = typeof cardData?.library_name === "string" ? cardData.library_name : undefined;
	const libraryName = statedLibrary ?? libraryOfFiles(paths) ?? null;
	// A GGUF file is a language model's weights for llama.cpp (the runtime serves it for chat).
	const pipelineTag = statedTask ?? taskOfConfig(config) ?? (libraryName === "gguf" ? "text-generation" : null);
	const tags = [
		...new Set([
			...(libraryName ? [libraryName] : []),
			...formatTags(paths),
			...(pipelineTag ? [pipelineTag] : []),
			...cardTags(cardData, paths),
		]),
	];
	const widget = Array.isArray(cardData?.widget) ? cardData.widget.filter(isObject) : undefined;
	const weights = await readWeightsMetadata(store, files);
	await trx
		.updateTable("models")
		.set({
			sha,
			last_modified: now,
			main_size: mainSize,
			card_data: cardData ? JSON.stringify(cardData) : null,
			pipeline_tag: pipelineTag,
			library_name: libraryName,
			tags: JSON.stringify(tags),
			widget_data: widget && widget.length > 0 ? JSON.stringify(widget) : null,
			config: config ? JSON.stringify(config) : null,
			safetensors: weights.safetensors ? JSON.stringify(weights.safetensors) : null,
			gguf: weights.gguf ? JSON.stringify(weights.gguf) : null,
			num_parameters: weights.safetensors?.total ?? weights.gguf?.total ?? parameterCountOf(config),
			transformers_info: libraryName === "transformers" ? transformersInfoOf(pipelineTag) : null,
		})
		.where("id", "=", repo.id)
		.execute();
	await trx.deleteFrom("model_tags").where("model_id", "=", repo.id).execute();
	if (tags.length > 0) {
		await trx
			.insertInto("model_tags")
			.values(tags.map((tag) => ({ model_id: repo.id, tag })))
			.execute();
	}
	const apps = localAppsOf({
		id: repo.id,
		tags,
		pipeline_tag: pipelineTag,
		library_name: libraryName,
		// The local apps' rules read GGUF facts where the seed catalogue keeps them, under config.
		config: weights.gguf ? { ...config, gguf: weights.gguf } : config,
		cardData: cardData ?? null,
		paths,
	});
	await trx.deleteFrom("model_apps").where("model_id", "=", repo.id).execute();
	if (apps.length > 0) {
		await trx
			.insertInto("model_apps")
			.values(apps.map((app) => ({ model_id: repo.id, app })))
			.execute();
	}
}
