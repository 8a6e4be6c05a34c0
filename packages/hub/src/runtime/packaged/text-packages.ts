/**
 * The models whose weights ship in npm packages, by the engine name a
 * repository's hubkit.json gives. Each says which task it serves, its labels
 * (the repository's config.json id2label) and the packages it loads; `load`
 * imports them (inside a runtime worker, only when a model is called) and
 * returns the function that answers one text.
 */
import type { PipelineType } from "@hubkit/tasks";
import { compromiseEntities } from "./compromise-entities.js";
import { landeLanguage } from "./lande-language.js";
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

interface Packaged<Task extends PipelineType, Answer> {
	task: Task;
	/** The npm packages whose code and weights answer. */
	packages: string[];
	labels: readonly string[];
	load(): Promise<(text: string) => Answer>;
}

/** Scores for every label, in any order. */
export type PackagedClassifier = Packaged<"text-classification", Scored[]>;
/** The entities or tokens of a text, in text order. */
export type PackagedTagger = Packaged<"token-classification", Entity[]>;
export type PackagedModel = PackagedClassifier | PackagedTagger;

export const PACKAGED_MODELS: Readonly<Record<string, PackagedModel>> = {
	"wink-sentiment": winkSentiment,
	"lande-language": landeLanguage,
	"compromise-entities": compromiseEntities,
	"wink-part-of-speech": winkPartOfSpeech,
};

export function packagedModel(engine: string): PackagedModel | undefined {
	return Object.hasOwn(PACKAGED_MODELS, engine) ? PACKAGED_MODELS[engine] : undefined;
}
