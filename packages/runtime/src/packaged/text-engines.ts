/**
 * The packaged text engines: models whose weights ship in npm packages
 * (text-packages.ts), one LocalEngine per task they serve. An engine takes a
 * model whose repository has a hubkit.json (manifest.ts) naming one of them.
 *   text-classification:  { inputs: string | string[], parameters?: { top_k? } } →
 *                         one list of { label, score } per input, best first
 *   token-classification: { inputs: string | string[] } → { entity_group, score, word, start, end }[]
 *                         for a string, one such list per input for an array
 *   zero-shot-classification: { inputs: string, parameters: { candidate_labels, multi_label?,
 *                         hypothesis_template? } } → [{ label, score }], best first
 *   text-ranking:         { query, texts } (or under `inputs`, or as { source_sentence, sentences }) → [{ index, score }], best
 *                         first (the reranking shape of text-embeddings-inference)
 */
import type { FileLookup, LocalEngine, ModelFiles } from "../engine.js";
import { RuntimeError } from "../errors.js";
import { MANIFEST_PATH, packageInstalled, parseManifest } from "./manifest.js";
import { type Entity, type PackagedModel, packagedModel, type Scored } from "./text-packages.js";

/** Inputs per call and characters in all: beyond them a request is refused rather than left to block a worker. */
const MAX_INPUTS = 64;
const MAX_INPUT_CHARACTERS = 1_000_000;

