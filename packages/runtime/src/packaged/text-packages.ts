/**
 * The models whose weights ship in npm packages, by the engine name a
 * repository's hubkit.json gives. Each says which task it serves, its labels
 * (the repository's config.json id2label) and the packages it loads; `load`
 * imports them (inside a runtime worker, only when a model is called) and
 * returns the function that answers one text.
 */
import type { PipelineType } from "@hubkit/tasks";
import type { ModelFiles } from "../engine.js";
import { compromiseEntities } from "./compromise-entities.js";
import { landeLanguage } from "./lande-language.js";
import { STATIC_RANKING_ENGINE, staticRanking } from "./static-ranking.js";
import { STATIC_ZERO_SHOT_ENGINE, staticZeroShot } from "./static-zero-shot.js";
import { winkPartOfSpeech } from "./wink-part-of-speech.js";
import { winkSentiment } from "./wink-sentiment.js";

export interface Scored {
	label: string;
	score: number;
}

/** One entity or token found in a text, as hf-inference's token classification answers it. */
export interface Entity {
	entity_group: string;
	score: number;
	word: string;
	start: number;
	end: number;
}

interface Packaged<Task extends PipelineType, Run> {
	task: Task;
	/** The npm packages whose code and weights answer. */
	packages: string[];
	labels: readonly string[];
	/** Files the repository must hold besides hubkit.json (real ones, not placeholders). */
	files?: readonly string[];
	/** `files` are the repository's, for a model whose weights were converted into it. */
	load(files: ModelFiles): Promise<Run>;
}

/** Scores for every label, in any order. */
export type PackagedClassifier = Packaged<"text-classification", (text: string) => Scored[]>;
/** The entities or tokens of a text, in text order. */
export type PackagedTagger = Packaged<"token-classification", (text: string) => Entity[]>;
/** Scores for each candidate label (independent ones with `multiLabel`), in any order. */
export type PackagedZeroShot = Packaged<
	"zero-shot-classification",
	(text: string, labels: string[], multiLabel: boolean, template: string | undefined) => Scored[]
>;
/** A score for each text by its relevance to the query, in the texts' order. */
export type PackagedRanker = Packaged<
	"text-ranking",
	(query: string, texts: string[]) => { index: number; score: number }[]
>;
export type PackagedModel = PackagedClassifier | PackagedTagger | PackagedZeroShot | PackagedRanker;

export const PACKAGED_MODELS: Readonly<Record<string, PackagedModel>> = {
	"wink-sentiment": winkSentiment,
	"lande-language": landeLanguage,
	"compromise-entities": compromiseEntities,
	"wink-part-of-speech": winkPartOfSpeech,
	[STATIC_ZERO_SHOT_ENGINE]: staticZeroShot,
	[STATIC_RANKING_ENGINE]: staticRanking,
};

export function packagedModel(engine: string): PackagedModel | undefined {
	return Object.hasOwn(PACKAGED_MODELS, engine) ? PACKAGED_MODELS[engine] : undefined;
}