interface TextsRequest {
	texts: string[];
	/** A single string came in (token classification answers one flat list then). */
	single: boolean;
	topK: number | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

function parseTexts(body: unknown): TextsRequest {
	const fail = (message: string) => new RuntimeError("input", message);
	if (!isRecord(body)) throw fail("The request body must be a JSON object with `inputs`");
	const texts = typeof body.inputs === "string" ? [body.inputs] : body.inputs;
	if (!Array.isArray(texts) || texts.length === 0 || texts.some((text) => typeof text !== "string")) {
		throw fail("`inputs` must be a string or a non-empty array of strings");
	}
	if (texts.length > MAX_INPUTS) throw fail(`At most ${MAX_INPUTS} inputs per request`);
	if (texts.reduce((sum: number, text: string) => sum + text.length, 0) > MAX_INPUT_CHARACTERS) {
		throw fail(`The inputs are too long: at most ${MAX_INPUT_CHARACTERS} characters in all`);
	}
	const parameters = body.parameters ?? {};
	if (!isRecord(parameters)) throw fail("`parameters` must be an object");
	const topK = parameters.top_k ?? undefined;
	if (topK !== undefined && !(Number.isInteger(topK) && (topK as number) > 0)) {
		throw fail("`parameters.top_k` must be a positive integer");
	}
	return { texts: texts as string[], single: typeof body.inputs === "string", topK: topK as number | undefined };
}

/** The packaged model a repository's manifest names, when it is one of `task`'s; undefined for another engine's. */
async function definitionFor(files: FileLookup, task: PackagedModel["task"]): Promise<PackagedModel | undefined> {
	if (!(await files.has(MANIFEST_PATH))) return undefined;
	const manifest = parseManifest(await files.json(MANIFEST_PATH));
	if (typeof manifest === "string") throw new RuntimeError("unsupported", `Model ${files.model}: ${manifest}`);
	const definition = packagedModel(manifest.engine);
	return definition?.task === task ? definition : undefined;
}

/** Loads the packages the manifest's model runs on, or refuses by name when one is not installed. */
async function loadPackaged<Run>(
	files: ModelFiles,
	task: PackagedModel["task"],
	log: (message: string) => void,
): Promise<Run> {
	const definition = await definitionFor(files, task);
	if (!definition) {
		throw new RuntimeError("unsupported", `Model ${files.model}: ${MANIFEST_PATH} names no ${task} engine of this hub`);
	}
	const missing = definition.packages.filter((name) => !packageInstalled(name));
	if (missing.length > 0) {
		throw new RuntimeError(
			"unsupported",
			`Model ${files.model} needs the npm package ${missing.join(", ")}, which is not installed`,
		);
	}
	const run = await definition.load(files);
	log(`Local runtime: loaded ${files.model} (${definition.packages.join(", ")})`);
	return run as Run;
}

type Classify = (text: string) => Scored[];
type Tag = (text: string) => Entity[];
type ZeroShot = (text: string, labels: string[], multiLabel: boolean, template: string | undefined) => Scored[];

interface ZeroShotRequest {
	text: string;
	labels: string[];
	multiLabel: boolean;
	template: string | undefined;
}

/** `candidate_labels`: a list, or one string of comma-separated labels (as the widgets send them). */
function parseZeroShot(body: unknown): ZeroShotRequest {
	const fail = (message: string) => new RuntimeError("input", message);
	const { texts } = parseTexts(body);
	if (texts.length !== 1) throw fail("`inputs` must be one string");
	const parameters = (body as { parameters?: Record<string, unknown> }).parameters ?? {};
	const raw = parameters.candidate_labels;
	const labels = (typeof raw === "string" ? raw.split(",") : Array.isArray(raw) ? raw : [])
		.filter((label): label is string => typeof label === "string")
		.map((label) => label.trim())
		.filter((label) => label !== "");
	if (labels.length === 0 || labels.length > MAX_INPUTS) {
		throw fail(`\`parameters.candidate_labels\` must name 1 to ${MAX_INPUTS} labels`);
	}
	const multiLabel = parameters.multi_label ?? false;
	if (typeof multiLabel !== "boolean") throw fail("`parameters.multi_label` must be true or false");
	const template = parameters.hypothesis_template ?? undefined;
	if (template !== undefined && (typeof template !== "string" || !template.includes("{}"))) {
		throw fail("`parameters.hypothesis_template` must be a string with {} where the label goes");
	}
	return { text: texts[0] as string, labels, multiLabel, template: template as string | undefined };
}

export const packagedClassificationEngine: LocalEngine<Classify, TextsRequest> = {
	task: "text-classification",
	accepts: async (files) => (await definitionFor(files, "text-classification")) !== undefined,
	parseRequest: parseTexts,
	load: (files, log) => loadPackaged(files, "text-classification", log),
	async run(classify, request) {
		return request.texts.map((text) => {
			const ranked = classify(text).sort((a, b) => b.score - a.score);
			return request.topK === undefined ? ranked : ranked.slice(0, request.topK);
		});
	},
	async release() {},
};

export const packagedTokenEngine: LocalEngine<Tag, TextsRequest> = {
	task: "token-classification",
	accepts: async (files) => (await definitionFor(files, "token-classification")) !== undefined,
	parseRequest: parseTexts,
	load: (files, log) => loadPackaged(files, "token-classification", log),
	async run(tag, request) {
		const answers = request.texts.map((text) => tag(text));
		return request.single ? answers[0] : answers;
	},
	async release() {},
};

export const packagedZeroShotEngine: LocalEngine<ZeroShot, ZeroShotRequest> = {
	task: "zero-shot-classification",
	accepts: async (files) => (await definitionFor(files, "zero-shot-classification")) !== undefined,
	parseRequest: parseZeroShot,
	load: (files, log) => loadPackaged(files, "zero-shot-classification", log),
	async run(classify, request) {
		return classify(request.text, request.labels, request.multiLabel, request.template).sort(
			(a, b) => b.score - a.score,
		);
	},
	async release() {},
};

type Rank = (query: string, texts: string[]) => { index: number; score: number }[];

interface RankingRequest {
	query: string;
	texts: string[];
}

function parseRanking(body: unknown): RankingRequest {
	const fail = (message: string) => new RuntimeError("input", message);
	if (!isRecord(body)) throw fail("The request body must be a JSON object with `query` and `texts`");
	const fields = isRecord(body.inputs) ? body.inputs : body;
	// The task widget's shape too: { source_sentence, sentences }.
	const query = fields.query ?? fields.source_sentence;
	const texts = fields.texts ?? fields.sentences;
	if (typeof query !== "string" || query === "") throw fail("`query` must be a non-empty string");
	const { texts: list } = parseTexts({ inputs: texts });
	if (!Array.isArray(texts)) throw fail("`texts` must be a non-empty array of strings");
	return { query, texts: list };
}

export const packagedRankingEngine: LocalEngine<Rank, RankingRequest> = {
	task: "text-ranking",
	accepts: async (files) => (await definitionFor(files, "text-ranking")) !== undefined,
	parseRequest: parseRanking,
	load: (files, log) => loadPackaged(files, "text-ranking", log),
	async run(rank, request) {
		return rank(request.query, request.texts).sort((a, b) => b.score - a.score);
	},
	async release() {},
};

/** Asked before the task engines (local-engines.ts): they take only models whose hubkit.json names theirs. */
export const PACKAGED_TEXT_ENGINES = [
	packagedClassificationEngine,
	packagedTokenEngine,
	packagedZeroShotEngine,
	packagedRankingEngine,
];
